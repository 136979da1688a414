/**
 * Tiny contracts for EVM tests, hand-assembled so no compiler is needed. Each creation code copies
 * the runtime code after it into memory and returns it:
 * `PUSH1 <runtime length> DUP1 PUSH1 <runtime offset> PUSH1 0 CODECOPY PUSH1 0 RETURN <runtime>`.
 */

function creation(runtime: string, setup = ""): `0x${string}` {
  const length = runtime.length / 2;
  const offset = setup.length / 2 + 11; // the copy-and-return prefix is 11 bytes
  const hex = (n: number) => n.toString(16).padStart(2, "0");
  return `0x${setup}60${hex(length)}8060${hex(offset)}6000396000f3${runtime}`;
}

/**
 * Stores 42 in slot 0 when created; any call returns slot 0 as a uint256
 * (`PUSH1 0 SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN`), so it answers `value()`.
 */
export const STORED_VALUE = {
  bytecode: creation("60005460005260206000f3", "602a600055"),
  abi: [
    { type: "function", name: "value", stateMutability: "view", inputs: [], outputs: [{ type: "uint256" }] },
  ],
  value: 42n,
} as const;

/** The first topic of every log {@link EMITTER} emits. */
export const EMITTED_TOPIC = `0x${"e1".repeat(32)}` as const;

/**
 * Emits one log per call: topics `[EMITTED_TOPIC, caller]`, data the first 32 bytes of the call data
 * (`CALLDATACOPY` of 32 bytes, `CALLER`, `PUSH32 topic`, `LOG2` of memory 0..32, `STOP`).
 */
export const EMITTER = {
  bytecode: creation(`60206000600037337f${EMITTED_TOPIC.slice(2)}60206000a200`),
} as const;

/** Reverts every call with the four bytes `0xdeadbeef` (a custom error without a reason string). */
export const REVERTER = {
  bytecode: creation("63deadbeef6000526004601cfd"),
  revertData: "0xdeadbeef",
} as const;

/** A word of call data holding `value`, as {@link EMITTER} puts it in its log's data. */
export function word(value: bigint | number): `0x${string}` {
  return `0x${BigInt(value).toString(16).padStart(64, "0")}`;
}
