import { SeededRandom } from "../seeded-random.js";

/** An address the sandbox's indexer knows, with what its address-book entry says. */
export interface IndexerAccount {
  /** Raw form, `0:` + 64 upper-case hex digits (the indexer's key form). */
  raw: string;
  /** Wallets get non-bounceable `UQ…` forms, contracts bounceable `EQ…` ones. */
  kind: "wallet" | "contract";
  domain: string | null;
  interfaces: string[];
}

/** One transaction an action spans. */
export interface IndexedTransaction {
  /** Standard base64 of the 32-byte hash. */
  hash: string;
  lt: bigint;
}

/** A generated action: what the indexer sends, plus the facts the filters read. */
export interface IndexedAction {
  /** The action as sent: the upstream shape or the provider's (PascalCase type, tx_hash, status, value). */
  wire: Record<string, unknown>;
  actionId: string;
  traceId: string;
  /** The type in upstream snake_case, whichever shape `wire` has. */
  canonicalType: string;
  endLt: bigint;
  traceEndLt: bigint;
  traceEndUtime: number;
  transactions: IndexedTransaction[];
  /** Raw addresses the action involves. */
  accounts: string[];
}

/** The generated ledger: the actions, oldest first, and every address they mention. */
export interface IndexerData {
  actions: IndexedAction[];
  accounts: ReadonlyMap<string, IndexerAccount>;
}

/** Options of {@link generateActions}. */
export interface GenerateActionsOptions {
  /** Seed of the generator: the same seed gives the same ledger (default 7). */
  seed?: number;
  /** How many actions to make (default 240). */
  count?: number;
}

/** Provider (PascalCase) names of the upstream types the provider documents. */
export const PROVIDER_TYPE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  ton_transfer: "CoinTransfer",
  jetton_transfer: "JettonTransfer",
  nft_transfer: "NftItemTransfer",
  contract_deploy: "ContractDeploy",
});

const UPSTREAM_TYPES = [
  "ton_transfer",
  "jetton_transfer",
  "nft_transfer",
  "contract_deploy",
  "call_contract",
  "jetton_swap",
];
const WEIGHTED_TYPES = [...UPSTREAM_TYPES, "ton_transfer", "ton_transfer", "jetton_transfer"];

// Logical times start just below 2^53 so that later ones only survive a lossless parser.
const FIRST_LT = 2n ** 53n - 600n;
const FIRST_UTIME = 1785330000;
const FIRST_MC_SEQNO = 82744100;

/** Builds the address pool: wallets (two with domains), jetton masters, an NFT collection and items, a DEX. */
function makeAccounts(random: SeededRandom) {
  const accounts = new Map<string, IndexerAccount>();
  const add = (kind: IndexerAccount["kind"], interfaces: string[], domain: string | null = null) => {
    const raw = `0:${Buffer.from(random.bytes(32)).toString("hex").toUpperCase()}`;
    accounts.set(raw, { raw, kind, domain, interfaces });
    return raw;
  };
  const domains = ["alice.ton", "bob.ton"];
  const wallets = Array.from({ length: 6 }, (_, i) => add("wallet", ["wallet_v4r2"], domains[i] ?? null));
  const jettonMasters = Array.from({ length: 2 }, () => add("contract", ["jetton_master"]));
  const nftCollection = add("contract", ["nft_collection"]);
  const nftItems = Array.from({ length: 5 }, () => add("contract", ["nft_item"]));
  const dex = add("contract", ["stonfi_router"], "swap.ton");
  const jettonWallets = new Map<string, string>();
  const jettonWallet = (owner: string, master: string) => {
    const key = `${owner}/${master}`;
    let wallet = jettonWallets.get(key);
    if (!wallet) {
      wallet = add("contract", ["jetton_wallet"]);
      jettonWallets.set(key, wallet);
    }
    return wallet;
  };
  return { accounts, wallets, jettonMasters, nftCollection, nftItems, dex, jettonWallet, add };
}

type Pool = ReturnType<typeof makeAccounts>;

/** Upstream `details` for one action, and the provider's `value` for the types it documents. */
function describeAction(type: string, random: SeededRandom, pool: Pool) {
  const [source, destination] = twoOf(pool.wallets, random);
  const amount = String(random.int(1, 50_000) * 1_000_000);
  switch (type) {
    case "ton_transfer":
      return {
        details: {
          source,
          destination,
          value: amount,
          value_extra_currencies: {},
          comment: random.next() < 0.3 ? "thanks" : null,
          encrypted: false,
        },
        value: { source, destination, amount },
      };
    case "jetton_transfer": {
      const asset = random.pick(pool.jettonMasters);
      return {
        details: {
          asset,
          sender: source,
          receiver: destination,
          sender_jetton_wallet: pool.jettonWallet(source, asset),
          receiver_jetton_wallet: pool.jettonWallet(destination, asset),
          amount,
          comment: null,
          is_encrypted_comment: false,
          query_id: "0",
          response_destination: source,
          forward_amount: "1",
        },
        value: { source, destination, amount, jetton: asset },
      };
    }
    case "nft_transfer": {
      const item = random.pick(pool.nftItems);
      return {
        details: {
          nft_collection: pool.nftCollection,
          nft_item: item,
          nft_item_index: String(pool.nftItems.indexOf(item)),
          old_owner: source,
          new_owner: destination,
          is_purchase: false,
          price: null,
          query_id: "0",
          response_destination: source,
          forward_amount: "1",
        },
        value: { nft: item, source, destination },
      };
    }
    case "contract_deploy": {
      const deployed = pool.add("contract", ["unknown"]);
      return {
        details: { opcode: null, source, destination: deployed },
        value: { address: deployed, deployer: source },
      };
    }
    case "call_contract":
      return {
        details: {
          opcode: "0x0f8a7ea5",
          source,
          destination: pool.dex,
          value: amount,
          value_extra_currencies: {},
        },
        value: undefined,
      };
    default: {
      const [give, take] = twoOf(pool.jettonMasters, random);
      const leg = (asset: string, from: string, to: string) => ({
        asset,
        source: from,
        destination: to,
        source_jetton_wallet: pool.jettonWallet(from, asset),
        destination_jetton_wallet: pool.jettonWallet(to, asset),
        amount,
      });
      return {
        details: {
          dex: "stonfi",
          sender: source,
          dex_incoming_transfer: leg(give, source, pool.dex),
          dex_outgoing_transfer: leg(take, pool.dex, source),
          peer_swaps: [],
        },
        value: undefined,
      };
    }
  }
}

function twoOf(items: readonly string[], random: SeededRandom): [string, string] {
  const first = random.int(0, items.length - 1);
  const second = (first + random.int(1, items.length - 1)) % items.length;
  return [items[first] as string, items[second] as string];
}

/** Every raw address inside a value (nested objects and arrays included). */
export function rawAddressesIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === "string") {
    if (/^-?\d+:[0-9A-F]{64}$/.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) rawAddressesIn(item, into);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) rawAddressesIn(item, into);
  }
  return into;
}

/**
 * Generates a deterministic ledger of actions grouped in traces over a pool of accounts: TON,
 * jetton and NFT transfers, deploys, contract calls and swaps, about a quarter of them in the
 * provider's documented shape (PascalCase type, `tx_hash`, `status`, `value`) and the rest in the
 * upstream indexer's shape. Logical times are unique per action and cross 2^53.
 *
 * @param options - Seed and size.
 * @returns The actions (oldest first) and the address pool.
 * @example
 * const { actions } = generateActions({ seed: 7, count: 100 });
 */
export function generateActions(options: GenerateActionsOptions = {}): IndexerData {
  const random = new SeededRandom(options.seed ?? 7);
  const count = options.count ?? 240;
  const pool = makeAccounts(random);
  const hash = () => Buffer.from(random.bytes(32)).toString("base64");
  const actions: IndexedAction[] = [];
  let lt = FIRST_LT;
  let utime = FIRST_UTIME;
  for (let trace = 0; actions.length < count; trace++) {
    const traceActions: IndexedAction[] = [];
    const traceId = hash();
    const externalHash = hash();
    const externalHashNorm = hash();
    utime += random.int(1, 30);
    const size = Math.min(random.int(1, 3), count - actions.length);
    for (let index = 0; index < size; index++) {
      const type = random.pick(WEIGHTED_TYPES);
      const txCount = random.int(1, 3);
      const transactions = Array.from({ length: txCount }, (_, k) => ({
        hash: index === 0 && k === 0 ? traceId : hash(),
        lt: lt + BigInt(k),
      }));
      const startLt = lt;
      const endLt = lt + BigInt(txCount - 1);
      lt = endLt + BigInt(random.int(1, 10));
      const { details, value } = describeAction(type, random, pool);
      const actionId = hash();
      const success = random.next() < 0.9;
      const providerName = PROVIDER_TYPE_NAMES[type];
      const wire: Record<string, unknown> =
        providerName && value && random.next() < 0.25
          ? {
              action_id: actionId,
              trace_id: traceId,
              tx_hash: transactions[transactions.length - 1]?.hash,
              type: providerName,
              status: success ? "ok" : "failed",
              value,
              start_lt: startLt,
              start_utime: utime,
              end_lt: endLt,
              end_utime: utime,
            }
          : {
              trace_id: traceId,
              action_id: actionId,
              start_lt: String(startLt),
              end_lt: String(endLt),
              start_utime: utime,
              end_utime: utime,
              transactions: transactions.map((tx) => tx.hash),
              success,
              type,
              details,
              trace_external_hash: externalHash,
              trace_external_hash_norm: externalHashNorm,
            };
      traceActions.push({
        wire,
        actionId,
        traceId,
        canonicalType: type,
        endLt,
        traceEndLt: 0n,
        traceEndUtime: utime,
        transactions,
        accounts: [...rawAddressesIn(details)],
      });
    }
    // Trace-wide fields are known once the whole trace is laid out.
    // Actions are laid out in logical-time order, so the last one ends the trace.
    const traceEndLt = traceActions[traceActions.length - 1]?.endLt ?? lt;
    for (const action of traceActions) {
      action.traceEndLt = traceEndLt;
      if ("transactions" in action.wire) {
        Object.assign(action.wire, {
          trace_end_lt: String(traceEndLt),
          trace_end_utime: utime,
          trace_mc_seqno_end: FIRST_MC_SEQNO + trace,
          finality: actions.length + traceActions.length > count - 3 ? "confirmed" : "finalized",
        });
      }
    }
    actions.push(...traceActions);
  }
  return { actions, accounts: pool.accounts };
}
