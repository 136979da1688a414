import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { createContract } from "micro-eth-signer/abi.js";

/** What running a call gave: the output, or the revert data. */
export interface CallOutcome {
  reverted: boolean;
  /** ABI-encoded output or revert data, as hex. */
  output: string;
  energyUsed: number;
}

const ZERO_ADDRESS = `0x${"0".repeat(40)}`;

// micro-eth-signer encodes a function's inputs and decodes its outputs: the contract side needs the
// reverse, so each function is also declared with its inputs and outputs swapped.
const asCalled = createContract([
  {
    type: "function",
    name: "balanceOf",
    inputs: [{ name: "owner", type: "address" }],
    outputs: [{ name: "", type: "uint256" }],
  },
  { type: "function", name: "decimals", inputs: [], outputs: [{ name: "", type: "uint8" }] },
  { type: "function", name: "symbol", inputs: [], outputs: [{ name: "", type: "string" }] },
  { type: "function", name: "name", inputs: [], outputs: [{ name: "", type: "string" }] },
  { type: "function", name: "totalSupply", inputs: [], outputs: [{ name: "", type: "uint256" }] },
] as const);
const reading = createContract([
  { type: "function", name: "balanceOf", inputs: [], outputs: [{ name: "owner", type: "address" }] },
] as const);
const answering = createContract([
  { type: "function", name: "uint256", inputs: [{ name: "", type: "uint256" }], outputs: [] },
  { type: "function", name: "string", inputs: [{ name: "", type: "string" }], outputs: [] },
  { type: "function", name: "Error", inputs: [{ name: "", type: "string" }], outputs: [] },
] as const);

const selectorOf = (encoded: Uint8Array) => bytesToHex(encoded.subarray(0, 4));
const SELECTORS = {
  balanceOf: selectorOf(asCalled.balanceOf.encodeInput(ZERO_ADDRESS)),
  decimals: selectorOf(asCalled.decimals.encodeInput()),
  symbol: selectorOf(asCalled.symbol.encodeInput()),
  name: selectorOf(asCalled.name.encodeInput()),
  totalSupply: selectorOf(asCalled.totalSupply.encodeInput()),
};
const withoutSelector = (encoded: Uint8Array) => bytesToHex(encoded.subarray(4));

/**
 * The sandbox's one TRC-20 token: read-only ERC-20 views over fixed balances. `balanceOf` of the
 * zero address reverts with a reason, any other function reverts without one (the contract has no
 * fallback), as a deployed token would.
 *
 * @example
 * const token = new SandboxTrc20({ name: "Sandbox Dollar", symbol: "SBXD", decimals: 6, balances: new Map() });
 * token.call("313ce567").output; // 32-byte 6
 */
export class SandboxTrc20 {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  /** Balances by `41…` hex address. */
  readonly #balances: Map<string, bigint>;

  constructor(options: { name: string; symbol: string; decimals: number; balances: Map<string, bigint> }) {
    this.name = options.name;
    this.symbol = options.symbol;
    this.decimals = options.decimals;
    this.#balances = options.balances;
  }

  /** The sum of all balances. */
  get totalSupply(): bigint {
    let total = 0n;
    for (const balance of this.#balances.values()) total += balance;
    return total;
  }

  /**
   * Runs a call.
   *
   * @param data - The call data as hex (selector and arguments).
   * @returns The ABI-encoded output, or the revert data.
   */
  call(data: string): CallOutcome {
    const selector = data.slice(0, 8);
    const done = (encoded: Uint8Array): CallOutcome => ({
      reverted: false,
      output: withoutSelector(encoded),
      energyUsed: 540,
    });
    switch (selector) {
      case SELECTORS.decimals:
        return done(answering.uint256.encodeInput(BigInt(this.decimals)));
      case SELECTORS.symbol:
        return done(answering.string.encodeInput(this.symbol));
      case SELECTORS.name:
        return done(answering.string.encodeInput(this.name));
      case SELECTORS.totalSupply:
        return done(answering.uint256.encodeInput(this.totalSupply));
      case SELECTORS.balanceOf: {
        let owner: string;
        try {
          owner = reading.balanceOf.decodeOutput(hexToBytes(data.slice(8))).toLowerCase();
        } catch {
          return { reverted: true, output: "", energyUsed: 230 };
        }
        if (owner === ZERO_ADDRESS) {
          const reason = answering.Error.encodeInput("TRC20: balance query for the zero address");
          return { reverted: true, output: bytesToHex(reason), energyUsed: 480 };
        }
        return done(answering.uint256.encodeInput(this.#balances.get(`41${owner.slice(2)}`) ?? 0n));
      }
      default:
        return { reverted: true, output: "", energyUsed: 210 };
    }
  }
}
