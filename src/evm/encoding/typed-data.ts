import { concatBytes, encodeAbiValue } from "../../runtime/abi/abi-encode.js";
import { parseAbiType } from "../../runtime/abi/abi-type.js";
import { keccak256 } from "../../runtime/hashing/keccak-256.js";
import { EvmSignerError } from "../errors/evm-signer-error.js";
import type { EvmTypedData } from "../signer/evm-signer.js";

type Field = { name: string; type: string };
type Types = Record<string, readonly Field[]>;

const utf8 = /* @__PURE__ */ new TextEncoder();
const ARRAY = /^(.*)\[(\d*)\]$/;

// The domain's members in the order EIP-712 lists them; a domain's type has the ones it sets.
const DOMAIN_FIELDS: readonly Field[] = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
  { name: "salt", type: "bytes32" },
];

function refuse(field: string, why: string): never {
  throw new EvmSignerError(`typed data: ${field} ${why}; nothing was signed`, { field });
}

// The struct types a type refers to, itself included, each once.
function dependencies(type: string, types: Types, found: Set<string>): Set<string> {
  const base = type.replace(/(\[\d*\])+$/, "");
  if (found.has(base) || types[base] === undefined) return found;
  found.add(base);
  for (const field of types[base]) dependencies(field.type, types, found);
  return found;
}

// EIP-712's encodeType: the type, then the types it refers to sorted by name.
function encodeType(primary: string, types: Types): string {
  const [, ...rest] = [...dependencies(primary, types, new Set())];
  return [primary, ...rest.sort()]
    .map((name) => `${name}(${(types[name] ?? []).map((field) => `${field.type} ${field.name}`).join(",")})`)
    .join("");
}

function encodeField(type: string, value: unknown, types: Types, at: string): Uint8Array {
  if (types[type] !== undefined) return hashStruct(type, value, types, at);
  const array = ARRAY.exec(type);
  if (array) {
    if (!Array.isArray(value)) refuse(at, `must be an array (${type})`);
    if (array[2] !== "" && value.length !== Number(array[2]))
      refuse(at, `must have ${array[2]} items (${type})`);
    return keccak256(
      concatBytes(value.map((item, i) => encodeField(array[1] as string, item, types, `${at}/${i}`))),
    );
  }
  if (type === "string") {
    if (typeof value !== "string") refuse(at, "must be a string");
    return keccak256(utf8.encode(value));
  }
  try {
    const parsed = parseAbiType({ type });
    // Dynamic bytes are hashed; every other atomic type is its 32-byte ABI word.
    if (parsed.kind === "bytes") {
      // The ABI form is a length word then the bytes padded: the hash covers the bytes alone.
      const encoded = encodeAbiValue(parsed, value, at);
      const length = new DataView(encoded.buffer, encoded.byteOffset + 28, 4).getUint32(0);
      return keccak256(encoded.subarray(32, 32 + length));
    }
    return encodeAbiValue(parsed, value, at);
  } catch (error) {
    if (error instanceof EvmSignerError) throw error;
    return refuse(at, (error as Error).message.replace(`${at} `, ""));
  }
}

function hashStruct(type: string, value: unknown, types: Types, at: string): Uint8Array {
  if (value === null || typeof value !== "object") refuse(at, `must be an object (${type})`);
  const record = value as Record<string, unknown>;
  const fields = types[type] ?? [];
  return keccak256(
    concatBytes([
      keccak256(utf8.encode(encodeType(type, types))),
      ...fields.map((field) => encodeField(field.type, record[field.name], types, `${at}/${field.name}`)),
    ]),
  );
}

/**
 * The EIP-712 digest of typed data: `keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message))`, with
 * nested structs, arrays and every atomic type. `EIP712Domain` is taken from `types` when given,
 * derived from the domain's members otherwise (as viem and ethers do).
 *
 * @param typedData - Domain, types, primary type and message.
 * @returns The 32-byte digest.
 * @throws {EvmSignerError} naming the member (`message/from/wallet`) whose value does not fit its type.
 * @example
 * typedDataDigest({ domain: { name: "Mail", chainId: 999 }, types: { Mail: [{ name: "text", type: "string" }] }, primaryType: "Mail", message: { text: "hi" } });
 */
export function typedDataDigest(typedData: EvmTypedData): Uint8Array {
  const domain = typedData.domain ?? {};
  const types: Types = {
    EIP712Domain: DOMAIN_FIELDS.filter((field) => domain[field.name] != null),
    ...typedData.types,
  };
  if (types[typedData.primaryType] === undefined)
    refuse("primaryType", `names no type of types (${typedData.primaryType})`);
  const parts = [Uint8Array.of(0x19, 0x01), hashStruct("EIP712Domain", domain, types, "domain")];
  if (typedData.primaryType !== "EIP712Domain") {
    parts.push(hashStruct(typedData.primaryType, typedData.message, types, "message"));
  }
  return keccak256(concatBytes(parts));
}
