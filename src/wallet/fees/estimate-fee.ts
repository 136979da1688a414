import type { WalletOperations } from "../../../generated/wallet/client.js";
import type {
  AccountResource,
  ChainParameters,
  ConstantCall,
  ContractCallBuild,
  EnergyEstimate,
  UnsignedTransaction,
} from "../../../generated/wallet/types.js";
import { HttpError } from "../../runtime/errors/http-error.js";
import { type FieldIssue, RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import type { CallOptions } from "../../runtime/operation.js";
import { ContractCallError } from "../errors/contract-call-error.js";
import { ContractRevertError } from "../errors/contract-revert-error.js";
import { DEFAULT_FEE_LIMIT } from "../fee-limits.js";
import { nodeMessage } from "../hex-text.js";
import { convertAddress } from "../request-address.js";
import { revertReason } from "../transaction/revert-reason.js";
import { transactionBandwidth } from "./transaction-size.js";

/** A transfer whose cost to estimate: TRX, a TRC-10 token (`asset`) or a TRC-20 token (`token`). */
export interface FeeRequest {
  /** The sender, who would pay; `T…` or `41…`. */
  from: string;
  /** The recipient, `T…` or `41…`. */
  to: string;
  /** Sun, or the token's smallest unit; a positive `bigint` or safe integer. */
  amount: bigint | number;
  /** A TRC-10 token id (digits): estimate a TRC-10 transfer. */
  asset?: string;
  /** A TRC-20 contract address: estimate its `transfer(to, amount)`. */
  token?: string;
  /** For a TRC-20 transfer, the fee limit it would carry (default 100 TRX): it changes the size a little. */
  feeLimit?: bigint;
}

/** What a transfer will use, what the sender's resources cover, and what the rest burns. */
export interface FeeEstimate {
  /** Bytes of bandwidth the signed transaction uses. */
  bandwidth: bigint;
  /** Where its bandwidth comes from: the stake (own and delegated), the free daily allowance, or burned TRX. */
  bandwidthFrom: "stake" | "free" | "burn";
  /** Energy the call needs (0 for TRX and TRC-10 transfers). */
  energy: bigint;
  /** Energy the sender's stake (own and delegated) covers. */
  energyCovered: bigint;
  /** How the energy was found: `estimateenergy`, or `triggerconstantcontract`'s `energy_used` where the node has no estimate. */
  energySource: "estimateenergy" | "triggerconstantcontract" | "none";
  /** Sun burned for bandwidth, for energy, and to create the recipient's account (when it has none yet). */
  burn: { bandwidth: bigint; energy: bigint; accountCreation: bigint };
  /** All sun burned: the sum of `burn`. */
  totalBurn: bigint;
  /** The prices used: sun per energy (`getEnergyFee`) and per byte (`getTransactionFee`). */
  prices: { energyFee: bigint; transactionFee: bigint };
}

const MAX_INT64 = 2n ** 63n - 1n;
const TRANSFER_SELECTOR = "a9059cbb";

/**
 * Estimates a transfer's fee before it is sent. The node builds the unsigned transaction (nothing
 * is signed or broadcast) so its size is exact; a TRC-20 transfer's energy comes from
 * `estimateenergy`, or from `triggerconstantcontract`'s `energy_used` on nodes that do not offer
 * it. Bandwidth is covered by the stake when the stake's unused part holds the whole transaction,
 * else by the free allowance, else burned at `getTransactionFee`; energy the stake does not cover
 * burns at `getEnergyFee`; a recipient without an account costs `getCreateNewAccountFeeInSystemContract`.
 *
 * @param operations - The client's generated operations.
 * @param request - The transfer.
 * @param options - Abort signal, timeout.
 * @throws {RequestValidationError} before sending, for a bad address, amount or token.
 * @throws {ContractRevertError} when the TRC-20 transfer would revert (balance too low, …).
 * @throws {ContractCallError} or {HttpError} when the node will not build the transfer, the reason in words.
 * @example
 * const fee = await wallet.estimateFee({ from: sandbox.fixtures.walletAddress, to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n, token: sandbox.fixtures.walletTrc20Address });
 * fee.totalBurn; // sun
 */
export async function estimateFee(
  operations: WalletOperations,
  request: FeeRequest,
  options: Pick<CallOptions, "signal" | "timeout"> = {},
): Promise<FeeEstimate> {
  const asked = readRequest(request);
  const from = convertAddress(asked.from, true) as string;
  const to = convertAddress(asked.to, true) as string;
  const [parameters, resources, recipient, built] = await Promise.all([
    operations.getChainParameters({ visible: true }, options) as Promise<ChainParameters>,
    operations.getAccountResource({ address: from, visible: true }, options) as Promise<AccountResource>,
    asked.token === undefined
      ? (operations.getAccount({ address: to, visible: true }, options) as Promise<object>)
      : Promise.resolve({ address: to }),
    buildUnsigned(operations, asked, from, to, options),
  ]);
  const price = (key: string) => {
    const index = parameters.chainParameter.findIndex((entry) => entry.key === key);
    const value = parameters.chainParameter[index]?.value;
    return notNegative(
      value,
      "getChainParameters",
      `/chainParameter/${index}/value`,
      `a chain price (${key})`,
    );
  };
  const prices = { energyFee: price("getEnergyFee"), transactionFee: price("getTransactionFee") };
  const { energy, energySource } =
    asked.token === undefined
      ? { energy: 0n, energySource: "none" as const }
      : await contractEnergy(operations, asked.token, from, asked.data, options);

  const bandwidth = transactionBandwidth(built.raw_data_hex.length / 2);
  const resource = (field: keyof AccountResource) =>
    notNegative(resources[field], "getAccountResource", `/${field}`, `the account's ${field}`);
  const left = (limit: keyof AccountResource, used: keyof AccountResource) =>
    resource(limit) - resource(used);
  const bandwidthFrom =
    bandwidth <= left("NetLimit", "NetUsed")
      ? "stake"
      : bandwidth <= left("freeNetLimit", "freeNetUsed")
        ? "free"
        : "burn";
  const energyLeft = left("EnergyLimit", "EnergyUsed");
  const energyCovered = energy < energyLeft ? energy : energyLeft > 0n ? energyLeft : 0n;
  const burn = {
    bandwidth: bandwidthFrom === "burn" ? bandwidth * prices.transactionFee : 0n,
    energy: (energy - energyCovered) * prices.energyFee,
    accountCreation: "address" in recipient ? 0n : price("getCreateNewAccountFeeInSystemContract"),
  };
  return {
    bandwidth,
    bandwidthFrom,
    energy,
    energyCovered,
    energySource,
    burn,
    totalBurn: burn.bandwidth + burn.energy + burn.accountCreation,
    prices,
  };
}

type Asked = ReturnType<typeof readRequest>;

/** The unsigned transaction the node would build for the transfer: its bytes are what bandwidth counts. */
async function buildUnsigned(
  operations: WalletOperations,
  asked: Asked,
  from: string,
  to: string,
  options: Pick<CallOptions, "signal" | "timeout">,
): Promise<UnsignedTransaction> {
  if (asked.token !== undefined) {
    const answer = (await operations.triggerSmartContract(
      {
        owner_address: from,
        contract_address: convertAddress(asked.token, true) as string,
        data: asked.data,
        fee_limit: asked.feeLimit,
        visible: true,
      },
      options,
    )) as ContractCallBuild;
    if (answer.result?.result !== true || answer.transaction === undefined) {
      throw new ContractCallError(
        answer.result?.code ?? "UNKNOWN",
        nodeMessage(answer.result?.message, true),
        "transfer(address,uint256)",
      );
    }
    return answer.transaction as UnsignedTransaction;
  }
  const body = { owner_address: from, to_address: to, amount: asked.amount, visible: true };
  return (await (asked.asset === undefined
    ? operations.createTransaction(body, options)
    : operations.transferAsset({ ...body, asset_name: asked.asset }, options))) as UnsignedTransaction;
}

/**
 * The energy a TRC-20 transfer needs: `estimateenergy` where the node offers it (a node without it
 * answers 404 or an `{"Error": …}` body), else the `energy_used` of the same call run as a constant call.
 */
async function contractEnergy(
  operations: WalletOperations,
  token: string,
  from: string,
  data: string,
  options: Pick<CallOptions, "signal" | "timeout">,
): Promise<{ energy: bigint; energySource: FeeEstimate["energySource"] }> {
  const call = {
    owner_address: from,
    contract_address: convertAddress(token, true) as string,
    data,
    visible: true,
  };
  try {
    const estimate = (await operations.estimateEnergy(call, options)) as EnergyEstimate;
    if (estimate.result.result === true) {
      const energy = notNegative(
        estimate.energy_required,
        "estimateEnergy",
        "/energy_required",
        "the energy a call needs",
      );
      return { energy, energySource: "estimateenergy" };
    }
  } catch (error) {
    if (!(error instanceof HttpError) || (error.status !== 404 && error.status !== 200)) throw error;
  }
  const constant = (await operations.triggerConstantContract(call, options)) as ConstantCall;
  const output = constant.constant_result?.[0] ?? "";
  if (constant.transaction?.ret?.[0]?.ret === "FAILED") {
    throw new ContractRevertError({
      contract: token,
      functionSelector: "transfer(address,uint256)",
      reason: revertReason(output),
      data: output,
    });
  }
  if (constant.result?.result !== true) {
    throw new ContractCallError(
      constant.result?.code ?? "UNKNOWN",
      nodeMessage(constant.result?.message, true),
      "transfer(address,uint256)",
    );
  }
  const energy = notNegative(
    constant.energy_used,
    "triggerConstantContract",
    "/energy_used",
    "the energy a call needs",
  );
  return { energy, energySource: "triggerconstantcontract" };
}

function big(value: unknown): bigint {
  return typeof value === "bigint" ? value : value === undefined ? 0n : BigInt(value as number | string);
}

/**
 * A price, resource or energy the node answered, refused when below zero: none can be, and a
 * negative one turns the estimate into a negative burn that would pass for a refund.
 */
function notNegative(value: unknown, operation: string, pointer: string, what: string): bigint {
  const number = big(value);
  if (number >= 0n) return number;
  throw new ResponseValidationError(operation, 200, [
    {
      pointer,
      message: `is ${number}, but ${what} is never negative: the node's answer is wrong or hostile, so no fee can be estimated from it; ask another node`,
    },
  ]);
}

/** The request's values, checked before anything is sent. */
function readRequest(request: FeeRequest) {
  const issues: FieldIssue[] = [];
  const address = (field: "from" | "to" | "token") => {
    const hex = convertAddress(request[field], false);
    if (hex === undefined) {
      issues.push({
        pointer: `/${field}`,
        message: "must be a TRON address: Base58Check T… or 41 followed by 40 hex digits",
      });
    }
    return hex;
  };
  const from = address("from");
  const to = address("to");
  const token = request.token === undefined ? undefined : address("token");
  const amount =
    typeof request.amount === "bigint"
      ? request.amount
      : Number.isSafeInteger(request.amount)
        ? BigInt(request.amount)
        : undefined;
  if (amount === undefined || amount <= 0n || amount > (token === undefined ? MAX_INT64 : 2n ** 256n - 1n)) {
    issues.push({
      pointer: "/amount",
      message: "must be a positive whole number (a bigint, or a safe integer number)",
    });
  }
  if (request.asset !== undefined && !/^[0-9]{1,19}$/.test(request.asset)) {
    issues.push({ pointer: "/asset", message: "must be a TRC-10 token id: digits, e.g. 1005416" });
  }
  if (request.asset !== undefined && request.token !== undefined) {
    issues.push({ pointer: "/token", message: "give asset (TRC-10) or token (TRC-20), not both" });
  }
  if (issues.length > 0) throw new RequestValidationError("estimateFee", issues);
  const data =
    TRANSFER_SELECTOR +
    (to as string).slice(2).padStart(64, "0") +
    (amount as bigint).toString(16).padStart(64, "0");
  return {
    from: from as string,
    to: to as string,
    amount: amount as bigint,
    asset: request.asset,
    token,
    data,
    feeLimit: request.feeLimit ?? DEFAULT_FEE_LIMIT,
  };
}
