import { bytesToHex } from "@noble/hashes/utils.js";
import type { WalletOperations } from "../../../generated/wallet/client.js";
import type { TriggerSmartContractResponse, UnsignedTransaction } from "../../../generated/wallet/types.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { ContractCallError } from "../errors/contract-call-error.js";
import { FEE_LIMIT_CAP_RULE } from "../fee-limit-cap.js";
import { DEFAULT_FEE_LIMIT } from "../fee-limits.js";
import { nodeMessage } from "../hex-text.js";
import { positiveSun } from "../positive-sun.js";
import { convertAddress } from "../request-address.js";
import {
  type CheckedWriteOptions,
  sendCheckedWrite,
  signerOwner,
  type WriteResult,
} from "../transaction/checked-write.js";
import type { ExpectedTransaction } from "../transaction/expected-transaction.js";
import type { WalletSigner } from "../transaction/wallet-signer.js";
import { TRC20 as abi } from "./trc20-abi.js";

/** Options of a TRC-20 write. */
export interface Trc20WriteOptions extends CheckedWriteOptions {
  /**
   * The most sun the call may burn for energy the sender's stake does not cover (default
   * 100 000 000, 100 TRX). Past it the call stops with `OUT_OF_ENERGY` and the limit is burned.
   */
  feeLimit?: bigint | number;
  /** The highest `feeLimit` to accept for this call (default: the client's `maxFeeLimit`). */
  maxFeeLimit?: bigint | number;
}

/** A TRC-20 write the node accepted: wait for it with `waitForTransaction`. */
export interface Trc20WriteResult extends WriteResult {}

const MAX_UINT256 = 2n ** 256n - 1n;
const MAX_INT64 = 2n ** 63n - 1n;

const FUNCTIONS = {
  transfer: { signature: "transfer(address,uint256)", words: ["recipient", "amount"], party: "to" },
  approve: { signature: "approve(address,uint256)", words: ["spender", "amount"], party: "spender" },
} as const;

/** What a TRC-20 write needs from the client. */
export interface Trc20WriteContext {
  operations: WalletOperations;
  /** The token contract, as given. */
  token: string;
  /** The client's cap on fee limits. */
  maxFeeLimit: bigint;
}

/**
 * Sends a TRC-20 `transfer(to, amount)` or `approve(spender, amount)` through the checked-write
 * path: the node builds it with `triggerSmartContract`, and the signer is called only when the
 * decoded `raw_data_hex` is a `TriggerSmartContract` from the signer to this token whose call data
 * is exactly the asked function with the asked arguments (selector and ABI coding checked), with
 * no TRX or TRC-10 value sent along, the asked `fee_limit`, an expiration in the window, and a
 * `txID` that is the hash of the bytes.
 *
 * @param context - The client's operations, the token and the fee-limit cap.
 * @param name - `transfer` or `approve`.
 * @param party - The recipient (`transfer`) or spender (`approve`), `T…` or `41…`.
 * @param amount - In the token's smallest unit; a `bigint` or a safe integer.
 * @param signer - Signs the checked transaction.
 * @param options - Fee limit and its cap, abort signal, timeout, expiration window.
 * @returns The transaction id and the node's broadcast answer.
 * @throws {RequestValidationError} before sending, for a bad address, amount, fee limit (above the cap)
 *   or cap (`maxFeeLimit` not a positive whole number of sun below 2^63).
 * @throws {ContractCallError} when the node will not build the call (no contract there, …), the reason in words.
 * @throws {TransactionMismatchError} when the node built something else; the signer is not called.
 * @throws {BroadcastError} when the node refuses the signed transaction, the reason in words.
 * @example
 * import { privateKeySigner } from "chainkit/wallet";
 * const me = privateKeySigner(sandbox.credentials.walletPrivateKey);
 * // wallet.trc20(token).transfer(to, amount, signer) runs this:
 * const { txID } = await wallet.trc20(sandbox.fixtures.walletTrc20Address).transfer("TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", 1_000_000n, me);
 */
export async function sendTrc20Write(
  context: Trc20WriteContext,
  name: keyof typeof FUNCTIONS,
  party: string,
  amount: bigint | number,
  signer: WalletSigner,
  options: Trc20WriteOptions = {},
): Promise<Trc20WriteResult> {
  const owner = signerOwner(signer);
  const fn = FUNCTIONS[name];
  const asked = readWrite(context, name, party, amount, options);
  const encoded =
    name === "transfer"
      ? abi.transfer.encodeInput({ to: `0x${asked.party.slice(2)}`, value: asked.amount })
      : abi.approve.encodeInput({ spender: `0x${asked.party.slice(2)}`, value: asked.amount });
  const data = bytesToHex(encoded);
  const expected: ExpectedTransaction = {
    contract: {
      type: 31n,
      name: "TriggerSmartContract",
      fields: [
        { number: 1, json: "owner_address", what: "owner", kind: "address", value: owner },
        { number: 2, json: "contract_address", what: "contract", kind: "address", value: asked.token },
        { number: 3, json: "call_value", what: "call value (TRX sent along)", kind: "int64", value: 0n },
        { number: 4, json: "data", what: "call data", kind: "callData", value: data, words: fn.words },
        {
          number: 5,
          json: "call_token_value",
          what: "token value (TRC-10 sent along)",
          kind: "int64",
          value: 0n,
        },
        { number: 6, json: "token_id", what: "TRC-10 token sent along", kind: "int64", value: 0n },
      ],
    },
    feeLimit: asked.feeLimit,
  };
  const build = async (callOptions: Parameters<typeof context.operations.triggerSmartContract>[1]) => {
    const answer = (await context.operations.triggerSmartContract(
      {
        owner_address: convertAddress(owner, true) as string,
        contract_address: convertAddress(asked.token, true) as string,
        function_selector: fn.signature,
        parameter: data.slice(8),
        fee_limit: asked.feeLimit,
        call_value: 0n,
        visible: true,
      },
      callOptions,
    )) as Exclude<TriggerSmartContractResponse, { Error: string }>;
    if (answer.result?.result !== true || answer.transaction === undefined) {
      const code = answer.result?.code ?? "UNKNOWN";
      throw new ContractCallError(code, nodeMessage(answer.result?.message, true), fn.signature);
    }
    return answer.transaction as UnsignedTransaction;
  };
  return sendCheckedWrite(context.operations, signer, { expected, build }, options);
}

/** The write's values, checked before anything is sent. */
function readWrite(
  context: Trc20WriteContext,
  name: keyof typeof FUNCTIONS,
  party: string,
  amount: bigint | number,
  options: Trc20WriteOptions,
) {
  const issues = [];
  const token = convertAddress(context.token, false);
  if (token === undefined) {
    issues.push({
      pointer: "/token",
      message: "must be a TRON address: Base58Check T… or 41 followed by 40 hex digits",
    });
  }
  const other = convertAddress(party, false);
  if (other === undefined) {
    issues.push({
      pointer: `/${FUNCTIONS[name].party}`,
      message: "must be a TRON address: Base58Check T… or 41 followed by 40 hex digits",
    });
  }
  const value =
    typeof amount === "bigint" ? amount : Number.isSafeInteger(amount) ? BigInt(amount) : undefined;
  const least = name === "transfer" ? 1n : 0n;
  if (value === undefined || value < least || value > MAX_UINT256) {
    issues.push({
      pointer: "/amount",
      message: `must be an integer from ${least} to 2^256 - 1 in the token's smallest unit (a bigint, or a safe integer number)`,
    });
  }
  // The call's own cap is checked as the client's is: NaN or a fraction must not fall back on the
  // client's cap, nor a negative cap blame the fee limit.
  const cap = options.maxFeeLimit === undefined ? context.maxFeeLimit : positiveSun(options.maxFeeLimit);
  const feeLimit = toSun(options.feeLimit ?? DEFAULT_FEE_LIMIT);
  if (cap === undefined) {
    issues.push({
      pointer: "/maxFeeLimit",
      message: `${FEE_LIMIT_CAP_RULE}, got ${String(options.maxFeeLimit)}`,
    });
  } else if (feeLimit === undefined || feeLimit <= 0n || feeLimit > cap) {
    issues.push({
      pointer: "/feeLimit",
      message: `must be a positive number of sun no higher than the cap of ${cap} sun (raise maxFeeLimit to allow more)`,
    });
  }
  if (issues.length > 0) throw new RequestValidationError(`trc20.${name}`, issues);
  return {
    token: token as string,
    party: other as string,
    amount: value as bigint,
    feeLimit: feeLimit as bigint,
  };
}

/** A sun amount as a bigint: a bigint or a safe integer in int64 range, else undefined. */
function toSun(value: bigint | number | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  const sun = typeof value === "bigint" ? value : Number.isSafeInteger(value) ? BigInt(value) : undefined;
  return sun !== undefined && sun <= MAX_INT64 ? sun : undefined;
}
