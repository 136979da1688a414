import { SeededRandom } from "../../seeded-random.js";
import { BocError } from "../boc/boc-error.js";
import type { ExternalMessage } from "../boc/external-message.js";
import type { OutRequest } from "./contract-handlers.js";
import { WALLET_ID } from "./contracts.js";
import { jettonWalletAddress } from "./jetton-wallet-address.js";
import { LedgerBuilder } from "./ledger-builder.js";
import type {
  JettonBurnRecord,
  JettonTransferRecord,
  LedgerAccount,
  LedgerAction,
  LedgerBlock,
  LedgerMessage,
  LedgerTrace,
  LedgerTransaction,
  NftTransferRecord,
} from "./ledger-types.js";
import { NotAcceptedError } from "./not-accepted-error.js";
import { parseWalletRequest, type WalletRequest } from "./wallet-request.js";

/** The sandbox indexer's ledger, with the lookups its endpoints need. */
export interface Ledger {
  accounts: ReadonlyMap<string, LedgerAccount>;
  /** Every transaction, oldest first. */
  transactions: readonly LedgerTransaction[];
  /** Every message, in the order they were created. */
  messages: readonly LedgerMessage[];
  /** Every trace, oldest first. */
  traces: readonly LedgerTrace[];
  /** Every action, oldest first. */
  actions: readonly LedgerAction[];
  /** Masterchain and basechain blocks, oldest first. */
  blocks: readonly LedgerBlock[];
  jettonTransfers: readonly JettonTransferRecord[];
  jettonBurns: readonly JettonBurnRecord[];
  nftTransfers: readonly NftTransferRecord[];
  /**
   * Processes an external message a user sent to one of the ledger's wallets: the wallet checks its
   * subwallet id, seqno and expiry, then sends the messages it asks for to the ledger's accounts, in
   * a new block; the masterchain head advances past it.
   *
   * @throws {NotAcceptedError} when the wallet would not accept the message.
   */
  receiveExternal(message: ExternalMessage): LedgerTrace;
}

/** Options of {@link generateLedger}. */
export interface GenerateLedgerOptions {
  /** Seed of the generator: the same seed gives the same ledger (default 7). */
  seed?: number;
  /** How many traces to run (default 1200, about 4,000 transactions). */
  traces?: number;
}

const TON = 1_000_000_000n;
const FIRST_UTIME = 1785330000;
const FIRST_MC_SEQNO = 82744100;
const FIRST_SHARD_SEQNO = 95110200;
const RAW_ADDRESS = /^-?\d+:[0-9A-F]{64}$/;
/** Attached to token messages to pay their way; what is left comes back as excesses. */
const TOKEN_MESSAGE_VALUE = TON / 20n;

/**
 * Generates a deterministic ledger by running traces against the sandbox's contracts: a treasury
 * and ten v4 wallets (two with `.ton` domains), two jetton masters (one with 18 decimals, so
 * amounts pass 2^64), an NFT collection with eight items. After the masters mint to holders, each
 * trace is a TON transfer (some with a comment), a jetton transfer (a few over the balance, which
 * fail and bounce), a mint, a burn or an NFT transfer, and wallets running low are topped up from the
 * treasury. Logical times start so that they cross 2^53 halfway; the treasury's balance is past
 * 2^53 too.
 *
 * @param options - Seed and number of traces.
 * @returns The ledger.
 * @example
 * const ledger = generateLedger({ seed: 7, traces: 100 });
 */
export function generateLedger(options: GenerateLedgerOptions = {}): Ledger {
  const random = new SeededRandom(options.seed ?? 7);
  const traceCount = options.traces ?? 1200;
  const builder = new LedgerBuilder(random, {
    lt: 2n ** 53n - BigInt(traceCount) * 4n,
    utime: FIRST_UTIME,
    mcSeqno: FIRST_MC_SEQNO,
    shardSeqno: FIRST_SHARD_SEQNO,
  });
  const newAddress = () => `0:${Buffer.from(random.bytes(32)).toString("hex").toUpperCase()}`;
  const add = (account: Omit<LedgerAccount, "raw" | "status" | "lastTransaction">) =>
    builder.addAccount({ raw: newAddress(), status: "active", lastTransaction: undefined, ...account }).raw;
  const wallet = (balance: bigint, domain: string | null = null) =>
    add({
      kind: "wallet",
      balance,
      domain,
      wallet: { seqno: random.int(0, 40), walletId: WALLET_ID, publicKey: random.bytes(32) },
    });

  const treasury = wallet(5_000_000_000n * TON, "treasury.ton");
  const domains = ["alice.ton", "bob.ton"];
  const wallets = Array.from({ length: 10 }, (_, i) =>
    wallet(BigInt(random.int(200, 2000)) * TON, domains[i] ?? null),
  );
  const masters = [
    { symbol: "USDS", name: "Sandbox Dollar", decimals: 6, unit: 1_000_000n },
    { symbol: "SBX", name: "Sandbox Token", decimals: 18, unit: 10n ** 18n },
  ].map((token, i) =>
    add({
      kind: "jetton_master",
      balance: TON,
      domain: null,
      jettonMaster: { totalSupply: 0n, admin: wallets[i] as string, ...token },
    }),
  );
  const unitOf = (master: string) => 10n ** BigInt(builder.accounts.get(master)?.jettonMaster?.decimals ?? 9);
  const collection = add({
    kind: "nft_collection",
    balance: TON,
    domain: null,
    nftCollection: { owner: wallets[2] as string, nextItemIndex: 8n, name: "Sandbox Cats" },
  });
  const items = Array.from({ length: 8 }, (_, index) =>
    add({
      kind: "nft_item",
      balance: TON / 20n,
      domain: null,
      nftItem: { index: BigInt(index), collection, owner: random.pick(wallets), name: `Cat #${index}` },
    }),
  );

  const actions: LedgerAction[] = [];
  const queryId = () => BigInt(`0x${Buffer.from(random.bytes(8)).toString("hex")}`);
  const balanceOf = (raw: string) => builder.accounts.get(raw)?.balance ?? 0n;
  const jettonBalance = (owner: string, master: string) =>
    builder.accounts.get(jettonWalletAddress(owner, master))?.jettonWallet?.balance ?? 0n;
  const act = (
    trace: LedgerTrace,
    type: string,
    details: Record<string, unknown>,
    value?: Record<string, unknown>,
  ) => {
    const action: LedgerAction = {
      id: builder.hash(),
      type,
      trace,
      transactions: trace.transactions,
      success: trace.transactions.every((transaction) => transaction.success),
      details,
      providerValue: value,
      // Every account named in the details, and every account with a transaction in the trace.
      accounts: [
        ...new Set([
          ...Object.values(details).filter((v): v is string => typeof v === "string" && RAW_ADDRESS.test(v)),
          ...trace.transactions.map((transaction) => transaction.account),
        ]),
      ],
    };
    trace.actions.push(action);
    actions.push(action);
  };
  const request = (to: string, payload: OutRequest["payload"], value: bigint): OutRequest[] => [
    { to, payload, value },
  ];

  const tonTransfer = (from: string, to: string, value: bigint) => {
    const comment = random.next() < 0.3 ? random.pick(["thanks", "rent", "coffee ☕", "invoice 42"]) : null;
    const payload = comment === null ? { op: "empty" as const } : { op: "text_comment" as const, comment };
    const trace = builder.runTrace(from, request(to, payload, value));
    const details = {
      source: from,
      destination: to,
      value: String(value),
      value_extra_currencies: {},
      comment,
      encrypted: false,
    };
    act(trace, "ton_transfer", details, { source: from, destination: to, amount: String(value) });
  };
  const mint = (master: string, to: string, amount: bigint) => {
    const admin = builder.accounts.get(master)?.jettonMaster?.admin as string;
    const payload = {
      op: "jetton_mint" as const,
      queryId: queryId(),
      to,
      amount,
      tonAmount: TOKEN_MESSAGE_VALUE,
    };
    const trace = builder.runTrace(admin, request(master, payload, TOKEN_MESSAGE_VALUE * 2n));
    act(trace, "jetton_mint", {
      receiver: to,
      receiver_jetton_wallet: jettonWalletAddress(to, master),
      asset: master,
      amount: String(amount),
      ton_amount: String(TOKEN_MESSAGE_VALUE),
    });
  };
  const jettonTransfer = (owner: string, master: string, destination: string, amount: bigint) => {
    const id = queryId();
    const payload = {
      op: "jetton_transfer" as const,
      queryId: id,
      amount,
      destination,
      responseDestination: owner,
      forwardTonAmount: 1n,
    };
    const trace = builder.runTrace(
      owner,
      request(jettonWalletAddress(owner, master), payload, TOKEN_MESSAGE_VALUE),
    );
    const details = {
      asset: master,
      sender: owner,
      receiver: destination,
      sender_jetton_wallet: jettonWalletAddress(owner, master),
      receiver_jetton_wallet: jettonWalletAddress(destination, master),
      amount: String(amount),
      comment: null,
      is_encrypted_comment: false,
      query_id: String(id),
      response_destination: owner,
      custom_payload: null,
      forward_payload: null,
      forward_amount: "1",
    };
    act(trace, "jetton_transfer", details, {
      source: owner,
      destination,
      amount: String(amount),
      jetton: master,
    });
  };
  const burn = (owner: string, master: string, amount: bigint) => {
    const payload = { op: "jetton_burn" as const, queryId: queryId(), amount, responseDestination: owner };
    const trace = builder.runTrace(
      owner,
      request(jettonWalletAddress(owner, master), payload, TOKEN_MESSAGE_VALUE),
    );
    act(trace, "jetton_burn", {
      owner,
      owner_jetton_wallet: jettonWalletAddress(owner, master),
      asset: master,
      amount: String(amount),
    });
  };
  const nftTransfer = (item: string, newOwner: string) => {
    const data = builder.accounts.get(item)?.nftItem as NonNullable<LedgerAccount["nftItem"]>;
    const owner = data.owner;
    const id = queryId();
    const payload = {
      op: "nft_transfer" as const,
      queryId: id,
      newOwner,
      responseDestination: owner,
      forwardAmount: 1n,
    };
    const trace = builder.runTrace(owner, request(item, payload, TOKEN_MESSAGE_VALUE));
    const details = {
      nft_collection: data.collection,
      nft_item: item,
      nft_item_index: String(data.index),
      old_owner: owner,
      new_owner: newOwner,
      is_purchase: false,
      price: null,
      query_id: String(id),
      response_destination: owner,
      custom_payload: null,
      forward_payload: null,
      forward_amount: "1",
      comment: null,
      is_encrypted_comment: false,
      marketplace: null,
      real_old_owner: null,
    };
    act(trace, "nft_transfer", details, { nft: item, source: owner, destination: newOwner });
  };

  // Holders first: each master mints to six wallets.
  for (const master of masters) {
    for (const to of wallets.slice(0, 6)) {
      mint(master, to, BigInt(random.int(1_000, 900_000)) * unitOf(master));
      if (random.next() < 0.5) builder.closeBlock();
    }
  }
  while (builder.traces.length < traceCount) {
    const from = random.pick(wallets);
    const to = random.pick(wallets.filter((candidate) => candidate !== from));
    const master = random.pick(masters);
    const roll = random.next();
    if (balanceOf(from) < 20n * TON) {
      tonTransfer(treasury, from, BigInt(random.int(200, 900)) * TON);
    } else if (roll < 0.4) {
      tonTransfer(from, to, BigInt(random.int(1, 5_000)) * (TON / 1000n));
    } else if (roll < 0.7) {
      if (!builder.accounts.has(jettonWalletAddress(from, master))) {
        mint(master, from, BigInt(random.int(10, 90_000)) * unitOf(master));
      } else {
        const held = jettonBalance(from, master);
        // Now and then more than the wallet holds: the transfer fails and bounces.
        const over = random.next() < 0.06 || held === 0n;
        jettonTransfer(
          from,
          master,
          to,
          over ? held + unitOf(master) : (held * BigInt(random.int(1, 40))) / 100n + 1n,
        );
      }
    } else if (roll < 0.8) {
      const item = random.pick(items);
      const owner = builder.accounts.get(item)?.nftItem?.owner as string;
      if (balanceOf(owner) < 20n * TON) continue;
      nftTransfer(item, random.pick(wallets.filter((candidate) => candidate !== owner)));
    } else if (roll < 0.9) {
      const held = jettonBalance(from, master);
      if (held === 0n) continue;
      burn(from, master, (held * BigInt(random.int(1, 20))) / 100n + 1n);
    } else {
      mint(master, random.pick(wallets), BigInt(random.int(10, 90_000)) * unitOf(master));
    }
    if (random.next() < 0.5) builder.closeBlock();
  }
  builder.closeBlock();

  const receiveExternal = (message: ExternalMessage): LedgerTrace => {
    const wallet = builder.accounts.get(message.destination);
    if (!wallet?.wallet) throw new NotAcceptedError("the destination is not one of the sandbox's wallets");
    let request: WalletRequest;
    try {
      request = parseWalletRequest(message.body);
    } catch (error) {
      if (error instanceof BocError) throw new NotAcceptedError(`not a wallet v4 request: ${error.message}`);
      throw error;
    }
    const now = builder.blocks[builder.blocks.length - 1]?.genUtime ?? 0;
    if (request.walletId !== wallet.wallet.walletId) throw new NotAcceptedError("wrong subwallet id");
    if (request.seqno !== wallet.wallet.seqno) {
      throw new NotAcceptedError(`wrong seqno ${request.seqno}, the wallet expects ${wallet.wallet.seqno}`);
    }
    if (request.validUntil < now) throw new NotAcceptedError("the request has expired");
    const spent = request.messages.reduce((sum, sent) => sum + sent.value, 0n);
    if (spent + TON / 10n > wallet.balance) throw new NotAcceptedError("not enough TON");
    for (const sent of request.messages) {
      if (!builder.accounts.has(sent.to)) {
        throw new NotAcceptedError("the sandbox delivers only to its own accounts");
      }
    }
    const requests = request.messages.map(
      (sent): OutRequest => ({ to: sent.to, payload: { op: "raw", body: sent.body }, value: sent.value }),
    );
    const trace = builder.runTrace(wallet.raw, requests, message);
    for (const sent of request.messages) {
      const details = {
        source: wallet.raw,
        destination: sent.to,
        value: String(sent.value),
        value_extra_currencies: {},
        comment: null,
        encrypted: false,
      };
      act(trace, "ton_transfer", details, {
        source: wallet.raw,
        destination: sent.to,
        amount: String(sent.value),
      });
    }
    builder.closeBlock();
    return trace;
  };

  return {
    receiveExternal,
    accounts: builder.accounts,
    transactions: builder.transactions,
    messages: builder.messages,
    traces: builder.traces,
    actions,
    blocks: builder.blocks,
    jettonTransfers: builder.jettonTransfers,
    jettonBurns: builder.jettonBurns,
    nftTransfers: builder.nftTransfers,
  };
}
