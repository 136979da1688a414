import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { createIndexerClient } from "chainkit/indexer";
import { RequestValidationError, ResponseValidationError } from "chainkit/platform";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { TOKEN } from "./support/clients.js";

/**
 * Each wide integer field is held to the width its spec's `format` names: `int64` to 64 bits on
 * every surface (no client option widens it), a jetton amount (`uint120`) to 120.
 */
const INT64 = "must be an integer from -2^63 to 2^63 - 1 (int64)";
const UINT120 = "must be an unsigned integer below 2^120";
const ADDRESS = "0:0000000000000000000000000000000000000000000000000000000000000001";
const BTT = `{"owner_address":"4137fa1a56eb8c503624701d776d95f6dae1d9f0d6","name":"426974546f7272656e74","abbr":"425454","total_supply":SUPPLY,"trx_num":1,"precision":6,"num":1,"start_time":1548000000000,"end_time":1548000001000,"description":"4f","url":"77","id":"1002000"}`;

let server: HostileServer;
let answer = "{}";

beforeAll(async () => {
  server = await startHostileServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end(answer);
  });
});
afterAll(() => server.close());

const wallet = () => createWalletClient({ url: server.url, credentials: { token: TOKEN }, retry: false });
const indexer = () => createIndexerClient({ url: server.url, credentials: { token: TOKEN }, retry: false });

/** Runs `call`: what it returned or threw, and how many requests reached the server. */
async function outcome(call: () => Promise<unknown>) {
  const before = server.requests.length;
  try {
    return { value: await call(), error: undefined, sent: server.requests.length - before };
  } catch (error) {
    return { value: undefined, error, sent: server.requests.length - before };
  }
}

function jettonWallets(balance: string): string {
  const wallet = { address: ADDRESS, balance, owner: ADDRESS, jetton: ADDRESS, last_transaction_lt: "1" };
  return JSON.stringify({ jetton_wallets: [wallet], address_book: {} });
}

describe("2^64 in an int64 field is refused, worded, on every surface that has int64 fields", () => {
  it("wallet: a transfer amount, before anything is sent; a token supply in an answer", async () => {
    const sending = await outcome(() =>
      wallet().createTransaction({
        owner_address: "41dd791d6b49e190062d650e6a23c575510d35f2f9",
        to_address: "4192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a",
        amount: 2n ** 64n,
        visible: false,
      }),
    );
    expect(sending.error).toBeInstanceOf(RequestValidationError);
    expect((sending.error as RequestValidationError).issues).toEqual([
      { pointer: "/body/amount", message: INT64 },
    ]);
    expect(sending.sent).toBe(0);

    answer = BTT.replace("SUPPLY", `"${2n ** 64n}"`);
    const reading = await outcome(() => wallet().getAssetIssueById({ value: "1002000", visible: false }));
    expect(reading.error).toBeInstanceOf(ResponseValidationError);
    expect((reading.error as ResponseValidationError).issues).toEqual([
      { pointer: "/total_supply", message: INT64 },
    ]);
  });

  it("indexer: a logical time in a query, before anything is sent; one in an answer", async () => {
    const sending = await outcome(() => indexer().getActions({ start_lt: 2n ** 64n }));
    expect(sending.error).toBeInstanceOf(RequestValidationError);
    expect((sending.error as RequestValidationError).issues).toEqual([
      { pointer: "/query/start_lt", message: INT64 },
    ]);
    expect(sending.sent).toBe(0);

    answer = jettonWallets("5").replace('"last_transaction_lt":"1"', `"last_transaction_lt":"${2n ** 64n}"`);
    const reading = await outcome(() => indexer().getJettonWallets({ owner_address: [ADDRESS] }));
    expect(reading.error).toBeInstanceOf(ResponseValidationError);
    expect((reading.error as ResponseValidationError).issues).toEqual([
      { pointer: "/jetton_wallets/0/last_transaction_lt", message: INT64 },
    ]);
  });

  it("only operations with a wide integer field hold a width check (exchange and evm have none; platform the faucet's wei)", async () => {
    const withWidth: string[] = [];
    for (const surface of ["platform", "exchange", "evm"]) {
      const folder = join(import.meta.dirname, "../../generated", surface, "validators");
      for (const name of (await readdir(folder)).filter((file) => file.endsWith(".js"))) {
        if ((await readFile(join(folder, name), "utf8")).includes("integerFormat"))
          withWidth.push(`${surface}/${name}`);
      }
    }
    // Operations share packs: the one pack holding a width check is the faucet's.
    expect(withWidth).toHaveLength(1);
    const [pack] = withWidth;
    const module = (await import(
      join(import.meta.dirname, "../../generated", (pack as string).replace("/", "/validators/"))
    )) as Record<string, unknown>;
    expect(pack?.startsWith("platform/")).toBe(true);
    expect(module.requestSepoliaFaucet).toBeDefined();
  });
});

describe("a jetton amount is held to its own width, 120 bits", () => {
  it("takes 2^100 exactly, and 2^64 - 1 and 2^120 - 1", async () => {
    for (const balance of [2n ** 100n, 2n ** 64n - 1n, 2n ** 120n - 1n]) {
      answer = jettonWallets(String(balance));
      const page = await indexer().getJettonWallets({ owner_address: [ADDRESS] });
      expect(page.jetton_wallets[0]?.balance).toBe(balance);
    }
  });

  it("refuses 2^120 and a negative amount, in words", async () => {
    for (const balance of [String(2n ** 120n), "-1"]) {
      answer = jettonWallets(balance);
      const { error } = await outcome(() => indexer().getJettonWallets({ owner_address: [ADDRESS] }));
      expect(error, balance).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues, balance).toContainEqual({
        pointer: "/jetton_wallets/0/balance",
        message: UINT120,
      });
    }
  });
});
