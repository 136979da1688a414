const address = (name: string) => ({ name, type: "address" }) as const;
const amount = (name: string) => ({ name, type: "uint256" }) as const;

/**
 * The custom errors ERC-20 tokens revert with, so that {@link erc20} decodes them without an ABI from
 * the user: the ERC-6093 errors of OpenZeppelin 5, and those of chainkit's sandbox token.
 */
export const ERC20_ERRORS = [
  // ERC-6093 (OpenZeppelin Contracts 5).
  {
    type: "error",
    name: "ERC20InsufficientBalance",
    inputs: [address("sender"), amount("balance"), amount("needed")],
  },
  { type: "error", name: "ERC20InvalidSender", inputs: [address("sender")] },
  { type: "error", name: "ERC20InvalidReceiver", inputs: [address("receiver")] },
  {
    type: "error",
    name: "ERC20InsufficientAllowance",
    inputs: [address("spender"), amount("allowance"), amount("needed")],
  },
  { type: "error", name: "ERC20InvalidApprover", inputs: [address("approver")] },
  { type: "error", name: "ERC20InvalidSpender", inputs: [address("spender")] },
  // The sandbox token's (src/sandbox/evm/contracts/SandboxToken.sol).
  {
    type: "error",
    name: "InsufficientBalance",
    inputs: [address("account"), amount("balance"), amount("needed")],
  },
  {
    type: "error",
    name: "InsufficientAllowance",
    inputs: [address("spender"), amount("allowance"), amount("needed")],
  },
  { type: "error", name: "InvalidReceiver", inputs: [address("receiver")] },
] as const;
