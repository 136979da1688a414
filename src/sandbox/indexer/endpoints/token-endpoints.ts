import type { RestOperationHandler } from "../../validation.js";
import type {
  AccountWith,
  ContractData,
  JettonBurnRecord,
  JettonTransferRecord,
  LedgerAccount,
  NftTransferRecord,
} from "../ledger/ledger-types.js";
import {
  renderJettonMaster,
  renderJettonWallet,
  renderNftCollection,
  renderNftItem,
} from "../render/render-accounts.js";
import { type EndpointContext, listAnswer } from "./endpoint-context.js";
import { listOf, listQuery, pageOf, QueryRefusal, rawAddress, rawAddresses } from "./query.js";

const byRecord = (record: { transaction: { lt: bigint; now: number } }) => ({
  lt: record.transaction.lt,
  utime: record.transaction.now,
});

/** A filter on a set of addresses: anything passes when the parameter was not given. */
function anyOf(raws: string[]): (raw: string | undefined) => boolean {
  const set = new Set(raws);
  return (raw) => set.size === 0 || (raw !== undefined && set.has(raw));
}

/** Whether an account exists and holds the contract data asked for. */
function holds<K extends ContractData>(
  account: LedgerAccount | undefined,
  data: K,
): account is AccountWith<K> {
  return account?.[data] !== undefined;
}

/** Pages a list the indexer keeps in its own order (here: creation order, or balance when sorted). */
function pageInOrder<T>(items: T[], query: Record<string, unknown>): T[] {
  const { offset, limit } = listQuery(query);
  return items.slice(offset, offset + limit);
}

/**
 * The jetton and NFT endpoints: masters, wallets, transfers and burns; collections, items and
 * transfers. Balances and owners are the ledger's after every transfer that produced them.
 *
 * @param context - The ledger.
 * @returns Handlers keyed by operationId.
 */
export function tokenEndpoints(context: EndpointContext): Record<string, RestOperationHandler> {
  const { ledger } = context;
  const activeWith = <K extends ContractData>(data: K) =>
    [...ledger.accounts.values()].filter((a): a is AccountWith<K> => holds(a, data) && a.status === "active");

  return {
    getJettonMasters: ({ query }) => {
      const address = anyOf(rawAddresses(query.address, "address"));
      const admin = anyOf(rawAddresses(query.admin_address, "admin_address"));
      const masters = activeWith("jettonMaster").filter((m) => address(m.raw) && admin(m.jettonMaster.admin));
      return listAnswer(context, "jetton_masters", pageInOrder(masters, query).map(renderJettonMaster), true);
    },

    getJettonWallets: ({ query }) => {
      const owners = rawAddresses(query.owner_address, "owner_address");
      const jettons = rawAddresses(query.jetton_address, "jetton_address");
      if (jettons.length > 1 && owners.length !== 1) {
        throw new QueryRefusal(422, "exact one owner_address required for multiple jetton_address");
      }
      const address = anyOf(rawAddresses(query.address, "address"));
      const owner = anyOf(owners);
      const jetton = anyOf(jettons);
      let wallets = activeWith("jettonWallet").filter(
        (w) =>
          address(w.raw) &&
          owner(w.jettonWallet.owner) &&
          jetton(w.jettonWallet.master) &&
          !(query.exclude_zero_balance === true && w.jettonWallet.balance === 0n),
      );
      if (query.sort === "asc" || query.sort === "desc") {
        const direction = query.sort === "asc" ? 1 : -1;
        wallets = [...wallets].sort((a, b) => {
          const [x, y] = [a.jettonWallet.balance, b.jettonWallet.balance];
          return x === y ? 0 : x < y ? -direction : direction;
        });
      }
      return listAnswer(context, "jetton_wallets", pageInOrder(wallets, query).map(renderJettonWallet), true);
    },

    getJettonTransfers: ({ query }) => {
      const owners = anyOf(rawAddresses(query.owner_address, "owner_address"));
      const wallets = anyOf(rawAddresses(query.jetton_wallet, "jetton_wallet"));
      const master = rawAddress(query.jetton_master, "jetton_master");
      const hasOwners = query.owner_address !== undefined;
      const direction = query.direction === "both" ? undefined : query.direction;
      const matching = ledger.jettonTransfers.filter(
        (transfer: JettonTransferRecord) =>
          (!hasOwners ||
            (direction !== "in" && owners(transfer.source)) ||
            (direction !== "out" && owners(transfer.destination))) &&
          (query.jetton_wallet === undefined ||
            wallets(transfer.sourceWallet) ||
            wallets(destinationWallet(transfer))) &&
          (master === undefined || transfer.master === master),
      );
      const page = pageOf(matching, query, byRecord);
      return listAnswer(context, "jetton_transfers", page.map(renderJettonTransfer), true);
    },

    getJettonBurns: ({ query }) => {
      const owners = anyOf(rawAddresses(query.address, "address"));
      const wallets = anyOf(rawAddresses(query.jetton_wallet, "jetton_wallet"));
      const master = rawAddress(query.jetton_master, "jetton_master");
      const matching = ledger.jettonBurns.filter(
        (burn: JettonBurnRecord) =>
          owners(burn.owner) && wallets(burn.wallet) && (master === undefined || burn.master === master),
      );
      const page = pageOf(matching, query, byRecord);
      return listAnswer(context, "jetton_burns", page.map(renderJettonBurn), true);
    },

    getNftCollections: ({ query }) => {
      const address = anyOf(rawAddresses(query.collection_address, "collection_address"));
      const owner = anyOf(rawAddresses(query.owner_address, "owner_address"));
      const collections = activeWith("nftCollection").filter(
        (c) => address(c.raw) && owner(c.nftCollection.owner),
      );
      return listAnswer(
        context,
        "nft_collections",
        pageInOrder(collections, query).map(renderNftCollection),
        true,
      );
    },

    getNftItems: ({ query }) => {
      const owners = rawAddresses(query.owner_address, "owner_address");
      const collections = rawAddresses(query.collection_address, "collection_address");
      if (collections.length > 1 && owners.length !== 1) {
        throw new QueryRefusal(422, "exact one owner_address required for multiple collection_address");
      }
      const address = anyOf(rawAddresses(query.address, "address"));
      const owner = anyOf(owners);
      const collection = anyOf(collections);
      const indexes = new Set(listOf(query.index));
      const items = activeWith("nftItem").filter(
        (item) =>
          address(item.raw) &&
          owner(item.nftItem.owner) &&
          collection(item.nftItem.collection) &&
          (indexes.size === 0 || indexes.has(String(item.nftItem.index))),
      );
      const rendered = pageInOrder(items, query).map((item) => {
        const collection = ledger.accounts.get(item.nftItem.collection);
        return renderNftItem(item, holds(collection, "nftCollection") ? collection : undefined);
      });
      return listAnswer(context, "nft_items", rendered, true);
    },

    getNftTransfers: ({ query }) => {
      const owners = anyOf(rawAddresses(query.owner_address, "owner_address"));
      const items = anyOf(rawAddresses(query.item_address, "item_address"));
      const collection = rawAddress(query.collection_address, "collection_address");
      const hasOwners = query.owner_address !== undefined;
      const direction = query.direction === "both" ? undefined : query.direction;
      const matching = ledger.nftTransfers.filter(
        (transfer: NftTransferRecord) =>
          (!hasOwners ||
            (direction !== "in" && owners(transfer.oldOwner)) ||
            (direction !== "out" && owners(transfer.newOwner))) &&
          items(transfer.item) &&
          (collection === undefined || transfer.collection === collection),
      );
      const page = pageOf(matching, query, byRecord);
      return listAnswer(context, "nft_transfers", page.map(renderNftTransfer), true);
    },
  };
}

/** The jetton wallet that received a transfer (the one its internal transfer went to). */
function destinationWallet(transfer: JettonTransferRecord): string | undefined {
  return transfer.transaction.success ? transfer.transaction.outMessages[0]?.destination : undefined;
}

function renderJettonTransfer(transfer: JettonTransferRecord): Record<string, unknown> {
  const { transaction } = transfer;
  return {
    query_id: String(transfer.queryId),
    source: transfer.source,
    destination: transfer.destination,
    amount: String(transfer.amount),
    source_wallet: transfer.sourceWallet,
    jetton_master: transfer.master,
    transaction_hash: transaction.hash,
    transaction_lt: String(transaction.lt),
    transaction_now: transaction.now,
    transaction_aborted: !transaction.success,
    response_destination: transfer.responseDestination,
    custom_payload: null,
    forward_ton_amount: String(transfer.forwardTonAmount),
    forward_payload: null,
    trace_id: transaction.trace.id,
  };
}

function renderJettonBurn(burn: JettonBurnRecord): Record<string, unknown> {
  const { transaction } = burn;
  return {
    query_id: String(burn.queryId),
    owner: burn.owner,
    jetton_wallet: burn.wallet,
    jetton_master: burn.master,
    transaction_hash: transaction.hash,
    transaction_lt: String(transaction.lt),
    transaction_now: transaction.now,
    transaction_aborted: !transaction.success,
    amount: String(burn.amount),
    response_destination: burn.responseDestination,
    custom_payload: null,
    trace_id: transaction.trace.id,
  };
}

function renderNftTransfer(transfer: NftTransferRecord): Record<string, unknown> {
  const { transaction } = transfer;
  return {
    query_id: String(transfer.queryId),
    nft_address: transfer.item,
    nft_collection: transfer.collection,
    transaction_hash: transaction.hash,
    transaction_lt: String(transaction.lt),
    transaction_now: transaction.now,
    transaction_aborted: !transaction.success,
    old_owner: transfer.oldOwner,
    new_owner: transfer.newOwner,
    response_destination: transfer.responseDestination,
    custom_payload: null,
    forward_amount: String(transfer.forwardAmount),
    forward_payload: null,
    trace_id: transaction.trace.id,
  };
}
