import type { Block, TransactionInfo } from "../../../generated/wallet/types.js";
import { AbortError } from "../../runtime/errors/abort-error.js";
import { type FieldIssue, RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { RecentKeys } from "../../runtime/recent-keys.js";
import { ChainReorgError } from "../errors/chain-reorg-error.js";
import { convertAddress } from "../request-address.js";
import { blockPayments, type Payment, type PaymentFilter } from "./block-payments.js";

/**
 * How many transactions that paid a watched address are remembered, so one a node lists again in a
 * later block is not yielded twice: a repeat comes within a few blocks, far fewer payments than this.
 */
export const PAID_TRANSACTIONS_REMEMBERED = 10_000;

/** What to watch, from where, and how. */
export interface WatchPaymentsOptions {
  /** The recipients to watch, `T…` or `41…`. */
  addresses: readonly string[];
  /** Only these assets: `TRX`, TRC-10 token ids (`"1005416"`), TRC-20 contracts (`T…` or `41…`). All when absent. */
  assets?: readonly string[];
  /** Read solidified blocks only (`/walletsolidity/...`): nothing yielded can be undone by a fork. Default `false`. */
  confirmed?: boolean;
  /** The first block to read (default: the block after the current head). */
  fromBlock?: bigint | number;
  /** Stops the watch: the iteration ends without an error. */
  signal?: AbortSignal;
  /** Milliseconds between looks at the head once caught up (default 3000, TRON's block time). */
  pollIntervalMs?: number;
}

/** The reads a watch makes: the head, a block by height, and a block's receipts. */
export interface WatchReads {
  head(confirmed: boolean, signal?: AbortSignal): Promise<Block>;
  block(num: bigint, confirmed: boolean, signal?: AbortSignal): Promise<Block | null>;
  receipts(num: bigint, confirmed: boolean, signal?: AbortSignal): Promise<TransactionInfo[]>;
}

/**
 * Yields the payments to the watched addresses block after block, in block order, each block read
 * once and none skipped: the cursor is the next height, and only moves once a block's payments were
 * all yielded. A consumer that pauses leaves the watch suspended where it was; it then reads the
 * blocks it missed, one at a time, before looking at the head again, so memory stays one block
 * whatever the run's length. A block's receipts are read only when it holds a contract call (TRC-20
 * `Transfer` logs, internal transfers). With `confirmed: false`, a block that does not follow the
 * last one read (a fork) ends the watch with a {@link ChainReorgError}. A transaction that paid in
 * an earlier block (one of the last 10,000 that paid) pays nothing when a node lists it again.
 *
 * @param reads - The client's block reads.
 * @param options - Addresses, assets, start, signal.
 * @throws {RequestValidationError} before reading, for an address or asset that is not one.
 * @throws {ChainReorgError} when the head chain forks under a `confirmed: false` watch.
 * @example
 * for await (const payment of wallet.watchPayments({ addresses: ["TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV"], confirmed: true })) {
 *   console.log(payment.kind, payment.asset, payment.amount, payment.txID);
 * }
 */
export async function* watchPayments(
  reads: WatchReads,
  options: WatchPaymentsOptions,
): AsyncGenerator<Payment> {
  const filter = readFilter(options);
  const confirmed = options.confirmed ?? false;
  const { signal } = options;
  const interval = options.pollIntervalMs ?? 3000;
  let next = options.fromBlock === undefined ? undefined : BigInt(options.fromBlock);
  let previousId: string | undefined;
  const paidBefore = new RecentKeys(PAID_TRANSACTIONS_REMEMBERED);
  try {
    while (!signal?.aborted) {
      const head = await reads.head(confirmed, signal);
      const headNumber = BigInt(head.block_header.raw_data.number ?? 0);
      next ??= headNumber + 1n;
      let stalled = false;
      while (next <= headNumber && !signal?.aborted) {
        // The head answer already holds the head block: no need to ask for it again.
        const block = next === headNumber ? head : await reads.block(next, confirmed, signal);
        if (block === null) {
          stalled = true; // the node has not got it yet: look again after a pause
          break;
        }
        const parent = block.block_header.raw_data.parentHash;
        if (previousId !== undefined && parent !== previousId)
          throw new ChainReorgError(next, previousId, String(parent));
        const callsContracts = (block.transactions ?? []).some(
          (transaction) => transaction.raw_data.contract[0]?.type === "TriggerSmartContract",
        );
        const receipts = callsContracts ? await reads.receipts(next, confirmed, signal) : [];
        const payments = blockPayments(block, receipts, filter).filter(({ txID }) => !paidBefore.has(txID));
        for (const { txID } of payments) paidBefore.add(txID);
        for (const payment of payments) yield payment;
        previousId = block.blockID;
        next += 1n;
      }
      if (next > headNumber || stalled) await pause(interval, signal);
    }
  } catch (error) {
    if (signal?.aborted && error instanceof AbortError) return;
    throw error;
  }
}

/** Waits, or less when the signal fires. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

function readFilter(options: WatchPaymentsOptions): PaymentFilter {
  const issues: FieldIssue[] = [];
  const addresses = new Set<string>();
  const list = Array.isArray(options?.addresses) ? options.addresses : [];
  if (list.length === 0)
    issues.push({ pointer: "/addresses", message: "must list at least one TRON address (T… or 41…)" });
  list.forEach((address, index) => {
    const hex = convertAddress(address, false);
    if (hex === undefined) {
      issues.push({
        pointer: `/addresses/${index}`,
        message: "must be a TRON address: Base58Check T… or 41 followed by 40 hex digits",
      });
    } else addresses.add(hex);
  });
  let assets: Set<string> | undefined;
  if (options?.assets !== undefined) {
    assets = new Set();
    options.assets.forEach((asset, index) => {
      const contract = convertAddress(asset, true);
      if (asset === "TRX" || /^[0-9]{1,19}$/.test(asset)) assets?.add(asset);
      else if (contract !== undefined) assets?.add(contract);
      else {
        issues.push({
          pointer: `/assets/${index}`,
          message: "must be TRX, a TRC-10 token id (digits) or a TRC-20 contract address (T… or 41…)",
        });
      }
    });
  }
  const from = options?.fromBlock;
  if (
    from !== undefined &&
    !(typeof from === "bigint" ? from >= 0n : Number.isSafeInteger(from) && from >= 0)
  ) {
    issues.push({ pointer: "/fromBlock", message: "must be a block height: a whole number from 0" });
  }
  if (issues.length > 0) throw new RequestValidationError("watchPayments", issues);
  return { addresses, assets };
}
