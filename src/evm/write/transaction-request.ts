import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { addressIssue } from "../address/address-issue.js";
import type { EvmAccessListEntry, Hex } from "../signer/evm-signer.js";

/**
 * What `evm.sendTransaction` takes. Quantities are `bigint` (wei, gas), or numbers that are safe integers
 * (as `erc20.transfer` and the wallet's transfers take); anything left out is filled in:
 * the chain id, the nonce, the fees and the gas limit.
 */
export interface EvmTransactionRequest {
  /** Recipient (20 bytes). Leave it out to create a contract from `data`. */
  to?: Hex;
  /** Wei to send (default 0). */
  value?: bigint | number;
  /** Call data, or the creation code when `to` is left out (default `"0x"`). */
  data?: Hex;
  /** Gas limit (default: `eth_estimateGas` plus a margin). */
  gas?: bigint | number;
  /** Nonce (default: the sender's next, from chainkit's per-sender queue). */
  nonce?: number | bigint;
  /** EIP-1559: the most paid per gas (default: twice the next block's base fee, plus the tip). */
  maxFeePerGas?: bigint | number;
  /** EIP-1559: the tip per gas (default: `eth_maxPriorityFeePerGas`, zero on HyperEVM). */
  maxPriorityFeePerGas?: bigint | number;
  /** Legacy: the price per gas (default: the block kind's gas price). Implies `type: "legacy"`. */
  gasPrice?: bigint | number;
  /** `"eip1559"` (type 0x2, the default) or `"legacy"` (type 0x0). */
  type?: "legacy" | "eip1559";
  /** EIP-1559 only: addresses and storage slots declared up front. */
  accessList?: readonly EvmAccessListEntry[];
  /**
   * The chain this transaction is for (default: the client's `chainId`, else whatever the node
   * answers). A node answering another `eth_chainId` is refused with `ChainMismatchError` before signing.
   */
  chainId?: number;
}

const FIELDS = [
  "to",
  "value",
  "data",
  "gas",
  "nonce",
  "maxFeePerGas",
  "maxPriorityFeePerGas",
  "gasPrice",
  "type",
  "accessList",
  "chainId",
] as const;

/** Names users bring from other libraries, and the field chainkit calls it. */
const RENAMED: Readonly<Record<string, string>> = { gasLimit: "gas", input: "data", from: "the signer" };

const DATA = /^0x(?:[0-9a-fA-F]{2})*$/;
const SLOT = /^0x[0-9a-fA-F]{64}$/;
const MAX_UINT256 = (1n << 256n) - 1n;
const MAX_UINT64 = (1n << 64n) - 1n;
/** The largest nonce a signer's `nonce: number` holds exactly. */
const MAX_SAFE_NONCE = BigInt(Number.MAX_SAFE_INTEGER);
/** The least gas any transaction uses (a plain transfer). */
export const INTRINSIC_GAS = 21_000n;

function amountIssue(value: unknown, pointer: string, what: string, max = MAX_UINT256): FieldIssue[] {
  if (value === undefined) return [];
  if (typeof value === "number" && !Number.isSafeInteger(value)) {
    return [
      {
        pointer,
        message: Number.isInteger(value)
          ? `is ${value}, above 2^53 where a number loses digits: give it as a bigint (${what}), e.g. BigInt("${BigInt(value)}") or 10n ** 18n`
          : `must be a whole number (${what}): a bigint, or a number that is a safe integer; got ${value}`,
      },
    ];
  }
  if (typeof value !== "bigint" && typeof value !== "number") {
    return [
      {
        pointer,
        message: `must be a bigint (${what}), e.g. 1_000_000_000n, or a safe-integer number; got ${typeof value}`,
      },
    ];
  }
  const amount = BigInt(value);
  if (amount < 0n || amount > max) {
    return [
      {
        pointer,
        message: `must be from 0 to ${max === MAX_UINT64 ? "2^64 - 1" : "2^256 - 1"} (${what})`,
      },
    ];
  }
  return [];
}

/** A quantity as a bigint when it is a bigint or a safe-integer number. */
function wholeOrUndefined(value: unknown): bigint | undefined {
  if (typeof value === "bigint") return value;
  return Number.isSafeInteger(value) ? BigInt(value as number) : undefined;
}

/** The quantities a request may give as safe-integer numbers; chainkit works with them as bigints. */
const QUANTITIES = ["value", "gas", "maxFeePerGas", "maxPriorityFeePerGas", "gasPrice"] as const;

/** A checked request whose quantities are all bigints (the same rule for amounts as `erc20.transfer`). */
export type NormalizedTransactionRequest = Omit<EvmTransactionRequest, (typeof QUANTITIES)[number]> & {
  [field in (typeof QUANTITIES)[number]]?: bigint;
};

/**
 * Turns the safe-integer numbers of a request that passed {@link requestIssues} into bigints.
 *
 * @param request - A checked request.
 * @returns The same request, every quantity a bigint.
 * @example
 * normalizedRequest({ to: address, value: 1000 }).value; // 1000n
 */
export function normalizedRequest(request: EvmTransactionRequest): NormalizedTransactionRequest {
  const normalized: Record<string, unknown> = { ...request };
  for (const field of QUANTITIES) {
    const value = request[field];
    if (typeof value === "number") normalized[field] = BigInt(value);
  }
  return normalized as NormalizedTransactionRequest;
}

function accessListIssues(list: unknown): FieldIssue[] {
  if (list === undefined) return [];
  if (!Array.isArray(list))
    return [{ pointer: "/accessList", message: "must be an array of { address, storageKeys }" }];
  return list.flatMap((entry: unknown, i): FieldIssue[] => {
    const at = `/accessList/${i}`;
    if (entry === null || typeof entry !== "object")
      return [{ pointer: at, message: "must be { address, storageKeys }" }];
    const { address, storageKeys } = entry as { address?: unknown; storageKeys?: unknown };
    const issues: FieldIssue[] = [];
    const wrongAddress = addressIssue(address, `${at}/address`);
    if (wrongAddress) issues.push(wrongAddress);
    if (!Array.isArray(storageKeys)) {
      issues.push({
        pointer: `${at}/storageKeys`,
        message: "must be an array of 32-byte slots (0x and 64 hex digits)",
      });
    } else {
      storageKeys.forEach((key: unknown, k) => {
        if (typeof key !== "string" || !SLOT.test(key)) {
          issues.push({
            pointer: `${at}/storageKeys/${k}`,
            message: "must be a 32-byte slot: 0x and 64 hex digits",
          });
        }
      });
    }
    return issues;
  });
}

/**
 * Checks every field the user gave to `sendTransaction`, before anything is read from the node or
 * signed: types, ranges, hex shapes, fields that belong to the other transaction type, and fields that
 * do not exist (a misspelt one would otherwise be dropped silently).
 *
 * @param request - The request as given.
 * @returns One issue per fault, each naming its field by JSON pointer and saying how to fix it.
 * @example
 * requestIssues({ to: "0x12", value: 1 as unknown as bigint });
 * // [{ pointer: "/to", … }, { pointer: "/value", message: "must be a bigint (wei) …" }]
 */
export function requestIssues(request: unknown): FieldIssue[] {
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    return [{ pointer: "", message: "must be an object: { to, value, data, … }" }];
  }
  const r = request as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  for (const key of Object.keys(r)) {
    if ((FIELDS as readonly string[]).includes(key)) continue;
    const instead = RENAMED[key];
    issues.push({
      pointer: `/${key}`,
      message: instead
        ? `is not a field of sendTransaction: use ${instead} instead`
        : `is not a field of sendTransaction (fields: ${FIELDS.join(", ")})`,
    });
  }
  const to =
    r.to === undefined ? undefined : addressIssue(r.to, "/to", "(leave it out to create a contract)");
  if (to) issues.push(to);
  if (r.data !== undefined && (typeof r.data !== "string" || !DATA.test(r.data))) {
    issues.push({ pointer: "/data", message: "must be hex bytes: 0x and an even number of hex digits" });
  }
  if (r.to === undefined && (r.data === undefined || r.data === "0x")) {
    issues.push({
      pointer: "/data",
      message: "must hold the creation code when to is left out (a contract creation)",
    });
  }
  issues.push(...amountIssue(r.value, "/value", "wei"));
  issues.push(...amountIssue(r.maxFeePerGas, "/maxFeePerGas", "wei per gas"));
  issues.push(...amountIssue(r.maxPriorityFeePerGas, "/maxPriorityFeePerGas", "wei per gas"));
  issues.push(...amountIssue(r.gasPrice, "/gasPrice", "wei per gas"));
  issues.push(...amountIssue(r.gas, "/gas", "gas units", MAX_UINT64));
  const gas = wholeOrUndefined(r.gas);
  if (gas !== undefined && gas >= 0n && gas < INTRINSIC_GAS) {
    issues.push({
      pointer: "/gas",
      message: `must be at least ${INTRINSIC_GAS}, the gas of a plain transfer`,
    });
  }
  if (r.nonce !== undefined) {
    const ok =
      (typeof r.nonce === "number" && Number.isSafeInteger(r.nonce) && r.nonce >= 0) ||
      (typeof r.nonce === "bigint" && r.nonce >= 0n && r.nonce <= MAX_SAFE_NONCE);
    if (!ok)
      issues.push({
        pointer: "/nonce",
        message:
          "must be a non-negative integer (number or bigint) of at most 2^53 - 1 (the signer takes the nonce as a number)",
      });
  }
  if (r.chainId !== undefined && !(Number.isSafeInteger(r.chainId) && (r.chainId as number) > 0)) {
    issues.push({
      pointer: "/chainId",
      message: "must be a positive integer, e.g. 999 for HyperEVM mainnet",
    });
  }
  if (r.type !== undefined && r.type !== "legacy" && r.type !== "eip1559") {
    issues.push({ pointer: "/type", message: 'must be "eip1559" (type 0x2) or "legacy" (type 0x0)' });
  }
  const legacy = r.type === "legacy" || (r.type === undefined && r.gasPrice !== undefined);
  if (legacy) {
    for (const field of ["maxFeePerGas", "maxPriorityFeePerGas", "accessList"] as const) {
      if (r[field] !== undefined) {
        issues.push({
          pointer: `/${field}`,
          message: `belongs to EIP-1559 transactions: leave it out of a legacy one (gasPrice prices it)`,
        });
      }
    }
  } else if (r.gasPrice !== undefined) {
    issues.push({
      pointer: "/gasPrice",
      message: 'belongs to legacy transactions: give maxFeePerGas for an EIP-1559 one, or type: "legacy"',
    });
  }
  const maxFee = wholeOrUndefined(r.maxFeePerGas);
  const tip = wholeOrUndefined(r.maxPriorityFeePerGas);
  if (maxFee !== undefined && tip !== undefined && tip > maxFee) {
    issues.push({
      pointer: "/maxPriorityFeePerGas",
      message: `must not exceed maxFeePerGas (${r.maxFeePerGas})`,
    });
  }
  issues.push(...accessListIssues(r.accessList));
  return issues;
}
