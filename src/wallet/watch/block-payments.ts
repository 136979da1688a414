import type { Block, TransactionInfo } from "../../../generated/wallet/types.js";
import { toBase58Address } from "../address.js";
import { convertAddress } from "../request-address.js";

/** An incoming payment to a watched address, as a block holds it. */
export interface Payment {
  /** `TRX` (a TransferContract or a contract's internal transfer), `TRC10` (TransferAssetContract) or `TRC20` (a `Transfer` log). */
  kind: "TRX" | "TRC10" | "TRC20";
  /** What moved: `TRX`, the TRC-10 token id, or the TRC-20 contract (`T…`). */
  asset: string;
  /** The payer and the watched recipient, Base58Check `T…`. */
  from: string;
  to: string;
  /** Sun for TRX, else the token's smallest unit. */
  amount: bigint;
  txID: string;
  blockNumber: bigint;
  blockId: string;
  /** The block's time, Unix milliseconds. */
  timestamp: bigint;
  /** Whether a contract made it (an internal transaction), rather than the transaction itself. */
  internal: boolean;
}

/** The watched addresses (`41…` hex) and assets (`TRX`, token ids, `T…` contracts; all when absent). */
export interface PaymentFilter {
  addresses: ReadonlySet<string>;
  assets: ReadonlySet<string> | undefined;
}

/** Keccak-256 of `Transfer(address,address,uint256)`. */
const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

const hexOf = (address: unknown) => convertAddress(address, false);
const shown = (hex: string) => toBase58Address(hex);

/**
 * The payments to watched addresses in one block, in block order: each successful transaction's
 * TRX or TRC-10 transfer, then the TRC-20 `Transfer` logs and the internal TRX and TRC-10 transfers
 * of its receipt. A failed transaction pays nothing, and one listed twice pays once.
 *
 * @param block - The block, with its transactions.
 * @param infos - The block's receipts (`gettransactioninfobyblocknum`); `[]` when it has no contract calls.
 * @param filter - Which recipients and assets to keep.
 * @example
 * const block = await wallet.getBlockByNum({ num: 1n });
 * if (block) blockPayments(block, [], { addresses: new Set(["41dd791d6b49e190062d650e6a23c575510d35f2f9"]), assets: undefined });
 */
export function blockPayments(
  block: Block,
  infos: readonly TransactionInfo[],
  filter: PaymentFilter,
): Payment[] {
  const header = block.block_header.raw_data;
  const at = {
    blockNumber: BigInt(header.number ?? 0),
    blockId: block.blockID,
    timestamp: BigInt(header.timestamp ?? 0),
  };
  const receipts = new Map(infos.map((info) => [info.id, info]));
  const payments: Payment[] = [];
  const keep = (payment: Omit<Payment, keyof typeof at>) => {
    if (filter.assets && !filter.assets.has(payment.asset)) return;
    payments.push({ ...payment, ...at });
  };
  const listed = new Set<string>();
  for (const transaction of block.transactions ?? []) {
    // A node that lists a transaction twice in a block does not make it pay twice.
    if (listed.has(transaction.txID)) continue;
    listed.add(transaction.txID);
    if (transaction.ret?.[0]?.contractRet !== "SUCCESS") continue;
    const contract = transaction.raw_data.contract[0];
    const value = (contract?.parameter.value ?? {}) as Record<string, unknown>;
    const to = hexOf(value.to_address);
    const txID = transaction.txID;
    if (to !== undefined && filter.addresses.has(to)) {
      const from = shown(hexOf(value.owner_address) ?? "");
      const amount = BigInt((value.amount as bigint | number | undefined) ?? 0);
      if (contract?.type === "TransferContract") {
        keep({ kind: "TRX", asset: "TRX", from, to: shown(to), amount, txID, internal: false });
      } else if (contract?.type === "TransferAssetContract" && typeof value.asset_name === "string") {
        keep({ kind: "TRC10", asset: value.asset_name, from, to: shown(to), amount, txID, internal: false });
      }
    }
    const receipt = receipts.get(txID);
    if (receipt) for (const payment of receiptPayments(receipt, filter)) keep({ ...payment, txID });
  }
  return payments;
}

/** The TRC-20 `Transfer` logs and internal transfers of one receipt that pay a watched address. */
function receiptPayments(
  info: TransactionInfo,
  filter: PaymentFilter,
): Omit<Payment, "txID" | "blockNumber" | "blockId" | "timestamp">[] {
  const found: Omit<Payment, "txID" | "blockNumber" | "blockId" | "timestamp">[] = [];
  for (const log of info.log ?? []) {
    const topics = log.topics ?? [];
    if (topics.length !== 3 || topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
    const to = `41${String(topics[2]).slice(24).toLowerCase()}`;
    if (!filter.addresses.has(to)) continue;
    const data = String(log.data ?? "").slice(0, 64);
    found.push({
      kind: "TRC20",
      asset: shown(`41${String(log.address).slice(-40)}`),
      from: shown(`41${String(topics[1]).slice(24)}`),
      to: shown(to),
      amount: data ? BigInt(`0x${data}`) : 0n,
      internal: false,
    });
  }
  for (const internal of info.internal_transactions ?? []) {
    const to = hexOf(internal.transferTo_address);
    if (internal.rejected || to === undefined || !filter.addresses.has(to)) continue;
    for (const sent of internal.callValueInfo ?? []) {
      const amount = BigInt(sent.callValue ?? 0);
      if (amount === 0n) continue;
      found.push({
        kind: sent.tokenId === undefined ? "TRX" : "TRC10",
        asset: sent.tokenId ?? "TRX",
        from: shown(hexOf(internal.caller_address) ?? ""),
        to: shown(to),
        amount,
        internal: true,
      });
    }
  }
  return found;
}
