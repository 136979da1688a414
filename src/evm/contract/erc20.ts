import type { EvmClient } from "../client/create-evm-client.js";
import type { EvmSigner, Hex } from "../signer/evm-signer.js";
import { type ContractReadOptions, type ContractWriteOverrides, contract } from "./contract.js";
import { ERC20_ERRORS } from "./erc20-errors.js";

/** The ERC-20 functions {@link erc20} calls. */
export const ERC20_ABI = [
  {
    type: "function",
    name: "name",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "string" }],
  },
  {
    type: "function",
    name: "symbol",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "string" }],
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
    name: "totalSupply",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "uint256" }],
  },
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ name: "owner", type: "address" }],
    outputs: [{ name: "", type: "uint256" }],
  },
  {
    type: "function",
    name: "allowance",
    stateMutability: "view",
    inputs: [
      { name: "owner", type: "address" },
      { name: "spender", type: "address" },
    ],
    outputs: [{ name: "", type: "uint256" }],
  },
  {
    type: "function",
    name: "transfer",
    stateMutability: "nonpayable",
    inputs: [
      { name: "to", type: "address" },
      { name: "value", type: "uint256" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
  {
    type: "function",
    name: "approve",
    stateMutability: "nonpayable",
    inputs: [
      { name: "spender", type: "address" },
      { name: "value", type: "uint256" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
] as const;

// The common custom errors ride along, so a revert names its cause and arguments. One array, so the
// ABI coder is built once for every token.
const ERC20_WITH_ERRORS = [...ERC20_ABI, ...ERC20_ERRORS] as const;

/** An ERC-20 token: reads over `eth_call`, writes through `evm.sendTransaction` (they return the hash). */
export interface Erc20 {
  readonly address: Hex;
  name(options?: ContractReadOptions): Promise<string>;
  symbol(options?: ContractReadOptions): Promise<string>;
  /** Decimal places of the smallest unit (18 for most tokens, 6 for USDC). */
  decimals(options?: ContractReadOptions): Promise<number>;
  /** In the smallest unit, exact. */
  totalSupply(options?: ContractReadOptions): Promise<bigint>;
  /** `owner`'s balance in the smallest unit, exact. */
  balanceOf(owner: Hex, options?: ContractReadOptions): Promise<bigint>;
  /** How much `spender` may still move from `owner`. */
  allowance(owner: Hex, spender: Hex, options?: ContractReadOptions): Promise<bigint>;
  /** Sends `amount` (smallest unit) to `to`, signed by `signer`; returns the transaction hash. */
  transfer(to: Hex, amount: bigint, signer: EvmSigner, overrides?: ContractWriteOverrides): Promise<Hex>;
  /** Lets `spender` move up to `amount` of the signer's tokens; returns the transaction hash. */
  approve(spender: Hex, amount: bigint, signer: EvmSigner, overrides?: ContractWriteOverrides): Promise<Hex>;
}

/**
 * An ERC-20 token on an EVM client: `name`, `symbol`, `decimals`, `totalSupply`, `balanceOf`,
 * `allowance`, and `transfer` / `approve` through the send path (checked, signed, nonce-queued). The
 * wallet's TRC-20 helper has the same method names. Reverts with the ERC-6093 errors of OpenZeppelin 5
 * (`ERC20InsufficientBalance`, …) or the sandbox token's are decoded with their arguments.
 *
 * @param evm - The client.
 * @param token - The token contract's address.
 * @returns The token's methods.
 * @throws {RequestValidationError} when `token` is not an address.
 * @example
 * import { erc20 } from "chainkit/evm";
 * const token = erc20(evm, "0x5555555555555555555555555555555555555555");
 * const [balance, decimals] = await Promise.all([token.balanceOf("0x000000000000000000000000000000000000dEaD"), token.decimals()]);
 */
export function erc20(evm: EvmClient, token: Hex): Erc20 {
  const { read, write } = contract(evm, token, ERC20_WITH_ERRORS);
  return {
    address: token,
    name: (options) => read.name([], options),
    symbol: (options) => read.symbol([], options),
    decimals: (options) => read.decimals([], options),
    totalSupply: (options) => read.totalSupply([], options),
    balanceOf: (owner, options) => read.balanceOf([owner], options),
    allowance: (owner, spender, options) => read.allowance([owner, spender], options),
    transfer: (to, amount, signer, overrides) => write.transfer([to, amount], signer, overrides),
    approve: (spender, amount, signer, overrides) => write.approve([spender, amount], signer, overrides),
  };
}
