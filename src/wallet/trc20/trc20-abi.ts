import { createContract } from "micro-eth-signer/abi.js";

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

/** The coder's type, named through `createContract` so that declarations can be emitted for it. */
type Trc20Coder = ReturnType<typeof createContract<typeof TRC20_ABI>>;

/**
 * TRC-20's functions as ABI fragments (TRC-20 is ERC-20's ABI on TRON), coded by micro-eth-signer:
 * the reads `trc20Contract` makes and the writes `sendTrc20Write` checks.
 *
 * @example
 * TRC20.transfer.encodeInput({ to: "0x92ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a", value: 1n }); // a9059cbb…
 */
export const TRC20: Trc20Coder = createContract(TRC20_ABI);
