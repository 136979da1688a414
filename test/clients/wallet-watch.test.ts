import { createWalletClient, type Payment, privateKeySigner, type WalletClient } from "chainkit/wallet";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWalletNode, type WalletNode } from "../support/wallet-node.js";

// The payment watcher against payments tronweb builds, signs and sends (code nobody here wrote):
// each seen once, in block order, across a pause of many blocks.
let node: WalletNode;
let wallet: WalletClient;
let tronWeb: TronWeb;
beforeAll(async () => {
  node = await startWalletNode();
  wallet = createWalletClient({ url: node.url, credentials: { token: node.token } });
  tronWeb = new TronWeb({ fullHost: `${node.url}/${node.token}` });
});
afterAll(() => node.close());

const first = privateKeySigner("d4".repeat(32)).address;
const second = privateKeySigner("e5".repeat(32)).address;
const stranger = privateKeySigner("f6".repeat(32)).address;

interface Sent {
  txID: string;
  kind: Payment["kind"];
  to: string;
  amount: bigint;
  block: bigint;
}

describe("watchPayments against tronweb's payments", () => {
  it("sees every TRX, TRC-10 and TRC-20 payment to the watched addresses once, in block order, after a pause of many blocks", async () => {
    const key = node.surface.demo.privateKey;
    const token = await tronWeb.contract().at(node.surface.trc20Address);
    let block = (await wallet.getNowBlock()).block_header.raw_data.number ?? 0n;
    const sent: Sent[] = [];
    /** One payment by tronweb, and the block that holds it. */
    const pay = async (kind: Payment["kind"], to: string, amount: number) => {
      let txID: string;
      if (kind === "TRX")
        txID = (await tronWeb.trx.sendTransaction(to, amount, { privateKey: key })).transaction.txID;
      else if (kind === "TRC10") {
        txID = (await tronWeb.trx.sendToken(to, amount, "1005416", { privateKey: key })).transaction.txID;
      } else txID = await token.transfer(to, amount).send({ feeLimit: 100_000_000 }, key);
      if (to !== stranger) sent.push({ txID, kind, to, amount: BigInt(amount), block: block + 1n });
    };
    const produce = () => {
      node.surface.produceBlock();
      block += 1n;
    };

    const controller = new AbortController();
    const payments = wallet.watchPayments({
      addresses: [first, second],
      confirmed: true,
      fromBlock: block + 1n,
      pollIntervalMs: 5,
      signal: controller.signal,
    });
    await pay("TRX", first, 1_000_001);
    produce();
    produce(); // solidifies the block before
    const opening = await payments.next();
    expect(opening.value).toMatchObject({ kind: "TRX", to: first, amount: 1_000_001n, txID: sent[0]?.txID });

    // The consumer pauses while twelve blocks go by, each with payments to watched and other addresses.
    const kinds: Payment["kind"][] = ["TRX", "TRC10", "TRC20"];
    for (let round = 0; round < 12; round += 1) {
      await pay(kinds[round % 3] as Payment["kind"], round % 2 ? first : second, 2_000 + round);
      await pay("TRX", stranger, 1_000_000 + round);
      if (round % 4 === 0) await pay("TRC20", first, 50 + round); // two payments in one block
      produce();
    }
    produce();

    const seen: Payment[] = [opening.value as Payment];
    while (seen.length < sent.length) {
      const next = await payments.next();
      if (next.done) break;
      seen.push(next.value);
    }
    expect(seen.map((payment) => payment.txID)).toEqual(sent.map((payment) => payment.txID));
    expect(new Set(seen.map((payment) => payment.txID)).size).toBe(sent.length);
    seen.forEach((payment, index) => {
      const asked = sent[index] as Sent;
      expect(payment).toMatchObject({
        kind: asked.kind,
        to: asked.to,
        amount: asked.amount,
        blockNumber: asked.block,
      });
      expect(payment.from).toBe(node.surface.demo.address);
    });
    expect(seen.find((payment) => payment.kind === "TRC10")?.asset).toBe("1005416");
    expect(seen.find((payment) => payment.kind === "TRC20")?.asset).toBe(node.surface.trc20Address);

    // Nothing more to the watched addresses: a payment elsewhere yields nothing, and abort ends the watch.
    await pay("TRX", stranger, 3_000_000);
    produce();
    produce();
    setTimeout(() => controller.abort(), 50);
    expect(await payments.next()).toEqual({ done: true, value: undefined });
  });

  it("filters by asset and stops on break", async () => {
    const key = node.surface.demo.privateKey;
    const start = ((await wallet.getNowBlock()).block_header.raw_data.number ?? 0n) + 1n;
    await tronWeb.trx.sendTransaction(first, 5_000, { privateKey: key });
    const { transaction } = await tronWeb.trx.sendToken(first, 7, "1005416", { privateKey: key });
    node.surface.produceBlock();
    const seen: Payment[] = [];
    for await (const payment of wallet.watchPayments({
      addresses: [first],
      assets: ["1005416"],
      fromBlock: start,
      pollIntervalMs: 5,
    })) {
      seen.push(payment);
      break;
    }
    expect(seen).toEqual([
      expect.objectContaining({ kind: "TRC10", asset: "1005416", amount: 7n, txID: transaction.txID }),
    ]);
  });
});

describe("the sandbox's timed payments", () => {
  it("pays the given addresses TRX, TRC-10 and TRC-20 in turn on every timed block, and the watcher sees them", async () => {
    const timed = await startWalletNode({ blockIntervalMs: 20, paymentsTo: [second] });
    try {
      const client = createWalletClient({ url: timed.url, credentials: { token: timed.token } });
      const controller = new AbortController();
      const seen: Payment[] = [];
      for await (const payment of client.watchPayments({
        addresses: [second],
        fromBlock: 0,
        pollIntervalMs: 10,
        signal: controller.signal,
      })) {
        seen.push(payment);
        if (seen.length === 6) break;
      }
      expect(seen.map((payment) => payment.kind)).toEqual(["TRX", "TRC10", "TRC20", "TRX", "TRC10", "TRC20"]);
      const blocks = seen.map((payment) => payment.blockNumber);
      expect([...blocks].sort((a, b) => (a < b ? -1 : 1))).toEqual(blocks);
      expect(new Set(blocks).size).toBe(6);
    } finally {
      await timed.close();
    }
  });
});
