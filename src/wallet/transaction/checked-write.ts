import type { WalletOperations } from "../../../generated/wallet/client.js";
import type { BroadcastResult, UnsignedTransaction } from "../../../generated/wallet/types.js";
import { HttpError } from "../../runtime/errors/http-error.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { CallOptions } from "../../runtime/operation.js";
import { BroadcastError } from "../errors/broadcast-error.js";
import { nodeException } from "../errors/refusal-reason.js";
import { WalletSignerError } from "../errors/wallet-signer-error.js";
import { nodeMessage } from "../hex-text.js";
import { convertAddress } from "../request-address.js";
import type { ExpectedTransaction } from "./expected-transaction.js";
import { recoverSignerAddress } from "./recover-signer.js";
import { verifyBuiltTransaction } from "./verify-built-transaction.js";
import type { WalletSigner } from "./wallet-signer.js";

/** Options of every checked write. */
export interface CheckedWriteOptions extends Pick<CallOptions, "signal" | "timeout"> {
  /**
   * How far ahead the node's transaction may expire, in milliseconds (default 300 000). Nodes set
   * about 60 s after their head block; a transaction that stays valid longer can be held back and
   * broadcast later.
   */
  maxExpirationMs?: number;
}

/** A write the node accepted. */
export interface WriteResult {
  /** The transaction id: wait for it with `waitForTransaction`. */
  txID: string;
  /** The node's answer to the broadcast (`result: true`). */
  result: BroadcastResult;
}

/** One write: how the node is asked to build it, and what it must then be. */
export interface CheckedWrite {
  build(options: Pick<CallOptions, "signal" | "timeout">): Promise<UnsignedTransaction>;
  expected: ExpectedTransaction;
}

const DEFAULT_MAX_EXPIRATION_MS = 300_000;

/**
 * The signer's address as lowercase `41…` hex, refusing a signer that cannot sign.
 *
 * @throws {WalletSignerError} for a signer without a TRON address or a `signTransaction` function.
 * @example
 * import { privateKeySigner } from "chainkit/wallet";
 * signerOwner(privateKeySigner(sandbox.credentials.walletPrivateKey)); // "41…"
 */
export function signerOwner(signer: WalletSigner): string {
  const owner = convertAddress(signer?.address, false);
  if (owner === undefined || typeof signer?.signTransaction !== "function") {
    throw new WalletSignerError("The signer needs a TRON address (T… or 41…) and a signTransaction function");
  }
  return owner;
}

/**
 * The one path every write of the wallet client takes (TRX, TRC-10, TRC-20 and any later one): the
 * node builds the transaction, {@link verifyBuiltTransaction} checks it field by field against
 * `write.expected`, and only then is the signer called; the signature must recover to the signer's
 * address before `broadcastTransaction` sends it. A node refusal, when building or on broadcast, is
 * a {@link BroadcastError} with the reason in words.
 *
 * @param operations - The wallet's generated operations.
 * @param signer - Signs the checked transaction.
 * @param write - How to build it and what it must be.
 * @param options - Abort signal, timeout, expiration window.
 * @returns The transaction id and the node's broadcast answer.
 * @throws {TransactionMismatchError} when the node built something else (the signer is not called).
 * @throws {WalletSignerError} when the signature does not recover to the signer's address.
 * @throws {BroadcastError} when the node refuses to build or to take the transaction.
 * @example
 * import { privateKeySigner } from "chainkit/wallet";
 * // wallet.transfer and wallet.trc20(token).transfer run this with the client's operations:
 * const { txID } = await wallet.transfer({ to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1n }, privateKeySigner(sandbox.credentials.walletPrivateKey));
 */
export async function sendCheckedWrite(
  operations: WalletOperations,
  signer: WalletSigner,
  write: CheckedWrite,
  options: CheckedWriteOptions = {},
): Promise<WriteResult> {
  const owner = signerOwner(signer);
  const maxExpirationMs = options.maxExpirationMs ?? DEFAULT_MAX_EXPIRATION_MS;
  if (typeof maxExpirationMs !== "number" || !Number.isSafeInteger(maxExpirationMs) || maxExpirationMs <= 0) {
    // Checked before the node is asked: a string would be concatenated to the time (a window of
    // millennia), NaN or a fraction would fail only after the node built the transaction.
    throw new RequestValidationError("write", [
      {
        pointer: "/options/maxExpirationMs",
        message: "must be a positive whole number of milliseconds, such as 300_000 (the default)",
      },
    ]);
  }
  const callOptions = { signal: options.signal, timeout: options.timeout };
  const built = await write.build(callOptions).catch((error: unknown) => {
    throw asRefusal(error);
  });
  verifyBuiltTransaction(built, write.expected, {
    now: Date.now(),
    maxExpirationMs,
  });
  const signature = (await signer.signTransaction({ txID: built.txID, rawDataHex: built.raw_data_hex }))
    ?.toString()
    .replace(/^0x/, "")
    .toLowerCase();
  if (recoverSignerAddress(built.txID, signature) !== owner) {
    throw new WalletSignerError(
      "The signer's signature does not recover to its address; nothing was broadcast",
    );
  }
  const visible = built.visible ?? true;
  const result = (await operations.broadcastTransaction(
    {
      txID: built.txID,
      raw_data: built.raw_data,
      raw_data_hex: built.raw_data_hex,
      signature: [signature],
      visible,
    },
    callOptions,
  )) as BroadcastResult;
  if (result.result !== true) {
    throw new BroadcastError(result.code ?? "UNKNOWN", nodeMessage(result.message, visible), built.txID);
  }
  return { txID: built.txID, result };
}

/** A build the node refused with `{"Error": …}` (an `HttpError` at 200) as a `BroadcastError`. */
function asRefusal(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.status !== 200 || typeof error.serviceMessage !== "string") {
    return error;
  }
  const { code, message } = nodeException(error.serviceMessage);
  return new BroadcastError(code, message);
}
