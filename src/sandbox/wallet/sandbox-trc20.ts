import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { createContract } from "micro-eth-signer/abi.js";

/** An event the token emitted, as `gettransactioninfobyid` prints it (hex without `0x`). */
export interface EmittedLog {
  /** The token's 20-byte address, without the `41` prefix. */
  address: string;
  topics: string[];
  data: string;
}

/** What running a call gave: the output, or the revert data. */
export interface CallOutcome {
  reverted: boolean;
  /** ABI-encoded output or revert data, as hex. */
  output: string;
  energyUsed: number;
  /** Events emitted (state-changing calls that succeeded). */
  logs: EmittedLog[];
}

const ZERO_ADDRESS = `0x${"0".repeat(40)}`;
/** Energy a call takes, near what a TRC-20 on TRON uses (writing a fresh storage slot costs most). */
const ENERGY = { view: 540, revert: 230, write: 14_650, freshSlot: 15_000 } as const;

const reading = createContract([
  { type: "function", name: "address", inputs: [], outputs: [{ name: "", type: "address" }] },
  {
    type: "function",
    name: "addressPair",
    inputs: [],
    outputs: [
      { name: "a", type: "address" },
      { name: "b", type: "address" },
    ],
  },
  {
    type: "function",
    name: "addressAmount",
    inputs: [],
    outputs: [
      { name: "a", type: "address" },
      { name: "amount", type: "uint256" },
    ],
  },
] as const);
const answering = createContract([
  { type: "function", name: "uint256", inputs: [{ name: "", type: "uint256" }], outputs: [] },
  { type: "function", name: "string", inputs: [{ name: "", type: "string" }], outputs: [] },
  { type: "function", name: "bool", inputs: [{ name: "", type: "bool" }], outputs: [] },
  { type: "function", name: "address", inputs: [{ name: "", type: "address" }], outputs: [] },
  { type: "function", name: "Error", inputs: [{ name: "", type: "string" }], outputs: [] },
] as const);

/** The 4-byte selector of a function signature: the first bytes of its Keccak-256. */
const selectorOf = (signature: string) =>
  bytesToHex(keccak_256(new TextEncoder().encode(signature)).subarray(0, 4));
const SELECTORS = {
  balanceOf: selectorOf("balanceOf(address)"),
  allowance: selectorOf("allowance(address,address)"),
  transfer: selectorOf("transfer(address,uint256)"),
  approve: selectorOf("approve(address,uint256)"),
  decimals: selectorOf("decimals()"),
  symbol: selectorOf("symbol()"),
  name: selectorOf("name()"),
  totalSupply: selectorOf("totalSupply()"),
};
/** Keccak-256 of `Transfer(address,address,uint256)` and `Approval(address,address,uint256)`. */
export const EVENT_TOPICS = {
  Transfer: "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
  Approval: "8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925",
} as const;
const withoutSelector = (encoded: Uint8Array) => bytesToHex(encoded.subarray(4));
const word = (encoded: Uint8Array) => withoutSelector(encoded);
/** A `41…` address as the ABI's 0x form, and back. */
const toAbi = (address: string) => `0x${address.slice(2)}`;
const fromAbi = (address: string) => `41${address.slice(2).toLowerCase()}`;
const revert = (reason?: string): CallOutcome => ({
  reverted: true,
  output: reason === undefined ? "" : bytesToHex(answering.Error.encodeInput(reason)),
  energyUsed: ENERGY.revert,
  logs: [],
});

/**
 * The sandbox's one TRC-20 token: ERC-20 views (`name`, `symbol`, `decimals`, `totalSupply`,
 * `balanceOf`, `allowance`) and writes (`transfer`, `approve`) that move balances and emit
 * `Transfer` and `Approval` logs. A bad call reverts as a deployed token does: with a reason for a
 * balance too low or the zero address, without one for a function it does not have.
 *
 * @example
 * const token = new SandboxTrc20({ address: `41${"77".repeat(20)}`, name: "Sandbox Dollar", symbol: "SBXD", decimals: 6, balances: new Map() });
 * token.call("313ce567").output; // 32-byte 6
 */
export class SandboxTrc20 {
  /** The token's `41…` address. */
  readonly address: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  /** Balances by `41…` hex address. */
  readonly #balances: Map<string, bigint>;
  /** Allowances by owner, then spender (`41…` hex). */
  readonly #allowances = new Map<string, Map<string, bigint>>();

  constructor(options: {
    address: string;
    name: string;
    symbol: string;
    decimals: number;
    balances: Map<string, bigint>;
  }) {
    this.address = options.address;
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
   * Runs a call without keeping what it changes (a constant call).
   *
   * @param data - The call data as hex (selector and arguments).
   * @param caller - The `41…` caller (`msg.sender`); the zero address when absent.
   * @returns The ABI-encoded output, or the revert data.
   */
  call(data: string, caller = `41${"0".repeat(40)}`): CallOutcome {
    return this.#run(data, caller, false);
  }

  /**
   * Runs a call from a transaction in a block: a `transfer` or `approve` that succeeds changes the
   * token's state and emits its log.
   */
  execute(data: string, caller: string): CallOutcome {
    return this.#run(data, caller, true);
  }

  #run(data: string, caller: string, keep: boolean): CallOutcome {
    const selector = data.slice(0, 8);
    const args = data.slice(8);
    const done = (encoded: Uint8Array, energyUsed: number = ENERGY.view, logs: EmittedLog[] = []) => ({
      reverted: false,
      output: withoutSelector(encoded),
      energyUsed,
      logs,
    });
    const decoded = <T>(decode: () => T): T | undefined => {
      try {
        return decode();
      } catch {
        return undefined;
      }
    };
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
        const owner = decoded(() => reading.address.decodeOutput(hexToBytes(args)));
        if (owner === undefined) return revert();
        if (owner === ZERO_ADDRESS) return revert("TRC20: balance query for the zero address");
        return done(answering.uint256.encodeInput(this.#balances.get(fromAbi(owner)) ?? 0n));
      }
      case SELECTORS.allowance: {
        const pair = decoded(() => reading.addressPair.decodeOutput(hexToBytes(args)));
        if (pair === undefined) return revert();
        const allowed = this.#allowances.get(fromAbi(pair.a))?.get(fromAbi(pair.b)) ?? 0n;
        return done(answering.uint256.encodeInput(allowed));
      }
      case SELECTORS.transfer:
      case SELECTORS.approve: {
        const call = decoded(() => reading.addressAmount.decodeOutput(hexToBytes(args)));
        if (call === undefined || args.length !== 128) return revert();
        if (call.a === ZERO_ADDRESS) return revert("TRC20: the zero address");
        const other = fromAbi(call.a);
        if (selector === SELECTORS.approve) {
          if (keep) this.#allowed(caller).set(other, call.amount);
          const log = this.#log("Approval", caller, other, call.amount);
          return done(answering.bool.encodeInput(true), ENERGY.write, [log]);
        }
        const held = this.#balances.get(caller) ?? 0n;
        if (held < call.amount) return revert("TRC20: transfer amount exceeds balance");
        const received = this.#balances.get(other) ?? 0n;
        const energy = ENERGY.write + (received === 0n ? ENERGY.freshSlot : 0);
        if (keep) {
          this.#balances.set(caller, held - call.amount);
          this.#balances.set(other, (this.#balances.get(other) ?? 0n) + call.amount);
        }
        const log = this.#log("Transfer", caller, other, call.amount);
        return done(answering.bool.encodeInput(true), energy, [log]);
      }
      default:
        return revert();
    }
  }

  #allowed(owner: string): Map<string, bigint> {
    let allowed = this.#allowances.get(owner);
    if (!allowed) {
      allowed = new Map();
      this.#allowances.set(owner, allowed);
    }
    return allowed;
  }

  #log(event: keyof typeof EVENT_TOPICS, from: string, to: string, amount: bigint): EmittedLog {
    return {
      address: this.address.slice(2),
      topics: [
        EVENT_TOPICS[event],
        word(answering.address.encodeInput(toAbi(from))),
        word(answering.address.encodeInput(toAbi(to))),
      ],
      data: word(answering.uint256.encodeInput(amount)),
    };
  }
}
