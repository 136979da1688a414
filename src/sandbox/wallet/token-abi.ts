/** One ABI entry as java-tron prints it in `getcontract`: capitalised `type` and `stateMutability`. */
interface NodeAbiEntry {
  type: "Function" | "Event";
  name: string;
  inputs?: { name: string; type: string; indexed?: boolean }[];
  outputs?: { name: string; type: string }[];
  constant?: boolean;
  stateMutability?: "View" | "Nonpayable";
}

const view = (name: string, inputs: NodeAbiEntry["inputs"], output: string): NodeAbiEntry => ({
  type: "Function",
  name,
  ...(inputs && inputs.length > 0 && { inputs }),
  outputs: [{ name: "", type: output }],
  constant: true,
  stateMutability: "View",
});
const write = (name: string, first: string): NodeAbiEntry => ({
  type: "Function",
  name,
  inputs: [
    { name: first, type: "address" },
    { name: "value", type: "uint256" },
  ],
  outputs: [{ name: "", type: "bool" }],
  stateMutability: "Nonpayable",
});
const event = (name: string, from: string, to: string): NodeAbiEntry => ({
  type: "Event",
  name,
  inputs: [
    { indexed: true, name: from, type: "address" },
    { indexed: true, name: to, type: "address" },
    { name: "value", type: "uint256" },
  ],
});

/** The sandbox token's ABI, in the node's form (what tronweb's `contract().at()` loads). */
export const TOKEN_ABI: readonly NodeAbiEntry[] = [
  view("name", [], "string"),
  view("symbol", [], "string"),
  view("decimals", [], "uint8"),
  view("totalSupply", [], "uint256"),
  view("balanceOf", [{ name: "owner", type: "address" }], "uint256"),
  view(
    "allowance",
    [
      { name: "owner", type: "address" },
      { name: "spender", type: "address" },
    ],
    "uint256",
  ),
  write("transfer", "to"),
  write("approve", "spender"),
  event("Transfer", "from", "to"),
  event("Approval", "owner", "spender"),
];
