import { toRawAddress } from "../../../indexer/address/format-ton-address.js";
import { parseBoc, serializeBoc } from "../boc/boc.js";
import { BocError } from "../boc/boc-error.js";
import type { Cell } from "../boc/cell.js";
import { addressCell } from "../boc/cell-builder.js";
import { CellSlice } from "../boc/cell-slice.js";
import { codeCell, contentOf } from "../ledger/contracts.js";
import { jettonWalletAddress } from "../ledger/jetton-wallet-address.js";
import type { LedgerAccount } from "../ledger/ledger-types.js";

/** A stack entry as the service writes it. */
export type StackEntry = { type: "num"; value: string } | { type: "cell"; value: string };

/** What a get-method left. */
export interface GetMethodResult {
  gas_used: number;
  exit_code: number;
  stack: StackEntry[];
}

/** TVM exit code when the method does not exist. */
const UNKNOWN_METHOD = 11;
/** TVM exit code for a stack argument of the wrong type or an account without code. */
const TYPE_CHECK = 7;
const NO_CODE = -13;

const num = (value: bigint | number): StackEntry => {
  const big = BigInt(value);
  return { type: "num", value: big < 0n ? `-0x${(-big).toString(16)}` : `0x${big.toString(16)}` };
};
const cell = (value: Cell): StackEntry => ({ type: "cell", value: serializeBoc(value) });

/**
 * Answers the standard get-methods from an account's state: a wallet's `seqno` and
 * `get_public_key`; a jetton wallet's `get_wallet_data`; a jetton master's `get_jetton_data` and
 * `get_wallet_address` (the owner as a `slice` or `cell` argument); an NFT item's `get_nft_data`.
 * Numbers are hex strings, addresses and content are cells, as the service writes them.
 *
 * @param account - The account, or undefined when it does not exist.
 * @param method - The method name.
 * @param stack - The arguments.
 * @returns Exit code, gas and the resulting stack (11 for an unknown method, -13 without code).
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [wallet] = [...ledger.accounts.values()].filter((a) => a.kind === "wallet");
 * runGetMethod(wallet, "seqno", []); // { gas_used: 549, exit_code: 0, stack: [{ type: "num", value: "0x11" }] }
 */
export function runGetMethod(
  account: LedgerAccount | undefined,
  method: string | number,
  stack: readonly { type: string; value: string }[],
): GetMethodResult {
  if (account?.status !== "active") return { gas_used: 0, exit_code: NO_CODE, stack: [] };
  const ok = (gas: number, entries: StackEntry[]) => ({ gas_used: gas, exit_code: 0, stack: entries });
  const { wallet, jettonWallet, jettonMaster, nftItem } = account;
  if (wallet && method === "seqno") return ok(549, [num(wallet.seqno)]);
  if (wallet && method === "get_public_key") {
    return ok(549, [num(BigInt(`0x${Buffer.from(wallet.publicKey).toString("hex")}`))]);
  }
  if (jettonWallet && method === "get_wallet_data") {
    return ok(1_187, [
      num(jettonWallet.balance),
      cell(addressCell(jettonWallet.owner)),
      cell(addressCell(jettonWallet.master)),
      cell(codeCell("jetton_wallet")),
    ]);
  }
  if (jettonMaster && method === "get_jetton_data") {
    return ok(685, [
      num(jettonMaster.totalSupply),
      num(-1),
      cell(addressCell(jettonMaster.admin)),
      cell(contentOf(account)),
      cell(codeCell("jetton_wallet")),
    ]);
  }
  if (jettonMaster && method === "get_wallet_address") {
    const owner = ownerArgument(stack);
    if (owner === undefined) return { gas_used: 400, exit_code: TYPE_CHECK, stack: [] };
    return ok(4_367, [cell(addressCell(jettonWalletAddress(owner, account.raw)))]);
  }
  if (nftItem && method === "get_nft_data") {
    return ok(1_024, [
      num(-1),
      num(nftItem.index),
      cell(addressCell(nftItem.collection)),
      cell(addressCell(nftItem.owner)),
      cell(contentOf(account)),
    ]);
  }
  return { gas_used: 0, exit_code: UNKNOWN_METHOD, stack: [] };
}

/** The owner address of `get_wallet_address`: one slice or cell argument holding an address. */
function ownerArgument(stack: readonly { type: string; value: string }[]): string | undefined {
  const [argument] = stack;
  if (stack.length !== 1 || !argument || (argument.type !== "slice" && argument.type !== "cell"))
    return undefined;
  try {
    const [root] = parseBoc(argument.value);
    return root ? toRawAddress(new CellSlice(root).addressInt()) : undefined;
  } catch (error) {
    if (error instanceof BocError) return undefined;
    throw error;
  }
}
