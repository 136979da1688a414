import { type AbiFunctionCoder, abiFunction } from "../../runtime/abi/abi-function.js";

/** TRC-20's functions as ABI fragments. */
const TRC20_ABI = [
  {
    type: "function",
    name: "name",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "string" }],
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
  {
    type: "function",
    name: "transfer",
    inputs: [
      { name: "to", type: "address" },
      { name: "value", type: "uint256" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
  {
    type: "function",
    name: "approve",
    inputs: [
      { name: "spender", type: "address" },
      { name: "value", type: "uint256" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
] as const;

/** A function's coder with TRC-20's argument and result types. */
interface Trc20Function<Input, Output> extends AbiFunctionCoder {
  encodeInput(value: Input): Uint8Array;
  decodeOutput(data: Uint8Array): Output;
}

type Address = string;

/** TRC-20's functions, each with its arguments' and result's types. */
interface Trc20Coder {
  name: Trc20Function<void, string>;
  totalSupply: Trc20Function<void, bigint>;
  allowance: Trc20Function<{ owner: Address; spender: Address }, bigint>;
  balanceOf: Trc20Function<Address, bigint>;
  decimals: Trc20Function<void, bigint>;
  symbol: Trc20Function<void, string>;
  transfer: Trc20Function<{ to: Address; value: bigint }, boolean>;
  approve: Trc20Function<{ spender: Address; value: bigint }, boolean>;
}

/**
 * TRC-20's functions as ABI fragments (TRC-20 is ERC-20's ABI on TRON), coded by chainkit's ABI
 * coder (`src/runtime/abi`): the reads `trc20Contract` makes and the writes `sendTrc20Write` checks.
 *
 * @example
 * TRC20.transfer.encodeInput({ to: "0x92ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a", value: 1n }); // a9059cbb…
 */
export const TRC20 = Object.fromEntries(
  TRC20_ABI.map((entry) => [entry.name, abiFunction(entry)]),
) as unknown as Trc20Coder;
