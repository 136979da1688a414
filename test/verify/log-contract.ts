import { keccak_256 } from "@noble/hashes/sha3.js";

/** topic0 of the contract's first log: keccak("Ping(address,bytes)"). */
export const PING_TOPIC = `0x${Buffer.from(keccak_256(new TextEncoder().encode("Ping(address,bytes)"))).toString("hex")}`;

/**
 * Runtime code of a contract that, on any call, logs twice and returns 42: LOG2 with topics
 * [PING_TOPIC, caller] and the calldata as data, then LOG0 with no data, so receipts carry logs with
 * two topics and with none.
 */
const RUNTIME = Uint8Array.from([
  0x36,
  0x60,
  0x00,
  0x60,
  0x00,
  0x37, // CALLDATACOPY(0, 0, CALLDATASIZE)
  0x33, // CALLER: topic1
  0x7f,
  ...Buffer.from(PING_TOPIC.slice(2), "hex"), // PUSH32 topic0
  0x36,
  0x60,
  0x00,
  0xa2, // LOG2(0, CALLDATASIZE, topic0, topic1)
  0x60,
  0x00,
  0x60,
  0x00,
  0xa0, // LOG0(0, 0)
  0x60,
  0x2a,
  0x60,
  0x00,
  0x52,
  0x60,
  0x20,
  0x60,
  0x00,
  0xf3, // return the word 42
]);

/** Init code: CODECOPY the runtime that follows the 12-byte header and RETURN it. */
export const LOG_CONTRACT_INIT_CODE = `0x${Buffer.from([
  0x60,
  RUNTIME.length,
  0x60,
  0x0c,
  0x60,
  0x00,
  0x39,
  0x60,
  RUNTIME.length,
  0x60,
  0x00,
  0xf3,
  ...RUNTIME,
]).toString("hex")}`;
