import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { keccak256 } from "../../runtime/hashing/keccak-256.js";
import { ExchangeError } from "../errors/exchange-error.js";
import type { Hex } from "./action-hash.js";

/** One member of an EIP-712 struct type. */
export interface TypedDataField {
  name: string;
  type: string;
}

/** An EIP-712 domain. */
export interface TypedDataDomain {
  name?: string;
  version?: string;
  chainId?: number | bigint;
  verifyingContract?: string;
  salt?: string;
}

/** EIP-712 typed data, in the one-object form viem and `eth_signTypedData_v4` use. */
export interface TypedData {
  domain: TypedDataDomain;
  types: Record<string, readonly TypedDataField[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

/** The domain of every L1 action signature (chainId is always 1337, whatever the network). */
export const AGENT_DOMAIN = {
  name: "Exchange",
  version: "1",
  chainId: 1337,
  verifyingContract: "0x0000000000000000000000000000000000000000",
} as const;

// Every EIP-712 domain member, in the order the standard lists them.
const DOMAIN_FIELDS: readonly TypedDataField[] = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
  { name: "salt", type: "bytes32" },
];

const AGENT_FIELDS = [
  { name: "source", type: "string" },
  { name: "connectionId", type: "bytes32" },
] as const;

/**
 * The typed data a signer signs for an L1 action: message `{ source: "a" | "b", connectionId }`.
 * Member types are literals, so viem can type-check it. `types` leaves out `EIP712Domain`, as viem
 * and ethers expect; signers derive it from the domain's four members.
 */
export interface AgentTypedData extends TypedData {
  domain: typeof AGENT_DOMAIN;
  types: { Agent: typeof AGENT_FIELDS };
  primaryType: "Agent";
  message: { source: "a" | "b"; connectionId: Hex };
}

function typedDataError(message: string): never {
  throw new ExchangeError(`typed data: ${message}`);
}

function encodeType(name: string, fields: readonly TypedDataField[]): string {
  return `${name}(${fields.map((field) => `${field.type} ${field.name}`).join(",")})`;
}

function hexBytes(value: unknown, name: string): Uint8Array {
  if (typeof value !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(value))
    typedDataError(`${name} must be hex`);
  return hexToBytes(value.slice(2));
}

function word(value: bigint, bits: number, name: string, signed: boolean): Uint8Array {
  const limit = 1n << BigInt(signed ? bits - 1 : bits);
  if (value >= limit || value < (signed ? -limit : 0n)) typedDataError(`${name} is out of range`);
  const unsigned = value < 0n ? (1n << 256n) + value : value;
  return hexToBytes(unsigned.toString(16).padStart(64, "0"));
}

/** The 32-byte encoding of one atomic member value (EIP-712 `encodeData`). */
function encodeValue(type: string, value: unknown, name: string): Uint8Array {
  if (type === "string") {
    if (typeof value !== "string") typedDataError(`${name} must be a string`);
    return keccak256(utf8ToBytes(value));
  }
  if (type === "bytes") return keccak256(hexBytes(value, name));
  if (type === "bool") {
    if (typeof value !== "boolean") typedDataError(`${name} must be a boolean`);
    return word(value ? 1n : 0n, 8, name, false);
  }
  if (type === "address") {
    const bytes = hexBytes(value, name);
    if (bytes.length !== 20) typedDataError(`${name} must be a 20-byte address`);
    return concatBytes(new Uint8Array(12), bytes);
  }
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed) {
    const bytes = hexBytes(value, name);
    if (bytes.length !== Number(fixed[1]) || bytes.length > 32) typedDataError(`${name} must be ${type}`);
    return concatBytes(bytes, new Uint8Array(32 - bytes.length));
  }
  const integer = /^(u?)int(\d*)$/.exec(type);
  if (integer) {
    if (typeof value !== "number" && typeof value !== "bigint" && typeof value !== "string") {
      typedDataError(`${name} must be an integer`);
    }
    let big: bigint;
    try {
      big = BigInt(value);
    } catch {
      return typedDataError(`${name} must be an integer`);
    }
    return word(big, Number(integer[2] || 256), name, integer[1] !== "u");
  }
  return typedDataError(`${name} has type ${type}; only flat structs of atomic types are supported`);
}

function hashStruct(
  name: string,
  fields: readonly TypedDataField[],
  data: Record<string, unknown>,
): Uint8Array {
  const parts: Uint8Array[] = [keccak256(utf8ToBytes(encodeType(name, fields)))];
  for (const field of fields) parts.push(encodeValue(field.type, data[field.name], `${name}.${field.name}`));
  return keccak256(concatBytes(...parts));
}

function domainSeparator(domain: TypedDataDomain, fields?: readonly TypedDataField[]): Uint8Array {
  const members =
    fields ?? DOMAIN_FIELDS.filter((field) => domain[field.name as keyof TypedDataDomain] != null);
  return hashStruct("EIP712Domain", members, domain as Record<string, unknown>);
}

/**
 * The EIP-712 digest (`keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message))`) of typed data whose
 * primary type is a flat struct of atomic members (string, bytes, bytesN, uintN, intN, address, bool),
 * which covers every exchange signature.
 *
 * @param typedData - domain, types, primaryType and message.
 * @returns the 32-byte digest.
 * @throws {ExchangeError} for nested or array member types and for values that do not fit their type.
 * @example
 * hashTypedData(agentTypedData(actionHash({ action, nonce }), true));
 */
export function hashTypedData(typedData: TypedData): Uint8Array {
  const fields = typedData.types[typedData.primaryType];
  if (!fields) typedDataError(`types has no ${typedData.primaryType}`);
  return keccak256(
    concatBytes(
      new Uint8Array([0x19, 0x01]),
      domainSeparator(typedData.domain, typedData.types.EIP712Domain),
      hashStruct(typedData.primaryType, fields, typedData.message),
    ),
  );
}

// The Agent digest has only the connection id varying, so everything else is computed once.
const AGENT_PREFIX = concatBytes(new Uint8Array([0x19, 0x01]), domainSeparator(AGENT_DOMAIN));
const AGENT_TYPE_HASH = keccak256(utf8ToBytes(encodeType("Agent", AGENT_FIELDS)));
const SOURCE_HASH = { a: keccak256(utf8ToBytes("a")), b: keccak256(utf8ToBytes("b")) };

/** The domain separator of L1 action signatures, as hex (a known constant, `0xd792…4040`). */
export const AGENT_DOMAIN_SEPARATOR: Hex = `0x${bytesToHex(AGENT_PREFIX.subarray(2))}`;

/**
 * The digest an L1 action signature signs, computed without building typed data.
 *
 * @param connectionId - the action hash (32 bytes, raw or hex).
 * @param isMainnet - `true` signs source `"a"`, `false` source `"b"`.
 * @returns the 32-byte EIP-712 digest.
 * @throws {ExchangeError} when the connection id is not 32 bytes.
 * @example
 * agentDigest(actionHash({ action, nonce }), true);
 */
export function agentDigest(connectionId: Hex | Uint8Array, isMainnet: boolean): Uint8Array {
  const id = typeof connectionId === "string" ? hexBytes(connectionId, "connectionId") : connectionId;
  if (id.length !== 32) typedDataError("connectionId must be 32 bytes");
  const struct = new Uint8Array(96);
  struct.set(AGENT_TYPE_HASH, 0);
  struct.set(SOURCE_HASH[isMainnet ? "a" : "b"], 32);
  struct.set(id, 64);
  const payload = new Uint8Array(66); // 0x1901 ‖ domain separator ‖ struct hash
  payload.set(AGENT_PREFIX, 0);
  payload.set(keccak256(struct), 34);
  return keccak256(payload);
}

/**
 * The typed data an external signer (a viem account, an ethers wallet, a browser wallet) signs for
 * an L1 action.
 *
 * @param connectionId - the action hash, `0x` + 64 hex digits.
 * @param isMainnet - `true` for source `"a"`, `false` for `"b"`.
 * @returns domain, types, primaryType `"Agent"` and message.
 * @example
 * await signer.signTypedData(agentTypedData(actionHash({ action, nonce }), true));
 */
export function agentTypedData(connectionId: Hex, isMainnet: boolean): AgentTypedData {
  return {
    domain: AGENT_DOMAIN,
    types: { Agent: AGENT_FIELDS },
    primaryType: "Agent",
    message: { source: isMainnet ? "a" : "b", connectionId },
  };
}
