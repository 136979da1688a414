/** An ABI parameter as a contract's JSON ABI describes it. */
export interface AbiParameter {
  type: string;
  name?: string;
  components?: readonly AbiParameter[];
}

/** A parameter's type, parsed once: what the encoder and decoder walk. */
export type AbiType =
  | { kind: "uint" | "int"; bits: number }
  | { kind: "address" | "bool" | "string" | "bytes" }
  | { kind: "fixedBytes"; size: number }
  | { kind: "array"; item: AbiType; length: number | undefined }
  | { kind: "tuple"; items: AbiType[]; names: string[] | undefined };

// Solidity nests types a few levels deep; a deeper ABI is refused before it can exhaust the stack.
const MAX_DEPTH = 64;
const ARRAY = /^(.+)\[(\d*)\]$/;
const INTEGER = /^(u?)int(\d*)$/;
const FIXED_BYTES = /^bytes(\d+)$/;

/**
 * Parses an ABI parameter's type (`uint256`, `bytes32`, `(address,uint8)[2][]` as a tuple with
 * components, …). Tuples whose components all have distinct names decode to objects, others to arrays.
 *
 * @param param - The parameter.
 * @returns Its parsed type.
 * @throws {Error} naming the type when it is not one the ABI specification defines.
 * @example
 * parseAbiType({ type: "uint8[]" }); // { kind: "array", item: { kind: "uint", bits: 8 }, length: undefined }
 */
export function parseAbiType(param: AbiParameter, depth = 0): AbiType {
  if (depth > MAX_DEPTH) throw new Error(`type ${param.type} nests deeper than ${MAX_DEPTH} levels`);
  const array = ARRAY.exec(param.type);
  if (array) {
    const item = parseAbiType({ ...param, type: array[1] as string }, depth + 1);
    const digits = array[2] as string;
    const length = digits === "" ? undefined : Number(digits);
    if (length !== undefined && (!Number.isSafeInteger(length) || length < 1)) {
      throw new Error(`type ${param.type} has a fixed length that is not a positive integer`);
    }
    return { kind: "array", item, length };
  }
  if (param.type === "tuple") {
    const components = param.components ?? [];
    if (components.length === 0) throw new Error("a tuple type needs at least one component");
    const items = components.map((component) => parseAbiType(component, depth + 1));
    const names = components.map((component) => component.name ?? "");
    const named = names.every((name) => name !== "");
    if (named && new Set(names).size !== names.length) {
      throw new Error(`a tuple has two components named the same (${names.join(", ")})`);
    }
    return { kind: "tuple", items, names: named ? names : undefined };
  }
  if (
    param.type === "address" ||
    param.type === "bool" ||
    param.type === "string" ||
    param.type === "bytes"
  ) {
    return { kind: param.type };
  }
  const integer = INTEGER.exec(param.type);
  if (integer) {
    const bits = integer[2] === "" ? 256 : Number(integer[2]);
    if (bits < 8 || bits > 256 || bits % 8 !== 0)
      throw new Error(`type ${param.type} is not an integer width`);
    return { kind: integer[1] === "u" ? "uint" : "int", bits };
  }
  const fixed = FIXED_BYTES.exec(param.type);
  if (fixed) {
    const size = Number(fixed[1]);
    if (size < 1 || size > 32) throw new Error(`type ${param.type} is not bytes1 to bytes32`);
    return { kind: "fixedBytes", size };
  }
  // `function` is a contract address and a selector: 24 bytes.
  if (param.type === "function") return { kind: "fixedBytes", size: 24 };
  throw new Error(`type ${param.type} is not an ABI type`);
}

/** Whether values of the type are written after the heads (their head is an offset). */
export function isDynamic(type: AbiType): boolean {
  if (type.kind === "string" || type.kind === "bytes") return true;
  if (type.kind === "array") return type.length === undefined || isDynamic(type.item);
  if (type.kind === "tuple") return type.items.some(isDynamic);
  return false;
}

/** The bytes a value of the type takes in its sequence's heads: 32 for an offset or a word. */
export function headSize(type: AbiType): number {
  if (isDynamic(type)) return 32;
  if (type.kind === "array") return (type.length as number) * headSize(type.item);
  if (type.kind === "tuple") return type.items.reduce((sum, item) => sum + headSize(item), 0);
  return 32;
}

/**
 * A parameter's type as a signature spells it: tuples as `(…)`, `uint` as `uint256`.
 *
 * @param param - The parameter.
 * @returns The canonical type, e.g. `(address,uint256)[]`.
 * @example
 * canonicalType({ type: "tuple[]", components: [{ type: "address" }, { type: "uint" }] }); // "(address,uint256)[]"
 */
export function canonicalType(param: AbiParameter): string {
  if (param.type.startsWith("tuple")) {
    return `(${(param.components ?? []).map(canonicalType).join(",")})${param.type.slice(5)}`;
  }
  return param.type.replace(/^(u?int)(?=\[|$)/, "$1256");
}

/**
 * A function's, event's or error's signature, e.g. `transfer(address,uint256)`.
 *
 * @param name - Its name.
 * @param inputs - Its inputs.
 * @returns The signature its selector hashes.
 * @example
 * signatureOf("transfer", [{ type: "address" }, { type: "uint256" }]); // "transfer(address,uint256)"
 */
export function signatureOf(name: string, inputs: readonly AbiParameter[] | undefined): string {
  return `${name}(${(inputs ?? []).map(canonicalType).join(",")})`;
}
