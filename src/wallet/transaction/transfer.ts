import type { WalletOperations } from "../../../generated/wallet/client.js";
import type { UnsignedTransaction } from "../../../generated/wallet/types.js";
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { convertAddress } from "../request-address.js";
import {
  type CheckedWriteOptions,
  sendCheckedWrite,
  signerOwner,
  type WriteResult,
} from "./checked-write.js";
import { transferExpectation } from "./verify-transfer.js";
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

/** Options of a transfer: those of every checked write. */
export interface TransferOptions extends CheckedWriteOptions {}

/** A transfer the node accepted. */
export interface TransferResult extends WriteResult {}

const MAX_INT64 = 2n ** 63n - 1n;

/**
 * Sends TRX or a TRC-10 token through the checked-write path ({@link sendCheckedWrite}): the node
 * builds the transaction (`createTransaction` or `transferAsset`), every field of `raw_data_hex`
 * and its `txID` are checked against the request, the signer signs the `txID` locally, the
 * signature is checked to recover the signer's address, and `broadcastTransaction` sends it.
 * Nothing is signed unless the node built exactly what was asked.
 *
 * @param operations - The wallet's generated operations.
 * @param request - Recipient, amount and, for TRC-10, the token id.
 * @param signer - Signs the checked transaction; `signer.address` is the sender.
 * @param options - Abort signal, timeout, expiration window.
 * @returns The transaction id and the node's broadcast answer.
 * @throws {RequestValidationError} before sending, for a bad recipient, amount or token id.
 * @throws {WalletSignerError} for a signer without a TRON address, or a signature that does not recover to it.
 * @throws {TransactionMismatchError} when the node's transaction is not the one asked for (the signer is not called).
 * @throws {BroadcastError} when the node refuses to build or to take it, with the reason in words (`balance too low`, …).
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
  const owner = signerOwner(signer);
  const intent = readRequest(request, owner);
  const body = {
    owner_address: convertAddress(owner, true) as string,
    to_address: convertAddress(intent.to, true) as string,
    amount: intent.amount,
    visible: true,
  };
  return sendCheckedWrite(
    operations,
    signer,
    {
      expected: transferExpectation(intent),
      build: async (callOptions) =>
        (intent.asset === undefined
          ? await operations.createTransaction(body, callOptions)
          : await operations.transferAsset(
              { ...body, asset_name: intent.asset },
              callOptions,
            )) as UnsignedTransaction,
    },
    options,
  );
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
