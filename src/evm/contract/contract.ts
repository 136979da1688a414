import type { Abi } from "abitype";
import { scrubbedLike } from "../../runtime/credentials/scrubbed-client.js";
import { JsonRpcError } from "../../runtime/errors/json-rpc-error.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import { loadOnce } from "../../runtime/load-once.js";
import { addressIssue } from "../address/address-issue.js";
import type { EvmClient } from "../client/create-evm-client.js";
import { CallRevertedError } from "../errors/call-reverted-error.js";
import type { RevertReason } from "../revert/revert-reason.js";
import type { EvmSigner, Hex } from "../signer/evm-signer.js";
import type { EvmTransactionRequest } from "../write/transaction-request.js";
import type { FunctionCoder } from "./abi-coder.js";
import type { AbiParam } from "./abi-values.js";
import { argumentIssues } from "./argument-issues.js";
import type {
  ArgsParameter,
  FunctionArgs,
  FunctionResult,
  ReadFunctionName,
  WriteFunctionName,
} from "./contract-types.js";

/** Per-call options of a contract read. */
export interface ContractReadOptions {
  /** The caller the contract sees (`msg.sender`); default the zero address. */
  from?: Hex;
  /** Aborts the call. */
  signal?: AbortSignal;
}

/** What a contract write may set besides the call itself: value, gas, fees, nonce, type. */
export type ContractWriteOverrides = Omit<EvmTransactionRequest, "to" | "data">;

/** A contract bound to a client: typed reads (`eth_call`) and writes (`evm.sendTransaction`) from its ABI. */
export interface Contract<abi extends Abi> {
  readonly address: Hex;
  readonly abi: abi;
  /** One function per `view`/`pure` function of the ABI: `read.name(args?, options?)` → the decoded result. */
  readonly read: {
    [name in ReadFunctionName<abi>]: (
      ...params: [...ArgsParameter<FunctionArgs<abi, name, "view" | "pure">>, options?: ContractReadOptions]
    ) => Promise<FunctionResult<abi, name>>;
  };
  /** One function per state-changing function: `write.name(args, signer, overrides?)` → the transaction hash. */
  readonly write: {
    [name in WriteFunctionName<abi>]: (
      args: FunctionArgs<abi, name, "nonpayable" | "payable">,
      signer: EvmSigner,
      overrides?: ContractWriteOverrides,
    ) => Promise<Hex>;
  };
}

type FunctionEntry = { type: string; name: string; stateMutability?: string; inputs?: readonly AbiParam[] };

// Imported on the first call of any contract, then kept (see loadOnce).
const abiCoder = /* @__PURE__ */ loadOnce(() => import("./abi-coder.js"));

async function coderOf(abi: Abi, name: string): Promise<FunctionCoder> {
  const coder = (await abiCoder()).abiCoders(abi)[name];
  if (!coder)
    throw new RequestValidationError(name, [{ pointer: "/abi", message: `has no function ${name}` }]);
  return coder;
}

function encodeCall(
  coder: FunctionCoder,
  name: string,
  inputs: readonly AbiParam[],
  args: readonly unknown[],
): Hex {
  const issues = argumentIssues(inputs, args);
  if (issues.length > 0) throw new RequestValidationError(name, issues);
  try {
    return coder.encode(args);
  } catch (error) {
    throw new RequestValidationError(name, [
      { pointer: "/args", message: `do not fit the ABI's inputs: ${(error as Error).message}` },
    ]);
  }
}

/**
 * Decodes what `eth_call` returned with the function's outputs. Return data that does not decode (too
 * short, an offset or length past its end, a value out of its type's range) is the node's or the
 * contract's fault, so it is refused as an answer, in words, never with the ABI library's own error.
 */
function decodeResult(coder: FunctionCoder, name: string, returned: unknown): unknown {
  try {
    return coder.decode(returned as Hex);
  } catch {
    const bytes = typeof returned === "string" ? Math.floor((returned.length - 2) / 2) : 0;
    const message =
      bytes === 0
        ? `is empty, where ${name} returns a value: the address has no contract, or its contract has no ${name}`
        : `is ${bytes} bytes that do not decode as what the ABI says ${name} returns: the address may hold another contract`;
    throw new ResponseValidationError("eth_call", 200, [{ pointer: "/result", message }]);
  }
}

/** A revert without a reason, explained when the contract has no such function. */
async function withMissingFunction(
  evm: EvmClient,
  address: Hex,
  data: Hex,
  reason: RevertReason,
): Promise<RevertReason> {
  if (reason.data !== "0x") return reason;
  const { missingFunction } = await import("./missing-function.js");
  const missing = await missingFunction(evm, address, data);
  return missing === undefined ? reason : { ...reason, message: missing };
}

/**
 * Binds a contract to a client, typed from a `const` ABI the way viem users expect: argument and
 * result types are inferred by abitype (`uint256` → `bigint`, `address` → `` `0x${string}` ``, several
 * outputs → a tuple). Calls are coded by chainkit's ABI coder (src/runtime/abi), loaded on the first call.
 * Reverts are decoded: `Error(string)`, `Panic(uint256)` and the ABI's custom errors.
 *
 * @param evm - The client.
 * @param address - The contract's address.
 * @param abi - Its ABI, `as const` for typed functions.
 * @returns `{ address, abi, read, write }`.
 * @throws {RequestValidationError} when the address is not 20 bytes of hex; on a call, when its arguments do not fit.
 * @throws {CallRevertedError} when a read (or a write's gas estimate) reverts.
 * @throws {ResponseValidationError} (pointer `/result`) when a read's return data does not decode as the ABI's outputs.
 * @example
 * import { contract } from "chainkit/evm";
 * const abi = [{ type: "function", name: "totalSupply", stateMutability: "view", inputs: [], outputs: [{ type: "uint256" }] }] as const;
 * const supply: bigint = await contract(evm, "0x5555555555555555555555555555555555555555", abi).read.totalSupply();
 */
export function contract<const abi extends Abi>(evm: EvmClient, address: Hex, abi: abi): Contract<abi> {
  const wrongAddress = addressIssue(address, "/address");
  if (wrongAddress) throw new RequestValidationError("contract", [wrongAddress]);
  if (!Array.isArray(abi)) {
    throw new RequestValidationError("contract", [
      { pointer: "/abi", message: "must be an ABI: an array of fragments" },
    ]);
  }
  const read: Record<string, unknown> = {};
  const write: Record<string, unknown> = {};
  for (const entry of abi as readonly FunctionEntry[]) {
    if (entry.type !== "function") continue;
    const name = entry.name;
    const inputs = entry.inputs ?? [];
    // This function's coder, once the first call has loaded it.
    let coder: FunctionCoder | undefined;
    if (entry.stateMutability === "view" || entry.stateMutability === "pure") {
      read[name] = async (args: readonly unknown[] = [], options: ContractReadOptions = {}) => {
        coder ??= await coderOf(abi, name);
        const input = encodeCall(coder, name, inputs, args);
        const wrongFrom =
          options.from === undefined ? undefined : addressIssue(options.from, "/options/from");
        if (wrongFrom) throw new RequestValidationError(name, [wrongFrom]);
        let returned: string;
        try {
          returned = await evm.eth_call(
            { ...(options.from !== undefined && { from: options.from }), to: address, input },
            "latest",
            { signal: options.signal },
          );
        } catch (error) {
          if (!(error instanceof JsonRpcError && error.code === 3)) throw error;
          const { decodeRevert, revertDataOf } = await import("../revert/decode-revert.js");
          const reason = decodeRevert(revertDataOf(error.data) ?? "0x", abi);
          throw new CallRevertedError({
            method: "eth_call",
            reason: await withMissingFunction(evm, address, input, reason),
            cause: error,
          });
        }
        return decodeResult(coder, name, returned);
      };
    } else {
      write[name] = async (
        args: readonly unknown[],
        signer: EvmSigner,
        overrides: ContractWriteOverrides = {},
      ) => {
        coder ??= await coderOf(abi, name);
        const data = encodeCall(coder, name, inputs, args ?? []);
        try {
          return await evm.sendTransaction({ ...overrides, to: address, data }, signer, { abi });
        } catch (error) {
          if (!(error instanceof CallRevertedError)) throw error;
          const reason = await withMissingFunction(evm, address, data, error.reason);
          if (reason === error.reason) throw error;
          throw new CallRevertedError({ method: error.method, reason, cause: error.cause });
        }
      };
    }
  }
  // Errors leave with the client's secrets scrubbed, after the revert reason is decoded.
  return scrubbedLike(evm, { address, abi, read, write }) as unknown as Contract<abi>;
}
