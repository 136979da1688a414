import { Address, beginCell, Cell } from "@ton/core";
import {
  createIndexerClient,
  HttpError,
  type IndexerClient,
  indexerOperations,
  RequestValidationError,
  toFriendlyAddress,
  userFriendlyAddress,
} from "chainkit/indexer";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { createIndexerSurface, type IndexerSurface } from "../../src/sandbox/indexer/indexer-surface.js";
import type { LedgerAccount } from "../../src/sandbox/indexer/ledger/ledger-types.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";
import { walletTransferBoc } from "../support/ton-wallet-request.js";

const secrets = { token: "indexer-sandbox-tok-77", username: "idx-user", password: "idx-pass-9f" };

let server: SurfaceServer;
let surface: IndexerSurface;
let token: IndexerClient;
let basic: IndexerClient;
beforeAll(async () => {
  const nodeAuth = new NodeAuthRegistry();
  nodeAuth.add(secrets);
  surface = await createIndexerSurface({ seed: 5 });
  server = await serveSurface({ name: "indexer", auth: "node", handler: surface.handler, nodeAuth });
  token = createIndexerClient({ url: server.url, credentials: { token: secrets.token } });
  basic = createIndexerClient({
    url: server.url,
    credentials: { username: secrets.username, password: secrets.password },
  });
});
afterAll(() => server.close());

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

const accounts = (kind: LedgerAccount["kind"]) =>
  [...surface.ledger.accounts.values()].filter(
    (account) => account.kind === kind && account.status === "active",
  );
/** A wallet with jettons of both masters, NFTs passing through, and a long history. */
function busyWallet(): LedgerAccount {
  const wallets = accounts("wallet").filter((wallet) => wallet.domain !== "treasury.ton");
  const history = (raw: string) =>
    surface.ledger.transactions.filter((transaction) => transaction.account === raw).length;
  return wallets.sort((a, b) => history(b.raw) - history(a.raw))[0] as LedgerAccount;
}
const friendly = (account: LedgerAccount) =>
  toFriendlyAddress(account.raw, { bounceable: account.kind !== "wallet" });
/** A get-method's hex number (`0x11`, `-0x1`). */
const hexNumber = (text: string) => (text.startsWith("-") ? -BigInt(text.slice(1)) : BigInt(text));
const cellAddress = (boc: string) =>
  Cell.fromBase64(boc).beginParse().loadAddress().toRawString().toUpperCase();

describe("every endpoint over HTTP, in token and in basic mode", () => {
  test.each(["token", "basic"] as const)("%s mode", async (mode) => {
    const client = mode === "token" ? token : basic;
    const called = new Set<string>();
    const use = <T>(operation: keyof typeof indexerOperations, result: Promise<T>) => {
      called.add(operation);
      return result;
    };
    const wallet = busyWallet();
    const [master] = accounts("jetton_master");
    const [item] = accounts("nft_item");
    const [jettonWallet] = accounts("jetton_wallet");
    const ledgerTransaction = surface.ledger.transactions[100];
    const address = friendly(wallet);

    const { transactions, address_book } = await use(
      "getTransactions",
      client.getTransactions({ account: address, limit: 5 }),
    );
    expect(transactions).toHaveLength(5);
    expect(transactions.every((transaction) => typeof transaction.lt === "bigint")).toBe(true);
    expect(userFriendlyAddress(address_book, wallet.raw)).toBe(
      toFriendlyAddress(wallet.raw, { bounceable: false }),
    );

    const processed = ledgerTransaction?.inMessage.hash as string;
    const byMessage = await use(
      "getTransactionsByMessage",
      client.getTransactionsByMessage({ msg_hash: processed, direction: "in" }),
    );
    expect(byMessage.transactions.map((transaction) => transaction.hash)).toEqual([ledgerTransaction?.hash]);
    const adjacent = await use(
      "getAdjacentTransactions",
      client.getAdjacentTransactions({ hash: ledgerTransaction?.hash as string }),
    );
    expect(adjacent.transactions.length).toBeGreaterThan(0);
    const messages = await use("getMessages", client.getMessages({ destination: address, limit: 3 }));
    expect(messages.messages.every((message) => message.destination === wallet.raw)).toBe(true);
    const traces = await use(
      "getTraces",
      client.getTraces({ account: address, limit: 2, include_actions: true }),
    );
    expect(traces.traces[0]?.actions?.length).toBe(1);
    const actions = await use("getActions", client.getActions({ account: address }));
    expect(actions.actions).toHaveLength(10);

    const states = await use(
      "getAccountStates",
      client.getAccountStates({ address: [address, master?.raw as string] }),
    );
    expect(states.accounts.map((state) => state.balance)).toEqual([wallet.balance, master?.balance]);
    const wallets = await use("getWalletStates", client.getWalletStates({ address }));
    expect(wallets.wallets[0]).toMatchObject({ is_wallet: true, seqno: wallet.wallet?.seqno });
    const information = await use("getAddressInformation", client.getAddressInformation({ address }));
    expect(information).toMatchObject({ balance: wallet.balance, status: "active" });
    const walletInformation = await use("getWalletInformation", client.getWalletInformation({ address }));
    expect(walletInformation.seqno).toBe(wallet.wallet?.seqno);
    const book = await use("getAddressBook", client.getAddressBook({ address }));
    expect(book[wallet.raw]?.domain).toBe(wallet.domain);
    const metadata = await use("getMetadata", client.getMetadata({ address: master?.raw as string }));
    expect(metadata[master?.raw as string]?.token_info?.[0]?.symbol).toBe(master?.jettonMaster?.symbol);

    const masters = await use("getJettonMasters", client.getJettonMasters({}));
    expect(masters.jetton_masters.map((m) => m.total_supply)).toEqual(
      accounts("jetton_master").map((m) => m.jettonMaster?.totalSupply),
    );
    const jettonWallets = await use("getJettonWallets", client.getJettonWallets({ owner_address: address }));
    expect(jettonWallets.jetton_wallets.every((w) => w.owner === wallet.raw)).toBe(true);
    const transfers = await use(
      "getJettonTransfers",
      client.getJettonTransfers({ owner_address: address, limit: 3 }),
    );
    expect(transfers.jetton_transfers.length).toBeGreaterThan(0);
    const burns = await use("getJettonBurns", client.getJettonBurns({ limit: 3 }));
    expect(typeof burns.jetton_burns[0]?.amount).toBe("bigint");
    const collections = await use("getNftCollections", client.getNftCollections({}));
    expect(collections.nft_collections).toHaveLength(1);
    const items = await use("getNftItems", client.getNftItems({ address: item?.raw as string }));
    expect(items.nft_items[0]?.owner_address).toBe(item?.nftItem?.owner);
    const nftTransfers = await use("getNftTransfers", client.getNftTransfers({ limit: 3 }));
    expect(nftTransfers.nft_transfers.length).toBeGreaterThan(0);

    const head = await use("getMasterchainInfo", client.getMasterchainInfo());
    expect(head.last.seqno).toBeGreaterThan(head.first.seqno);
    const blocks = await use("getBlocks", client.getBlocks({ workchain: -1, limit: 2 }));
    expect(blocks.blocks[0]?.seqno).toBe(head.last.seqno);

    const seqno = await use("runGetMethod", client.runGetMethod({ address, method: "seqno" }));
    expect(hexNumber(seqno.stack[0]?.value as string)).toBe(BigInt(wallet.wallet?.seqno as number));
    const owner = beginCell()
      .storeAddress(Address.parse(jettonWallet?.jettonWallet?.owner as string))
      .endCell();
    const derived = await client.runGetMethod({
      address: jettonWallet?.jettonWallet?.master as string,
      method: "get_wallet_address",
      stack: [{ type: "slice", value: owner.toBoc().toString("base64") }],
    });
    expect(cellAddress(derived.stack[0]?.value as string)).toBe(jettonWallet?.raw);
    const comment = beginCell()
      .storeUint(0, 32)
      .storeStringTail("hello")
      .endCell()
      .toBoc()
      .toString("base64");
    const fees = await use("estimateFee", client.estimateFee({ address, body: comment }));
    expect(fees.source_fees).toMatchObject({ in_fwd_fee: 400000n, gas_fee: 1323200n });
    const [receiver] = accounts("wallet").filter((other) => other !== wallet);
    const boc = walletTransferBoc({
      wallet: wallet.raw,
      walletId: wallet.wallet?.walletId as number,
      seqno: wallet.wallet?.seqno as number,
      to: receiver?.raw as string,
      value: 2_000_000_000n,
    });
    const sent = await use("sendMessage", client.sendMessage({ boc }));
    const [transfer] = (await client.getTransactionsByMessage({ msg_hash: sent.message_hash_norm as string }))
      .transactions;
    expect(transfer?.out_msgs[0]?.value).toBe(2_000_000_000n);

    expect([...called].sort()).toEqual(Object.keys(indexerOperations).sort());
  });

  test("the service's error forms arrive as typed errors", async () => {
    const [master] = accounts("jetton_master");
    const notAWallet = await token
      .getWalletInformation({ address: master?.raw as string })
      .catch((e: unknown) => e);
    expect(notAWallet).toBeInstanceOf(HttpError);
    expect((notAWallet as HttpError).status).toBe(409);
    const missingBlock = await token.getBlocks({ mc_seqno: 1 }).catch((e: unknown) => e);
    expect((missingBlock as HttpError).status).toBe(404);
    expect((missingBlock as HttpError).serviceMessage).toBe("masterchain block 1 not found");
    const conflicting = await token
      .getTraces({ account: master?.raw as string, tx_hash: `${"A".repeat(43)}=` })
      .catch((e: unknown) => e);
    expect((conflicting as HttpError).status).toBe(422);
    const badBody = await token.sendMessage({ boc: "te6cckEBAQEAAgAAAEysuc0=" }).catch((e: unknown) => e);
    expect((badBody as HttpError).status).toBe(422);
    const refused = await token.getTransactions({ limit: 1001 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestValidationError);
  });
});

describe("paging a list of several thousand", () => {
  test("every transaction of the ledger, newest first, in pages of 1000, with exact values", async () => {
    const client = createIndexerClient({ url: server.url, credentials: { token: secrets.token } });
    const all = await collect(client.transactions());
    const ledger = [...surface.ledger.transactions].reverse();
    expect(ledger.length).toBeGreaterThan(3000);
    expect(all).toHaveLength(ledger.length);
    expect(client.usage().requests).toBe(
      Math.ceil(ledger.length / 1000) + (ledger.length % 1000 === 0 ? 1 : 0),
    );
    all.forEach((transaction, index) => {
      const expected = ledger[index];
      expect(transaction.hash).toBe(expected?.hash);
      expect(transaction.lt).toBe(expected?.lt);
      expect(transaction.total_fees).toBe(expected?.totalFees);
      expect(transaction.account_state_after?.balance).toBe(expected?.after.balance);
      expect(transaction.in_msg?.value ?? null).toBe(expected?.inMessage.value);
    });
    // Logical times cross 2^53: only a lossless reader gets both sides right.
    expect(all.some((transaction) => transaction.lt > 2n ** 53n)).toBe(true);
    expect(all.some((transaction) => transaction.lt < 2n ** 53n)).toBe(true);
    const treasury = accounts("wallet").find((wallet) => wallet.domain === "treasury.ton") as LedgerAccount;
    expect(treasury.balance > 2n ** 53n).toBe(true);
  });

  test("a bound, a start offset and an ascending order are honoured; the iterator stops at max", async () => {
    const client = createIndexerClient({ url: server.url, credentials: { token: secrets.token } });
    const some = await collect(
      client.transactions({ sort: "asc", offset: 10 }, { max: 2500, pageSize: 700 }),
    );
    expect(some.map((transaction) => transaction.hash)).toEqual(
      surface.ledger.transactions.slice(10, 2510).map((transaction) => transaction.hash),
    );
    expect(client.usage().requests).toBe(4);
  });
});

describe("one ledger: an account's history agrees across endpoints", () => {
  test("transactions, actions, traces and messages show the same history; balances chain to the states", async () => {
    const wallet = busyWallet();
    const address = friendly(wallet);
    const history = await collect(token.transactions({ account: address, sort: "asc" }));
    expect(history.length).toBeGreaterThan(50);
    let balance = history[0]?.account_state_before?.balance as bigint;
    for (const transaction of history) {
      expect(transaction.account_state_before?.balance).toBe(balance);
      const credit = transaction.in_msg?.value ?? 0n;
      const sent = transaction.out_msgs.reduce((sum, message) => sum + (message.value ?? 0n), 0n);
      balance = balance + credit - transaction.total_fees - sent;
      expect(transaction.account_state_after?.balance).toBe(balance);
    }
    const [state] = (await token.getAccountStates({ address })).accounts;
    expect(state?.balance).toBe(balance);
    expect((await basic.getWalletInformation({ address })).balance).toBe(balance);
    expect(state?.last_transaction_hash).toBe(history[history.length - 1]?.hash);

    const traceIds = new Set(history.map((transaction) => transaction.trace_id));
    // Every trace with a transaction on the account has its action; a failed transfer also names a
    // receiver that never saw a transaction.
    const actions = await collect(token.actions({ account: wallet.raw }));
    const actionTraces = new Set(actions.map((action) => action.trace_id));
    for (const id of traceIds) expect(actionTraces.has(id as string)).toBe(true);
    const elsewhere = actions.filter((action) => !traceIds.has(action.trace_id));
    expect(elsewhere.every((action) => action.success === false || action.status === "failed")).toBe(true);
    const traces = await collect(token.traces({ account: address }, { pageSize: 100 }));
    expect(new Set(traces.map((trace) => trace.trace_id))).toEqual(traceIds);
    const inTraces = traces.flatMap((trace) =>
      Object.values(trace.transactions).filter((transaction) => transaction.account === wallet.raw),
    );
    expect(new Set(inTraces.map((transaction) => transaction.hash))).toEqual(
      new Set(history.map((t) => t.hash)),
    );

    const received = await collect(token.messages({ destination: address }));
    expect(new Set(received.map((message) => message.hash))).toEqual(
      new Set(history.map((t) => t.in_msg?.hash)),
    );
    expect(received.every((message) => history.some((t) => t.hash === message.in_msg_tx_hash))).toBe(true);
    const sent = await collect(token.messages({ source: address }));
    expect(new Set(sent.map((message) => message.hash))).toEqual(
      new Set(history.flatMap((t) => t.out_msgs.map((m) => m.hash))),
    );

    const [walletState] = (await token.getWalletStates({ address })).wallets;
    const seqno = await token.runGetMethod({ address, method: "seqno" });
    expect(hexNumber(seqno.stack[0]?.value as string)).toBe(BigInt(walletState?.seqno as number));
  });

  test("jetton balances and supply agree with the transfers, mints and burns that produced them", async () => {
    const wallet = busyWallet();
    const transfers = await collect(token.jettonTransfers({ owner_address: wallet.raw }));
    const burns = await collect(token.jettonBurns({ address: wallet.raw }));
    const mints = (await collect(token.actions({ account: wallet.raw, action_type: "jetton_mint" }))).filter(
      (action) => (action.details as { receiver?: string }).receiver === wallet.raw,
    );
    expect(transfers.some((transfer) => transfer.transaction_aborted)).toBe(true);
    const holdings = (await token.getJettonWallets({ owner_address: wallet.raw })).jetton_wallets;
    expect(holdings.length).toBe(2);
    for (const holding of holdings) {
      let expected = 0n;
      for (const mint of mints) {
        const details = mint.details as { asset: string; amount: string };
        if (details.asset === holding.jetton) expected += BigInt(details.amount);
      }
      for (const transfer of transfers) {
        if (transfer.jetton_master !== holding.jetton || transfer.transaction_aborted) continue;
        if (transfer.destination === wallet.raw) expected += transfer.amount;
        if (transfer.source === wallet.raw) expected -= transfer.amount;
      }
      for (const burn of burns) {
        if (burn.jetton_master === holding.jetton && !burn.transaction_aborted) expected -= burn.amount;
      }
      expect(holding.balance).toBe(expected);
      const data = await token.runGetMethod({ address: holding.address, method: "get_wallet_data" });
      expect(hexNumber(data.stack[0]?.value as string)).toBe(expected);
    }

    for (const master of (await token.getJettonMasters({})).jetton_masters) {
      const allMints = (await collect(token.actions({ action_type: "jetton_mint" }))).filter(
        (action) => (action.details as { asset: string }).asset === master.address,
      );
      const allBurns = await collect(token.jettonBurns({ jetton_master: master.address }));
      const minted = allMints.reduce(
        (sum, action) => sum + BigInt((action.details as { amount: string }).amount),
        0n,
      );
      const burned = allBurns
        .filter((burn) => !burn.transaction_aborted)
        .reduce((sum, burn) => sum + burn.amount, 0n);
      expect(master.total_supply).toBe(minted - burned);
      const data = await token.runGetMethod({ address: master.address, method: "get_jetton_data" });
      expect(hexNumber(data.stack[0]?.value as string)).toBe(master.total_supply);
    }
  });

  test("NFT owners are the last transfers' new owners", async () => {
    const transfers = await collect(token.nftTransfers({ sort: "asc" }));
    const lastOwner = new Map(transfers.map((transfer) => [transfer.nft_address, transfer.new_owner]));
    for (const item of await collect(token.nftItems())) {
      if (lastOwner.has(item.address)) expect(item.owner_address).toBe(lastOwner.get(item.address));
    }
    expect(lastOwner.size).toBeGreaterThan(3);
  });
});
