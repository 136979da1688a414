import type { TransactionInfo } from "../../../generated/wallet/types.js";
import { AbortError } from "../../runtime/errors/abort-error.js";
import { ConfigurationError } from "../../runtime/errors/configuration-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import { TimeoutError } from "../../runtime/errors/timeout-error.js";
import { sleep } from "../../runtime/http/sleep.js";
import type { CallOptions } from "../../runtime/operation.js";
import { TransactionFailedError } from "../errors/transaction-failed-error.js";
import { TransactionWaitTimeoutError } from "../errors/transaction-wait-timeout-error.js";
import { hexToText } from "../hex-text.js";
import { revertReason } from "./revert-reason.js";

/** Options of `waitForTransaction`. */
export interface WaitForTransactionOptions {
  /** Wait until the solidified chain has it (`/walletsolidity`), not just a block. Default `false`. */
  confirmed?: boolean;
  /** How long to wait in total, in milliseconds (default 120 000). */
  timeout?: number;
  /** The pause between polls, in milliseconds (default 1 000; TRON makes a block every 3 s). */
  interval?: number;
  /** Stops waiting (the current poll is aborted too). */
  signal?: AbortSignal;
}

/** Reads a receipt once: the client's `getTransactionInfoById`, on the head or the solidified chain. */
export type ReceiptReader = (
  txID: string,
  options: CallOptions & { confirmed: boolean },
) => Promise<TransactionInfo | null>;

const FAILED_RESULTS = new Set(["REVERT", "OUT_OF_ENERGY", "OUT_OF_TIME", "TRANSFER_FAILED"]);

/**
 * Polls a transaction's receipt until it is in a block (or, with `confirmed`, solidified), then
 * checks how it ran: a contract call that failed is a {@link TransactionFailedError} with the revert
 * reason decoded from `contractResult`.
 *
 * @param read - Reads the receipt once.
 * @param txID - The transaction id (64 hex digits; a `0x` prefix is dropped).
 * @param options - Confirmed or not, timeout, interval, abort signal.
 * @returns The receipt.
 * @throws {TransactionFailedError} when the receipt says the call failed (`REVERT`, `OUT_OF_ENERGY`, …).
 * @throws {ResponseValidationError} (pointer `/id`) when the node answers another transaction's receipt.
 * @throws {TransactionWaitTimeoutError} when the timeout runs out first.
 * @throws {AbortError} when `signal` fires.
 * @throws {ConfigurationError} for a timeout or interval that is not a number of milliseconds > 0.
 * @example
 * const info = await wallet.waitForTransaction("a6850deb302e647f386dce814e272a86919d6d77fde5b44b0db1b6641e51740f", { confirmed: true });
 */
export async function waitForTransaction(
  read: ReceiptReader,
  txID: string,
  options: WaitForTransactionOptions = {},
): Promise<TransactionInfo> {
  const confirmed = options.confirmed === true;
  const timeout = positive("timeout", options.timeout, 120_000);
  const interval = positive("interval", options.interval, 1_000);
  const { signal } = options;
  const deadline = Date.now() + timeout;
  for (;;) {
    if (signal?.aborted) throw new AbortError({ reason: signal.reason });
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new TransactionWaitTimeoutError({ txID, timeout, confirmed });
    let info: TransactionInfo | null = null;
    try {
      info = await read(txID, { confirmed, signal, timeout: remaining });
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error;
      throw new TransactionWaitTimeoutError({ txID, timeout, confirmed, cause: error });
    }
    if (info !== null) return checkOutcome(checkIdentity(info, txID, confirmed));
    await sleep(Math.min(interval, Math.max(0, deadline - Date.now())), signal);
  }
}

/**
 * The receipt, when it is the one asked for: a node that answers another transaction's receipt (a
 * real one, successful) must not make a failed or unknown transaction look done.
 */
function checkIdentity(info: TransactionInfo, txID: string, confirmed: boolean): TransactionInfo {
  const asked = txID.replace(/^0x/i, "").toLowerCase();
  if (typeof info.id === "string" && info.id.replace(/^0x/i, "").toLowerCase() === asked) return info;
  throw new ResponseValidationError(
    confirmed ? "getTransactionInfoByIdSolidity" : "getTransactionInfoById",
    200,
    [
      {
        pointer: "/id",
        message: `is ${String(info.id)}, not ${asked}: the node answered with another transaction's receipt; check the node, it cannot be trusted with this wait`,
      },
    ],
  );
}

/** The receipt, or the failure it records. */
function checkOutcome(info: TransactionInfo): TransactionInfo {
  const result = info.receipt?.result;
  const failed = info.result === "FAILED" || (result !== undefined && FAILED_RESULTS.has(result));
  if (!failed) return info;
  const decoded = revertReason(info.contractResult?.[0] ?? "");
  let message: string | undefined;
  try {
    message = info.resMessage ? hexToText(info.resMessage) : undefined;
  } catch {
    message = info.resMessage;
  }
  throw new TransactionFailedError({
    txID: info.id,
    result: result ?? "FAILED",
    reason: decoded ?? message,
    info,
  });
}

function positive(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || Number.isNaN(value) || value <= 0) {
    throw new ConfigurationError(name, `must be a number of milliseconds > 0, got ${String(value)}`);
  }
  return value;
}
