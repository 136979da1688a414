import type { WalletOperations } from "../../../generated/wallet/client.js";
import type { BroadcastResult, UnsignedTransaction } from "../../../generated/wallet/types.js";
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { CallOptions } from "../../runtime/operation.js";
import { BroadcastError } from "../errors/broadcast-error.js";
import { WalletSignerError } from "../errors/wallet-signer-error.js";
import { nodeMessage } from "../hex-text.js";
import { convertAddress } from "../request-address.js";
import { recoverSignerAddress } from "./recover-signer.js";
import { verifyTransfer } from "./verify-transfer.js";
import type { WalletSigner } from "./wallet-signer.js";

/** What to send. */
export interface TransferRequest {
  /** The recipient, Base58Check `T…` or `41…` hex; not the signer itself. */
  to: string;
  /** Sun for TRX (1 TRX = 1 000 000 sun), or the token's smallest unit; a `bigint`, or a safe integer. */
  amount: bigint | number;
  /** The TRC-10 token id (digits, e.g. `"1005416"`); leave it out to send TRX. */
  asset?: string;
}

/** Options of a transfer. */
export interface TransferOptions extends Pick<CallOptions, "signal" | "timeout"> {
  /**
   * How far ahead the node's transaction may expire, in milliseconds (default 300 000). Nodes set
   * about 60 s after their head block; a transaction that stays valid longer can be held back and
   * broadcast later.
   */
  maxExpirationMs?: number;
}

/** A transfer the node accepted. */
export interface TransferResult {
  /** The transaction id: look it up with `getTransactionInfoById` once it is in a block. */
  txID: string;
  /** The node's answer to the broadcast (`result: true`). */
  result: BroadcastResult;
}

const MAX_INT64 = 2n ** 63n - 1n;
const DEFAULT_MAX_EXPIRATION_MS = 300_000;

/**
 * Sends TRX or a TRC-10 token: the node builds the transaction (`createTransaction` or
 * `transferAsset`), {@link verifyTransfer} checks every field of `raw_data_hex` and its `txID`,
 * the signer signs the `txID` locally, the signature is checked to recover the signer's address,
 * and `broadcastTransaction` sends it. Nothing is signed unless the node built exactly what was asked.
 *
 * @param operations - The wallet's generated operations.
 * @param request - Recipient, amount and, for TRC-10, the token id.
 * @param signer - Signs the checked transaction; `signer.address` is the sender.
 * @param options - Abort signal, timeout, expiration window.
 * @returns The transaction id and the node's broadcast answer.
 * @throws {RequestValidationError} before sending, for a bad recipient, amount or token id.
 * @throws {WalletSignerError} for a signer without a TRON address, or a signature that does not recover to it.
 * @throws {TransactionMismatchError} when the node's transaction is not the one asked for (the signer is not called).
 * @throws {BroadcastError} when the node refuses the signed transaction.
 * @throws {HttpError} when the node refuses to build it (`{"Error": …}`, e.g. not enough balance).
 * @example
 * import { privateKeySigner } from "chainkit/wallet";
 * // wallet.transfer(request, signer) runs this with the client's operations:
 * const { txID } = await wallet.transfer({ to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n }, privateKeySigner(sandbox.credentials.walletPrivateKey));
 */
export async function sendTransfer(
  operations: WalletOperations,
  request: TransferRequest,
  signer: WalletSigner,
  options: TransferOptions = {},
): Promise<TransferResult> {
  const owner = convertAddress(signer?.address, false);
  if (owner === undefined || typeof signer?.signTransaction !== "function") {
    throw new WalletSignerError("The signer needs a TRON address (T… or 41…) and a signTransaction function");
  }
  const intent = readRequest(request, owner);
  const callOptions = { signal: options.signal, timeout: options.timeout };
  const body = {
    owner_address: convertAddress(owner, true) as string,
    to_address: convertAddress(intent.to, true) as string,
    amount: intent.amount,
    visible: true,
  };
  const built = (
    intent.asset === undefined
      ? await operations.createTransaction(body, callOptions)
      : await operations.transferAsset({ ...body, asset_name: intent.asset }, callOptions)
  ) as UnsignedTransaction;

  verifyTransfer(built, intent, {
    now: Date.now(),
    maxExpirationMs: options.maxExpirationMs ?? DEFAULT_MAX_EXPIRATION_MS,
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

  const result = (await operations.broadcastTransaction(
    {
      txID: built.txID,
      raw_data: built.raw_data,
      raw_data_hex: built.raw_data_hex,
      signature: [signature],
      visible: built.visible ?? true,
    },
    callOptions,
  )) as BroadcastResult;
  if (result.result !== true) {
    throw new BroadcastError(
      result.code ?? "UNKNOWN",
      nodeMessage(result.message, built.visible ?? true),
      built.txID,
    );
  }
  return { txID: built.txID, result };
}

function readRequest(request: TransferRequest, owner: string) {
  const issues: FieldIssue[] = [];
  const to = convertAddress(request?.to, false);
  if (to === undefined) {
    issues.push({
      pointer: "/to",
      message: "must be a TRON address: Base58Check T… or 41 followed by 40 hex digits",
    });
  } else if (to === owner) {
    issues.push({
      pointer: "/to",
      message: "must differ from the signer's address (a transfer to oneself is refused)",
    });
  }
  const amount = toAmount(request?.amount);
  if (amount === undefined) {
    issues.push({
      pointer: "/amount",
      message: "must be a positive integer below 2^63 (a bigint, or a safe integer number)",
    });
  }
  const asset = request?.asset;
  if (asset !== undefined && (typeof asset !== "string" || !/^[0-9]{1,19}$/.test(asset))) {
    issues.push({ pointer: "/asset", message: 'must be a TRC-10 token id: decimal digits, e.g. "1005416"' });
  }
  if (issues.length > 0) throw new RequestValidationError("transfer", issues);
  return { owner, to: to as string, amount: amount as bigint, ...(asset !== undefined && { asset }) };
}

function toAmount(value: unknown): bigint | undefined {
  const amount =
    typeof value === "bigint" ? value : Number.isSafeInteger(value) ? BigInt(value as number) : undefined;
  return amount !== undefined && amount > 0n && amount <= MAX_INT64 ? amount : undefined;
}
