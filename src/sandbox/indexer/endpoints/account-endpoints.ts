import type { RestOperationHandler } from "../../validation.js";
import { addressBook, metadata } from "../render/address-book.js";
import {
  renderAccountState,
  renderAddressInformation,
  renderWalletInformation,
  renderWalletState,
} from "../render/render-accounts.js";
import type { EndpointContext } from "./endpoint-context.js";
import { indexerError, rawAddress, rawAddresses } from "./query.js";

/**
 * The account endpoints: accountStates, walletStates, addressInformation, walletInformation,
 * addressBook and metadata, read from the accounts' states after their last transactions.
 *
 * @param context - The ledger.
 * @returns Handlers keyed by operationId.
 */
export function accountEndpoints(context: EndpointContext): Record<string, RestOperationHandler> {
  const { accounts } = context.ledger;
  const known = (raws: string[]) => raws.flatMap((raw) => accounts.get(raw) ?? []);
  const withBook = (field: string, items: Record<string, unknown>[], raws: string[]) => ({
    status: 200,
    body: {
      [field]: items,
      address_book: addressBook(raws, accounts, context.testnet),
      metadata: metadata(raws, accounts),
    },
  });

  return {
    getAccountStates: ({ query }) => {
      const raws = rawAddresses(query.address, "address");
      const states = known(raws).map((account) => renderAccountState(account, query.include_boc !== false));
      return withBook("accounts", states, raws);
    },
    getWalletStates: ({ query }) => {
      const raws = rawAddresses(query.address, "address");
      return withBook("wallets", known(raws).map(renderWalletState), raws);
    },
    getAddressInformation: ({ query }) => ({
      status: 200,
      body: renderAddressInformation(accounts.get(rawAddress(query.address, "address") as string)),
    }),
    getWalletInformation: ({ query }) => {
      const account = accounts.get(rawAddress(query.address, "address") as string);
      if (account && !account.wallet) return indexerError(409, "not a wallet");
      return { status: 200, body: renderWalletInformation(account) };
    },
    getAddressBook: ({ query }) => ({
      status: 200,
      body: addressBook(rawAddresses(query.address, "address"), accounts, context.testnet),
    }),
    getMetadata: ({ query }) => ({
      status: 200,
      body: metadata(rawAddresses(query.address, "address"), accounts),
    }),
  };
}
