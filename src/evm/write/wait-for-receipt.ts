import type { EvmMethods, Receipt } from "../../../generated/evm/index.js";
import { AbortError } from "../../runtime/errors/abort-error.js";
import { JsonRpcError } from "../../runtime/errors/json-rpc-error.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import { TimeoutError } from "../../runtime/errors/timeout-error.js";
import { TransactionRevertedError } from "../errors/transaction-reverted-error.js";
import type { EvmLiveMethods } from "../live/live-methods.js";
import { decodeRevert, revertDataOf } from "../revert/decode-revert.js";
import type { RevertReason } from "../revert/revert-reason.js";
// Loaded by the client after its call path: importing it keeps their shared code in one chunk (why: evm-call-path.ts).
import "../client/evm-call-path.js";

/** Options of `evm.waitForReceipt`. */
export interface WaitForReceiptOptions {
  /** How long to wait for the receipt, in milliseconds (default 60 000). */
  timeout?: number;
  /** Over HTTP, how often to ask for the receipt, in milliseconds (default 500; small blocks come every second). */
  pollInterval?: number;
  /** ABI whose custom errors decode the revert reason of a failed transaction. */
  abi?: readonly unknown[];
  /** Stops waiting. */
  signal?: AbortSignal;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** Settles with `promise`, or rejects when the deadline passes or the signal aborts first. */
function beforeDeadline<T>(
  promise: Promise<T>,
  deadline: number,
  onTimeout: () => Error,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), Math.max(0, deadline - Date.now()));
    const onAbort = () => reject(new AbortError({ reason: signal?.reason }));
    signal?.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    });
  });
}

/** Replays a failed transaction with `eth_call` (latest state: HyperEVM keeps no history) and decodes its revert. */
async function replayReason(
  node: EvmMethods,
  hash: string,
  abi?: readonly unknown[],
): Promise<RevertReason | undefined> {
  const transaction = await node.eth_getTransactionByHash(hash);
  if (transaction === null) return undefined;
  try {
    await node.eth_call({
      from: transaction.from,
      to: transaction.to ?? null,
      input: transaction.input,
      value: transaction.value,
      gas: transaction.gas,
    });
    return undefined;
  } catch (error) {
    if (!(error instanceof JsonRpcError && error.code === 3)) throw error;
    return decodeRevert(revertDataOf(error.data) ?? "0x", abi);
  }
}

/**
 * Waits until a transaction is mined and returns its receipt. Over HTTP the receipt is asked for every
 * `pollInterval`; over WebSocket once per new head (`newHeads`). A failed transaction (status `0x0`) is
 * replayed with `eth_call` to learn why, since receipts carry no reason.
 *
 * @param node - The client (its `subscribe` is used when it has one).
 * @param hash - The transaction hash.
 * @param options - Timeout, poll interval, ABI, signal.
 * @returns The receipt of a successful transaction.
 * @throws {TransactionRevertedError} when the transaction failed, with the decoded reason.
 * @throws {TimeoutError} when no receipt came within `timeout`.
 * @throws {ResponseValidationError} (pointer `/result/transactionHash`) when the node answers another transaction's receipt.
 * @example
 * const receipt = await waitForReceipt(evm, hash, { timeout: 30_000 });
 */
export async function waitForReceipt(
  node: EvmMethods & Partial<Pick<EvmLiveMethods, "subscribe" | "close">>,
  hash: string,
  options: WaitForReceiptOptions = {},
): Promise<Receipt> {
  if (typeof hash !== "string" || !HASH.test(hash)) {
    throw new RequestValidationError("waitForReceipt", [
      { pointer: "/hash", message: "must be a transaction hash: 0x and 64 hex digits" },
    ]);
  }
  const { timeout = 60_000, pollInterval = 500, abi, signal } = options;
  const deadline = Date.now() + timeout;
  const timedOut = () => new TimeoutError({ timeout, method: "waitForReceipt", url: hash });
  const fetchReceipt = () =>
    beforeDeadline(node.eth_getTransactionReceipt(hash, { signal }), deadline, timedOut, signal);

  let receipt: Receipt | null;
  // Only a WebSocket client has close; over HTTP, subscribe is there only to say it needs one.
  if (typeof node.subscribe === "function" && typeof node.close === "function") {
    // Subscribed before the first look, so a block mined in between still wakes us.
    const heads = node.subscribe("newHeads");
    try {
      receipt = await fetchReceipt();
      while (receipt === null) {
        const next = await beforeDeadline(heads.next(), deadline, timedOut, signal);
        if (next.done) throw timedOut();
        if (next.value.type === "head") receipt = await fetchReceipt();
      }
    } finally {
      await heads.unsubscribe().catch(() => undefined);
    }
  } else {
    receipt = await fetchReceipt();
    while (receipt === null) {
      await beforeDeadline(
        new Promise((resolve) => setTimeout(resolve, pollInterval)),
        deadline,
        timedOut,
        signal,
      );
      receipt = await fetchReceipt();
    }
  }
  // A node may answer with another transaction's receipt: it would pass for this one's.
  if (
    typeof receipt.transactionHash !== "string" ||
    receipt.transactionHash.toLowerCase() !== hash.toLowerCase()
  ) {
    throw new ResponseValidationError("eth_getTransactionReceipt", 200, [
      {
        pointer: "/result/transactionHash",
        message: `must be the hash waited for (${hash}): the node answered another transaction's receipt`,
      },
    ]);
  }
  if (receipt.status === "0x0") {
    throw new TransactionRevertedError({
      transactionHash: hash,
      receipt,
      reason: await replayReason(node, hash, abi),
    });
  }
  return receipt;
}
