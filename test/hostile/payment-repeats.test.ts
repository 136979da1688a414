import { createWalletClient, type Payment, privateKeySigner } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { TOKEN } from "./support/clients.js";

/**
 * Issue 42, item 12: a TRON node that lists a payment's transaction again in the next block (and
 * twice in one block). The watcher yielded it each time: a shop would count the payment twice.
 */

const payee = privateKeySigner("d4".repeat(32)).address;
const payer = privateKeySigner("e5".repeat(32)).address;
const HEAD = 103;

const blockId = (num: number) => num.toString(16).padStart(64, "0");
const transfer = (txID: string, amount: number) => ({
  txID,
  ret: [{ contractRet: "SUCCESS" }],
  raw_data: {
    contract: [
      {
        type: "TransferContract",
        parameter: {
          type_url: "type.googleapis.com/protocol.TransferContract",
          value: { owner_address: payer, to_address: payee, amount },
        },
      },
    ],
  },
});
const paid = transfer("a1".repeat(32), 1_000_000);
const other = transfer("b2".repeat(32), 2_000_000);
const last = transfer("c3".repeat(32), 3_000_000);
/** Block 101 pays once; 102 lists that payment again beside a new one; 103 lists its own twice. */
const TRANSACTIONS: Record<number, unknown[]> = {
  101: [paid],
  102: [paid, other],
  103: [last, last],
};
const block = (num: number) => ({
  blockID: blockId(num),
  block_header: {
    raw_data: { number: num, parentHash: blockId(num - 1), timestamp: 1_700_000_000_000 + num * 3000 },
  },
  transactions: TRANSACTIONS[num] ?? [],
});

let server: HostileServer;

beforeAll(async () => {
  server = await startHostileServer((request, response) => {
    let body: unknown = {};
    if (request.url.includes("/wallet/getnowblock")) body = block(HEAD);
    else if (request.url.includes("/wallet/getblockbynum")) {
      const num = Number((JSON.parse(request.text) as { num: unknown }).num);
      body = num <= HEAD ? block(num) : {};
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
});
afterAll(() => server.close());

describe("item 12: a transaction listed again", () => {
  it("yields each payment once, in the next block or the same one", async () => {
    const wallet = createWalletClient({ url: server.url, credentials: { token: TOKEN }, retry: false });
    const controller = new AbortController();
    const seen: Pick<Payment, "txID" | "amount" | "blockNumber">[] = [];
    for await (const payment of wallet.watchPayments({
      addresses: [payee],
      fromBlock: 101,
      pollIntervalMs: 20,
      signal: controller.signal,
    })) {
      seen.push({ txID: payment.txID, amount: payment.amount, blockNumber: payment.blockNumber });
      if (payment.blockNumber === BigInt(HEAD)) setTimeout(() => controller.abort(), 100);
    }
    expect(seen).toEqual([
      { txID: paid.txID, amount: 1_000_000n, blockNumber: 101n },
      { txID: other.txID, amount: 2_000_000n, blockNumber: 102n },
      { txID: last.txID, amount: 3_000_000n, blockNumber: 103n },
    ]);
  });
});
