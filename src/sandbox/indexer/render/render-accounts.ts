import { serializeBoc } from "../boc/boc.js";
import { CONTRACT_FACTS, codeCell, contentOf, dataCell, WALLET_TYPE } from "../ledger/contracts.js";
import type { AccountWith, LedgerAccount } from "../ledger/ledger-types.js";

const ZERO_HASH = Buffer.alloc(32).toString("base64");

/** The hash of an account's current state: its last transaction's state after. */
function stateHash(account: LedgerAccount): string {
  return account.lastTransaction?.after.hash ?? Buffer.from(dataCell(account).hash()).toString("base64");
}

/**
 * An account's latest state as `accountStates` writes it.
 *
 * @param account - The account.
 * @param includeBoc - Add the code and data cells.
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [wallet] = [...ledger.accounts.values()].filter((a) => a.kind === "wallet");
 * if (wallet) renderAccountState(wallet, true);
 */
export function renderAccountState(account: LedgerAccount, includeBoc: boolean): Record<string, unknown> {
  const code = codeCell(account.kind);
  const data = dataCell(account);
  return {
    address: account.raw,
    account_state_hash: stateHash(account),
    balance: String(account.balance),
    extra_currencies: {},
    status: account.status,
    last_transaction_hash: account.lastTransaction?.hash ?? null,
    last_transaction_lt: account.lastTransaction ? String(account.lastTransaction.lt) : null,
    data_hash: data.hashBase64(),
    code_hash: code.hashBase64(),
    ...(includeBoc && { data_boc: serializeBoc(data), code_boc: serializeBoc(code) }),
    contract_methods: null,
  };
}

/**
 * An account read as a wallet, as `walletStates` writes it.
 *
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [wallet] = [...ledger.accounts.values()].filter((a) => a.kind === "wallet");
 * if (wallet) renderWalletState(wallet);
 */
export function renderWalletState(account: LedgerAccount): Record<string, unknown> {
  const last = {
    last_transaction_hash: account.lastTransaction?.hash ?? null,
    last_transaction_lt: account.lastTransaction ? String(account.lastTransaction.lt) : null,
  };
  if (!account.wallet) {
    return {
      address: account.raw,
      is_wallet: false,
      balance: String(account.balance),
      status: account.status,
      ...last,
    };
  }
  return {
    address: account.raw,
    is_wallet: true,
    wallet_type: WALLET_TYPE.states,
    seqno: account.wallet.seqno,
    wallet_id: account.wallet.walletId,
    balance: String(account.balance),
    extra_currencies: {},
    is_signature_allowed: true,
    status: account.status,
    code_hash: codeCell(account.kind).hashBase64(),
    ...last,
  };
}

/**
 * One account as `addressInformation` writes it; an unknown account is `uninit` with nothing.
 *
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [wallet] = [...ledger.accounts.values()].filter((a) => a.kind === "wallet");
 * renderAddressInformation(wallet);
 */
export function renderAddressInformation(account: LedgerAccount | undefined): Record<string, unknown> {
  if (!account) {
    return {
      balance: "0",
      code: null,
      data: null,
      last_transaction_lt: "0",
      last_transaction_hash: ZERO_HASH,
      frozen_hash: null,
      status: "uninit",
    };
  }
  return {
    balance: String(account.balance),
    code: serializeBoc(codeCell(account.kind)),
    data: serializeBoc(dataCell(account)),
    last_transaction_lt: String(account.lastTransaction?.lt ?? 0n),
    last_transaction_hash: account.lastTransaction?.hash ?? ZERO_HASH,
    frozen_hash: null,
    status: account.status,
  };
}

/**
 * One wallet as `walletInformation` writes it (call only for a wallet or an unknown account).
 *
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [wallet] = [...ledger.accounts.values()].filter((a) => a.kind === "wallet");
 * renderWalletInformation(wallet);
 */
export function renderWalletInformation(account: LedgerAccount | undefined): Record<string, unknown> {
  if (!account?.wallet) {
    return { balance: "0", last_transaction_lt: "0", last_transaction_hash: ZERO_HASH, status: "uninit" };
  }
  return {
    balance: String(account.balance),
    wallet_type: WALLET_TYPE.information,
    seqno: account.wallet.seqno,
    wallet_id: account.wallet.walletId,
    last_transaction_lt: String(account.lastTransaction?.lt ?? 0n),
    last_transaction_hash: account.lastTransaction?.hash ?? ZERO_HASH,
    status: account.status,
  };
}

const lastLt = (account: LedgerAccount) => String(account.lastTransaction?.lt ?? 0n);

/** A jetton master as `jetton/masters` writes it. */
export function renderJettonMaster(account: AccountWith<"jettonMaster">): Record<string, unknown> {
  const master = account.jettonMaster;
  return {
    address: account.raw,
    total_supply: String(master.totalSupply),
    mintable: true,
    admin_address: master.admin,
    jetton_content: { uri: contentUri(account) },
    jetton_wallet_code_hash: codeCell("jetton_wallet").hashBase64(),
    code_hash: codeCell(account.kind).hashBase64(),
    data_hash: dataCell(account).hashBase64(),
    last_transaction_lt: lastLt(account),
  };
}

/** A jetton wallet as `jetton/wallets` writes it. */
export function renderJettonWallet(account: AccountWith<"jettonWallet">): Record<string, unknown> {
  const wallet = account.jettonWallet;
  return {
    address: account.raw,
    balance: String(wallet.balance),
    owner: wallet.owner,
    jetton: wallet.master,
    last_transaction_lt: lastLt(account),
    code_hash: codeCell(account.kind).hashBase64(),
    data_hash: dataCell(account).hashBase64(),
  };
}

/** An NFT collection as `nft/collections` writes it. */
export function renderNftCollection(account: AccountWith<"nftCollection">): Record<string, unknown> {
  const collection = account.nftCollection;
  return {
    address: account.raw,
    owner_address: collection.owner,
    last_transaction_lt: lastLt(account),
    next_item_index: String(collection.nextItemIndex),
    collection_content: { uri: contentUri(account) },
    code_hash: codeCell(account.kind).hashBase64(),
    data_hash: dataCell(account).hashBase64(),
  };
}

/** An NFT item as `nft/items` writes it, with its collection. */
export function renderNftItem(
  account: AccountWith<"nftItem">,
  collection: AccountWith<"nftCollection"> | undefined,
): Record<string, unknown> {
  const item = account.nftItem;
  return {
    address: account.raw,
    init: true,
    index: String(item.index),
    collection_address: item.collection,
    owner_address: item.owner,
    content: { uri: contentUri(account) },
    last_transaction_lt: lastLt(account),
    code_hash: codeCell(account.kind).hashBase64(),
    data_hash: dataCell(account).hashBase64(),
    collection: collection ? renderNftCollection(collection) : null,
    on_sale: false,
  };
}

/** The URI an account's content cell points at. */
function contentUri(account: LedgerAccount): string {
  const cell = contentOf(account);
  return new TextDecoder().decode(cell.data.subarray(1, cell.bitLength / 8));
}

/** How an account's address is written in an address book, and the interfaces detected there. */
export function accountFacts(account: LedgerAccount | undefined) {
  return account ? CONTRACT_FACTS[account.kind] : { interfaces: [], bounceable: false };
}
