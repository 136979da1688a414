import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { createContract, decodeError } from "micro-eth-signer/abi.js";
import type { ConstantCall } from "../../../generated/wallet/types.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import { isBase58Address, isHexAddress, toHexAddress } from "../address.js";
import { ContractCallError } from "../errors/contract-call-error.js";
import { ContractRevertError } from "../errors/contract-revert-error.js";
import { nodeMessage } from "../hex-text.js";

/** The three TRC-20 reads, as ABI fragments (TRC-20 is ERC-20's ABI on TRON). */
const TRC20_READS = [
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ name: "owner", type: "address" }],
    outputs: [{ name: "", type: "uint256" }],
  },
  {
    type: "function",
    name: "decimals",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "uint8" }],
  },
  {
    type: "function",
    name: "symbol",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "string" }],
  },
] as const;
const SIGNATURES = { balanceOf: "balanceOf(address)", decimals: "decimals()", symbol: "symbol()" } as const;
const abi = createContract(TRC20_READS);

/** One read-only call as {@link trc20Contract} makes it: the client's `triggerConstantContract`. */
export type ConstantCaller = (request: {
  contract_address: string;
  function_selector: string;
  parameter?: string;
}) => Promise<{ answer: ConstantCall; visible: boolean }>;

/** A TRC-20 token's reads. */
export interface Trc20Contract {
  /** The token contract, as given. */
  readonly address: string;
  /** The balance of `owner` in the token's smallest unit (an exact `bigint`; divide by 10^decimals to show). */
  balanceOf(owner: string): Promise<bigint>;
  /** The token's decimal places (6 for USDT). */
  decimals(): Promise<number>;
  /** The token's symbol. */
  symbol(): Promise<string>;
}

/**
 * TRC-20 reads over `triggerConstantContract`, with the ABI encoded and decoded by micro-eth-signer:
 * `balanceOf`, `decimals` and `symbol`.
 *
 * @param call - Runs one constant call (the wallet client passes its own).
 * @param address - The token contract, `T…` or `41…`.
 * @returns The reads.
 * @throws {ContractRevertError} (from each read) when the contract reverts, with the decoded reason.
 * @throws {ContractCallError} (from each read) when the node cannot run the call, e.g. no contract there.
 * @throws {ResponseValidationError} (from each read) when the output is not the ABI type the function returns.
 * @example
 * const usdt = wallet.trc20("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
 * const [balance, decimals] = await Promise.all([usdt.balanceOf("TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp"), usdt.decimals()]);
 */
export function trc20Contract(call: ConstantCaller, address: string): Trc20Contract {
  async function read(name: keyof typeof SIGNATURES, input: Uint8Array): Promise<Uint8Array> {
    const functionSelector = SIGNATURES[name];
    const parameter = bytesToHex(input.subarray(4));
    const { answer, visible } = await call({
      contract_address: address,
      function_selector: functionSelector,
      ...(parameter && { parameter }),
    });
    const message = nodeMessage(answer.result.message, visible);
    if (answer.result.result !== true) {
      throw new ContractCallError(answer.result.code ?? "UNKNOWN", message, functionSelector);
    }
    const output = answer.constant_result?.[0] ?? "";
    if (answer.transaction?.ret?.[0]?.ret === "FAILED") {
      throw new ContractRevertError({
        contract: address,
        functionSelector,
        reason: revertReason(output) ?? undefined,
        data: output,
      });
    }
    return hexToBytes(output);
  }

  function decoded<T>(name: keyof typeof SIGNATURES, decode: () => T): T {
    try {
      return decode();
    } catch (error) {
      throw new ResponseValidationError("triggerConstantContract", 200, [
        {
          pointer: "/constant_result/0",
          message: `is not what ${SIGNATURES[name]} returns (${(error as Error).message})`,
        },
      ]);
    }
  }

  return {
    address,
    async balanceOf(owner) {
      const output = await read("balanceOf", abi.balanceOf.encodeInput(evmAddress(owner)));
      return decoded("balanceOf", () => abi.balanceOf.decodeOutput(output));
    },
    async decimals() {
      const output = await read("decimals", abi.decimals.encodeInput());
      return decoded("decimals", () => Number(abi.decimals.decodeOutput(output)));
    },
    async symbol() {
      const output = await read("symbol", abi.symbol.encodeInput());
      return decoded("symbol", () => abi.symbol.decodeOutput(output));
    },
  };
}

/** A TRON address as the 20-byte `0x…` address the ABI encodes. */
function evmAddress(owner: string): string {
  const text: unknown = owner;
  const hex = isHexAddress(text)
    ? text.replace(/^0x/, "")
    : isBase58Address(text)
      ? toHexAddress(text)
      : undefined;
  if (hex === undefined) {
    throw new RequestValidationError("balanceOf", [
      {
        pointer: "/owner",
        message: "must be a TRON address: Base58Check T… or 41 followed by 40 hex digits",
      },
    ]);
  }
  return `0x${hex.slice(2).toLowerCase()}`;
}

/** The revert reason in revert data: `Error(string)`'s text, a panic's description, or undefined. */
function revertReason(data: string): string | undefined {
  try {
    return decodeError(`0x${data}`)?.message;
  } catch {
    return undefined;
  }
}
