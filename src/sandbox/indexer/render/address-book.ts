import { toFriendlyAddress } from "../../../indexer/address/format-ton-address.js";
import { codeCell } from "../ledger/contracts.js";
import type { LedgerAccount } from "../ledger/ledger-types.js";
import { accountFacts } from "./render-accounts.js";

const RAW = /^-?\d+:[0-9A-F]{64}$/;

/**
 * Every raw address inside a rendered answer (nested objects and arrays included).
 *
 * @param value - The answer, or part of it.
 * @param into - Where to collect (shared across calls).
 * @returns The raw addresses.
 * @example
 * rawAddressesIn({ source: "0:AB…" }); // Set { "0:AB…" }
 */
export function rawAddressesIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === "string") {
    if (RAW.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) rawAddressesIn(item, into);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) rawAddressesIn(item, into);
  }
  return into;
}

/**
 * The address book of some addresses: user-friendly form (bounceable for contracts,
 * non-bounceable for wallets and unknown accounts), `.ton` domain, detected interfaces.
 *
 * @param addresses - Raw addresses.
 * @param accounts - The ledger's accounts.
 * @param testnet - Write testnet forms (`kQ…`/`0Q…`).
 * @returns The book, keyed by raw address.
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const page = ledger.transactions.slice(0, 10).map((transaction) => ({ account: transaction.account }));
 * addressBook(rawAddressesIn(page), ledger.accounts, false);
 */
export function addressBook(
  addresses: Iterable<string>,
  accounts: ReadonlyMap<string, LedgerAccount>,
  testnet: boolean,
): Record<string, unknown> {
  const book: Record<string, unknown> = {};
  for (const raw of addresses) {
    // A workchain past one signed byte (a query may name any) has no user-friendly form: no entry.
    const workchain = Number(raw.slice(0, raw.indexOf(":")));
    if (workchain < -128 || workchain > 127) continue;
    const account = accounts.get(raw);
    const facts = accountFacts(account);
    book[raw] = {
      user_friendly: toFriendlyAddress(raw, { bounceable: facts.bounceable, testnet }),
      domain: account?.domain ?? null,
      interfaces: facts.interfaces,
    };
  }
  return book;
}

/**
 * Token metadata of the addresses that are jetton masters, jetton wallets, NFT collections or items.
 *
 * @param addresses - Raw addresses.
 * @param accounts - The ledger's accounts.
 * @returns Metadata keyed by raw address (other addresses left out).
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const page = ledger.transactions.slice(0, 10).map((transaction) => ({ account: transaction.account }));
 * metadata(rawAddressesIn(page), ledger.accounts);
 */
export function metadata(
  addresses: Iterable<string>,
  accounts: ReadonlyMap<string, LedgerAccount>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const raw of addresses) {
    const info = tokenInfo(accounts.get(raw));
    if (info) result[raw] = { is_indexed: true, token_info: [info] };
  }
  return result;
}

function tokenInfo(account: LedgerAccount | undefined): Record<string, unknown> | undefined {
  if (account?.jettonMaster) {
    const { name, symbol, decimals } = account.jettonMaster;
    return {
      valid: true,
      type: "jetton_masters",
      name,
      symbol,
      description: `${name}, minted by the chainkit sandbox`,
      image: `https://sandbox.chainkit.invalid/${symbol}.png`,
      extra: { decimals: String(decimals) },
    };
  }
  if (account?.jettonWallet) {
    const { balance, master, owner } = account.jettonWallet;
    return {
      valid: true,
      type: "jetton_wallets",
      extra: { balance: String(balance), jetton: master, owner },
    };
  }
  if (account?.nftCollection) {
    return { valid: true, type: "nft_collections", name: account.nftCollection.name, extra: {} };
  }
  if (account?.nftItem) {
    const { name, index } = account.nftItem;
    return {
      valid: true,
      type: "nft_items",
      name,
      nft_index: String(index),
      extra: { code_hash: codeCell(account.kind).hashBase64() },
    };
  }
  return undefined;
}
