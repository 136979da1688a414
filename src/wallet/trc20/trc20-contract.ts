import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import type { ConstantCall } from "../../../generated/wallet/types.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import { isBase58Address, isHexAddress, toHexAddress } from "../address.js";
import { ContractCallError } from "../errors/contract-call-error.js";
import { ContractRevertError } from "../errors/contract-revert-error.js";
import { nodeMessage } from "../hex-text.js";
import { revertReason } from "../transaction/revert-reason.js";
import type { WalletSigner } from "../transaction/wallet-signer.js";
import { TRC20 as abi } from "./trc20-abi.js";
import type { Trc20WriteOptions, Trc20WriteResult } from "./trc20-writes.js";

const SIGNATURES = {
  name: "name()",
  totalSupply: "totalSupply()",
  allowance: "allowance(address,address)",
  balanceOf: "balanceOf(address)",
  decimals: "decimals()",
  symbol: "symbol()",
} as const;

/** One read-only call as {@link trc20Contract} makes it: the client's `triggerConstantContract`. */
export type ConstantCaller = (request: {
  contract_address: string;
  function_selector: string;
  parameter?: string;
}) => Promise<{ answer: ConstantCall; visible: boolean }>;

/** A TRC-20 token's reads. */
export interface Trc20Reads {
  /** The token contract, as given. */
  readonly address: string;
  /** The token's name. */
  name(): Promise<string>;
  /** The token's symbol. */
  symbol(): Promise<string>;
  /** The token's decimal places (6 for USDT). */
  decimals(): Promise<number>;
  /** All units in existence, in the token's smallest unit. */
  totalSupply(): Promise<bigint>;
  /** The balance of `owner` in the token's smallest unit (an exact `bigint`; divide by 10^decimals to show). */
  balanceOf(owner: string): Promise<bigint>;
  /** How many units `spender` may still move from `owner` (see `approve`). */
  allowance(owner: string, spender: string): Promise<bigint>;
}

/**
 * A TRC-20 token: the same methods as the EVM client's `erc20`. The writes are checked before
 * signing (see `sendTrc20Write`) and resolve once the node accepted the transaction: wait for it
 * with `waitForTransaction`.
 */
export interface Trc20Contract extends Trc20Reads {
  /** Sends `amount` units to `to` from `signer.address`. */
  transfer(
    to: string,
    amount: bigint | number,
    signer: WalletSigner,
    options?: Trc20WriteOptions,
  ): Promise<Trc20WriteResult>;
  /** Lets `spender` move up to `amount` units of `signer.address` (0 revokes). */
  approve(
    spender: string,
    amount: bigint | number,
    signer: WalletSigner,
    options?: Trc20WriteOptions,
  ): Promise<Trc20WriteResult>;
}

/**
 * TRC-20 reads over `triggerConstantContract`, with the ABI encoded and decoded by chainkit's coder:
 * `name`, `symbol`, `decimals`, `totalSupply`, `balanceOf` and `allowance`.
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
export function trc20Contract(call: ConstantCaller, address: string): Trc20Reads {
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
    async name() {
      const output = await read("name", abi.name.encodeInput());
      return decoded("name", () => abi.name.decodeOutput(output));
    },
    async totalSupply() {
      const output = await read("totalSupply", abi.totalSupply.encodeInput());
      return decoded("totalSupply", () => abi.totalSupply.decodeOutput(output));
    },
    async allowance(owner, spender) {
      const input = abi.allowance.encodeInput({
        owner: evmAddress(owner, "allowance", "/owner"),
        spender: evmAddress(spender, "allowance", "/spender"),
      });
      const output = await read("allowance", input);
      return decoded("allowance", () => abi.allowance.decodeOutput(output));
    },
    async balanceOf(owner) {
      const output = await read(
        "balanceOf",
        abi.balanceOf.encodeInput(evmAddress(owner, "balanceOf", "/owner")),
      );
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
function evmAddress(address: string, operation: string, pointer: string): string {
  const text: unknown = address;
  const hex = isHexAddress(text)
    ? text.replace(/^0x/, "")
    : isBase58Address(text)
      ? toHexAddress(text)
      : undefined;
  if (hex === undefined) {
    throw new RequestValidationError(operation, [
      {
        pointer,
        message: "must be a TRON address: Base58Check T… or 41 followed by 40 hex digits",
      },
    ]);
  }
  return `0x${hex.slice(2).toLowerCase()}`;
}
