import { Address, beginCell, Cell } from "@ton/core";
import { toFriendlyAddress } from "chainkit/indexer";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { indexerOperations } from "../../generated/indexer/operations.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { createIndexerSurface, type IndexerSurface } from "../../src/sandbox/indexer/indexer-surface.js";
import type { LedgerAccount } from "../../src/sandbox/indexer/ledger/ledger-types.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";
import { indexerAnswerProblems } from "../support/indexer-contract.js";
import { walletTransferBoc } from "../support/ton-wallet-request.js";

const secrets = { token: "ton-tok-5c2e", username: "ton-user", password: "ton-pass-31" };
const basic = `Basic ${Buffer.from(`${secrets.username}:${secrets.password}`).toString("base64")}`;
const TWO_POW_53 = 2n ** 53n;

type Json = Record<string, unknown>;
type Action = Json & { action_id: string; trace_id: string; type: string };
interface Page {
  actions: Action[];
  address_book: Record<string, { user_friendly: string; domain: string | null }>;
}

let server: SurfaceServer;
let surface: IndexerSurface;
let everything: Action[];
beforeAll(async () => {
  const nodeAuth = new NodeAuthRegistry();
  nodeAuth.add(secrets);
  surface = await createIndexerSurface({ seed: 11, traces: 180 });
  server = await serveSurface({ name: "indexer", auth: "node", handler: surface.handler, nodeAuth });
  everything = (await get({ limit: 1000, sort: "asc" })).actions;
});
afterAll(() => server.close());

/** Calls the indexer over HTTP and checks the answer against the spec for its status. */
async function call(
  operation: keyof typeof indexerOperations,
  path: string,
  init: { query?: Record<string, string | number | string[]>; body?: unknown; mode?: "token" | "basic" } = {},
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(init.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const base = init.mode === "basic" ? `${server.url}${path}` : `${server.url}/${secrets.token}${path}`;
  const response = await fetch(`${base}?${search}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      ...(init.mode === "basic" && { authorization: basic }),
      ...(init.body !== undefined && { "content-type": "application/json" }),
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  const body = parseJson(text);
  expect(
    await indexerAnswerProblems(operation, response.status, body),
    `${path} ${response.status} ${text.slice(0, 200)}`,
  ).toEqual([]);
  return { status: response.status, text, body: body as Json };
}

async function get(query: Record<string, string | number>, mode: "token" | "basic" = "token"): Promise<Page> {
  const answer = await call("getActions", "/api/v3/actions", { query, mode });
  expect(answer.status).toBe(200);
  return answer.body as unknown as Page;
}

const endLt = (action: Action) => BigInt(action.end_lt as string | number);
const ids = (page: Page) => page.actions.map((action) => action.action_id);
const accountsOf = (kind: LedgerAccount["kind"]) =>
  [...surface.ledger.accounts.values()].filter(
    (account) => account.kind === kind && account.status === "active",
  );

describe("indexer surface: actions", () => {
  test("both shapes, several types, and logical times on both sides of 2^53", () => {
    expect(everything).toHaveLength(180);
    expect(everything.some((action) => "transactions" in action && "details" in action)).toBe(true);
    expect(everything.some((action) => "tx_hash" in action && "status" in action && "value" in action)).toBe(
      true,
    );
    expect(new Set(everything.map((action) => action.type)).size).toBeGreaterThanOrEqual(5);
    expect(everything.some((action) => endLt(action) < TWO_POW_53)).toBe(true);
    expect(everything.some((action) => endLt(action) > TWO_POW_53)).toBe(true);
  });

  test("the default page is the spec's: 10 actions, newest first", async () => {
    const page = await get({});
    expect(ids(page)).toEqual(
      everything
        .slice(-10)
        .reverse()
        .map((action) => action.action_id),
    );
  });

  test("an lt beyond 2^53 comes back exact, as a string upstream and an integer literal in the provider shape", async () => {
    const high = everything.filter((action) => endLt(action) > TWO_POW_53);
    const provider = high.find((action) => "tx_hash" in action) as Action;
    expect(
      (await call("getActions", "/api/v3/actions", { query: { action_id: provider.action_id } })).text,
    ).toContain(`"end_lt":${endLt(provider)}`);
    const upstream = high.find((action) => "transactions" in action) as Action;
    expect(
      (await call("getActions", "/api/v3/actions", { query: { action_id: upstream.action_id } })).text,
    ).toContain(`"end_lt":"${endLt(upstream)}"`);
  });

  test("limit/offset pages cover every action once, in order, both ways", async () => {
    for (const sort of ["asc", "desc"] as const) {
      const seen: Action[] = [];
      for (let offset = 0; ; offset += 17) {
        const page = await get({ limit: 17, offset, sort });
        seen.push(...page.actions);
        if (page.actions.length < 17) break;
      }
      const expected = sort === "asc" ? everything : [...everything].reverse();
      expect(seen.map((action) => action.action_id)).toEqual(expected.map((action) => action.action_id));
    }
  });

  test("filters: account in any form, ids, transaction hash (base64 and hex), lt, type in both namings, ranges", async () => {
    const [wallet] = accountsOf("wallet");
    const raw = (wallet as LedgerAccount).raw;
    const byRaw = await get({ account: raw, limit: 1000 });
    const expected = surface.ledger.actions.filter((action) => action.accounts.includes(raw));
    expect(byRaw.actions).toHaveLength(expected.length);
    expect(ids(await get({ account: toFriendlyAddress(raw, { bounceable: false }), limit: 1000 }))).toEqual(
      ids(byRaw),
    );
    expect(ids(await get({ account: raw.toLowerCase(), limit: 1000 }))).toEqual(ids(byRaw));

    const upstream = everything.filter((action) => Array.isArray(action.transactions));
    const target = upstream[upstream.length - 5] as Action;
    expect(ids(await get({ action_id: target.action_id }))).toEqual([target.action_id]);
    expect(ids(await get({ trace_id: target.trace_id }))).toEqual([target.action_id]);
    const tx = (target.transactions as string[])[1] as string;
    expect(ids(await get({ tx_hash: tx }))).toEqual([target.action_id]);
    expect(ids(await get({ tx_hash: Buffer.from(tx, "base64").toString("hex") }))).toEqual([
      target.action_id,
    ]);
    expect(ids(await get({ tx_lt: target.start_lt as string }))).toEqual([target.action_id]);

    const jettons = everything.filter(
      (action) => action.type === "jetton_transfer" || action.type === "JettonTransfer",
    );
    expect(jettons.some((action) => action.type === "JettonTransfer")).toBe(true);
    const snake = await get({ action_type: "jetton_transfer", limit: 1000 });
    expect(snake.actions).toHaveLength(jettons.length);
    expect(ids(await get({ action_type: "JettonTransfer", limit: 1000 }))).toEqual(ids(snake));

    const ends = upstream.map((action) => BigInt(action.trace_end_lt as string));
    const [low, high] = [ends[20] as bigint, ends[60] as bigint];
    const inRange = await get({
      start_lt: low.toString(),
      end_lt: high.toString(),
      limit: 1000,
      sort: "asc",
    });
    const upstreamIds = new Set(upstream.map((action) => action.action_id));
    expect(ids(inRange).filter((id) => upstreamIds.has(id))).toEqual(
      upstream.slice(20, 61).map((action) => action.action_id),
    );
  });

  test("every address on a page has an address-book entry with its user-friendly form, and nothing else does", async () => {
    const page = await get({ limit: 60, offset: 30 }, "basic");
    for (const [raw, entry] of Object.entries(page.address_book)) {
      const account = surface.ledger.accounts.get(raw);
      expect(entry.user_friendly).toBe(toFriendlyAddress(raw, { bounceable: account?.kind !== "wallet" }));
    }
    const shown = JSON.stringify(page.actions);
    for (const raw of Object.keys(page.address_book)) expect(shown).toContain(raw);
    expect(Object.values(page.address_book).some((entry) => entry.domain?.endsWith(".ton"))).toBe(true);
  });
});

describe("indexer surface: the service's error forms", () => {
  test("422 for a bad limit, sort, type or number, with the indexer's messages", async () => {
    const cases: [Record<string, string | number>, string | RegExp][] = [
      [{ limit: 1001 }, "limit is not allowed: 1001 > 1000"],
      [{ sort: "newest" }, "wrong value for sort parameter"],
      [{ action_type: "ton-transfer" }, "action_type contains invalid characters"],
      [{ start_utime: "yesterday" }, /^start_utime: /],
    ];
    for (const [query, error] of cases) {
      const answer = await call("getActions", "/api/v3/actions", { query });
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe(422);
      expect(answer.body.error).toMatch(error);
    }
  });

  test("404 for a masterchain block the ledger does not hold; 409 for a wallet that is not one", async () => {
    for (const [operation, path] of [
      ["getTransactions", "/api/v3/transactions"],
      ["getTraces", "/api/v3/traces"],
      ["getBlocks", "/api/v3/blocks"],
    ] as const) {
      const answer = await call(operation, path, { query: { mc_seqno: 5 } });
      expect(answer).toMatchObject({
        status: 404,
        body: { error: "masterchain block 5 not found", code: 404 },
      });
    }
    const [master] = accountsOf("jetton_master");
    const answer = await call("getWalletInformation", "/api/v3/walletInformation", {
      query: { address: master?.raw as string },
    });
    expect(answer).toMatchObject({ status: 409, body: { error: "not a wallet", code: 409 } });
  });

  test("401 with the indexer's body for a missing address or boc; 401 without credentials", async () => {
    expect((await call("getAddressInformation", "/api/v3/addressInformation")).body).toEqual({
      error: "address of account is required",
      code: 401,
    });
    expect(
      (await call("runGetMethod", "/api/v3/runGetMethod", { body: { method: "seqno" } })).body.error,
    ).toBe("address is required");
    expect((await call("sendMessage", "/api/v3/message", { body: {} })).body.error).toBe("boc is required");
    expect((await fetch(`${server.url}/api/v3/transactions`)).status).toBe(401);
    const bearer = await fetch(`${server.url}/api/v3/transactions`, {
      headers: { authorization: `Bearer ${secrets.token}` },
    });
    expect(bearer.status).toBe(401);
  });

  test("422 for conflicting or missing filters", async () => {
    const [wallet] = accountsOf("wallet");
    const traces = await call("getTraces", "/api/v3/traces", {
      query: { account: wallet?.raw as string, trace_id: everything[0]?.trace_id as string },
    });
    expect(traces.body.error).toBe("only one of account, trace_id, tx_hash, msg_hash should be specified");
    const byMessage = await call("getTransactionsByMessage", "/api/v3/transactionsByMessage");
    expect(byMessage.body.error).toBe("at least one of msg_hash, body_hash, opcode should be specified");
    const masters = accountsOf("jetton_master").map((master) => master.raw);
    const wallets = await call("getJettonWallets", "/api/v3/jetton/wallets", {
      query: { jetton_address: masters },
    });
    expect(wallets).toMatchObject({
      status: 422,
      body: { error: "exact one owner_address required for multiple jetton_address" },
    });
  });
});

describe("indexer surface: get-methods, fees and messages from the ledger's state", () => {
  const run = async (address: string, method: string, stack: { type: string; value: string }[] = []) => {
    const answer = await call("runGetMethod", "/api/v3/runGetMethod", { body: { address, method, stack } });
    expect(answer.status).toBe(200);
    return answer.body as { exit_code: number; stack: { type: string; value: string }[] };
  };
  // Get-methods write numbers as hex, with a leading minus for negatives ("-0x1").
  const numberOf = (entry: { value: string } | undefined) => {
    const text = entry?.value as string;
    return text.startsWith("-") ? -BigInt(text.slice(1)) : BigInt(text);
  };
  const addressOf = (entry: { value: string } | undefined) =>
    Cell.fromBase64(entry?.value as string)
      .beginParse()
      .loadAddress()
      .toRawString()
      .toUpperCase();

  test("a wallet's seqno and public key are its state's", async () => {
    for (const wallet of accountsOf("wallet").slice(0, 3)) {
      const seqno = await run(wallet.raw, "seqno");
      expect(BigInt(seqno.stack[0]?.value as string)).toBe(BigInt(wallet.wallet?.seqno as number));
      const key = await run(toFriendlyAddress(wallet.raw, { bounceable: false }), "get_public_key");
      expect(String(key.stack[0]?.value).replace("0x", "").padStart(64, "0")).toBe(
        Buffer.from(wallet.wallet?.publicKey as Uint8Array).toString("hex"),
      );
    }
  });

  test("jetton wallets and masters answer their balances, supply and addresses", async () => {
    const jettonWallet = accountsOf("jetton_wallet")[0] as LedgerAccount;
    const data = await run(jettonWallet.raw, "get_wallet_data");
    expect(numberOf(data.stack[0])).toBe(jettonWallet.jettonWallet?.balance);
    expect(addressOf(data.stack[1])).toBe(jettonWallet.jettonWallet?.owner);
    expect(addressOf(data.stack[2])).toBe(jettonWallet.jettonWallet?.master);

    const master = surface.ledger.accounts.get(jettonWallet.jettonWallet?.master as string) as LedgerAccount;
    const jetton = await run(master.raw, "get_jetton_data");
    expect(numberOf(jetton.stack[0])).toBe(master.jettonMaster?.totalSupply);
    expect(jetton.stack[1]?.value).toBe("-0x1");
    expect(addressOf(jetton.stack[2])).toBe(master.jettonMaster?.admin);

    const owner = beginCell()
      .storeAddress(Address.parse(jettonWallet.jettonWallet?.owner as string))
      .endCell();
    const walletAddress = await run(master.raw, "get_wallet_address", [
      { type: "slice", value: owner.toBoc().toString("base64") },
    ]);
    expect(addressOf(walletAddress.stack[0])).toBe(jettonWallet.raw);
    expect((await run(master.raw, "no_such_method")).exit_code).toBe(11);
  });

  test("a message sent to a wallet is processed in a new block: the head advances and the transfer is found", async () => {
    const [sender, receiver] = accountsOf("wallet");
    const wallet = sender as LedgerAccount;
    const to = receiver as LedgerAccount;
    const head = async () =>
      ((await call("getMasterchainInfo", "/api/v3/masterchainInfo")).body.last as { seqno: number }).seqno;
    const before = await head();
    const seqno = wallet.wallet?.seqno as number;
    const received = to.balance;
    const boc = walletTransferBoc({
      wallet: wallet.raw,
      walletId: wallet.wallet?.walletId as number,
      seqno,
      to: to.raw,
      value: 1_000_000_000n,
      comment: "hello",
    });
    const answer = await call("sendMessage", "/api/v3/message", { body: { boc } });
    expect(answer.status).toBe(200);
    expect(answer.body.message_hash).toBe(Cell.fromBase64(boc).hash().toString("base64"));
    expect(await head()).toBe(before + 1);

    const found = await call("getTransactionsByMessage", "/api/v3/transactionsByMessage", {
      query: { msg_hash: answer.body.message_hash_norm as string },
    });
    const [transaction] = found.body.transactions as Json[];
    expect(transaction?.account).toBe(wallet.raw);
    expect(((transaction as Json).out_msgs as Json[])[0]).toMatchObject({
      destination: to.raw,
      value: "1000000000",
    });
    expect(to.balance).toBeGreaterThan(received);
    const states = await call("getWalletStates", "/api/v3/walletStates", { query: { address: wallet.raw } });
    expect((states.body.wallets as Json[])[0]?.seqno).toBe(seqno + 1);

    // The same request again: the wallet's seqno has moved on, so the network refuses it.
    const again = await call("sendMessage", "/api/v3/message", { body: { boc } });
    expect(again.status).toBe(500);
    expect(again.body.error).toMatch(/External message was not accepted .*wrong seqno/);
    expect(await head()).toBe(before + 1);
    const garbage = await call("sendMessage", "/api/v3/message", {
      body: { boc: "te6cckEBAQEAAgAAAEysuc0=" },
    });
    expect(garbage.status).toBe(422);
  });

  test("a fee estimate prices the message in and a wallet's gas", async () => {
    const [wallet] = accountsOf("wallet");
    const body = beginCell().storeUint(0, 32).storeStringTail("hi").endCell().toBoc().toString("base64");
    const answer = await call("estimateFee", "/api/v3/estimateFee", { body: { address: wallet?.raw, body } });
    expect(answer.body.source_fees).toMatchObject({ in_fwd_fee: 400000, gas_fee: 1323200, fwd_fee: 0 });
  });
});
