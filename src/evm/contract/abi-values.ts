/** An ABI parameter, as far as its values' shape goes. */
export interface AbiParam {
  type: string;
  name?: string;
  components?: readonly AbiParam[];
}

const INTEGER = /^u?int(\d*)$/;
const ARRAY = /^(.*)\[(\d*)\]$/;

/**
 * Whether an integer type is typed `number` rather than `bigint`: abitype's default types `int<M>`
 * and `uint<M>` with M ≤ 48 as `number` (they fit losslessly), wider ones as `bigint`.
 */
function isSmallInteger(type: string): boolean {
  const bits = INTEGER.exec(type)?.[1];
  return bits !== undefined && bits !== "" && Number(bits) <= 48;
}

/**
 * Converts values between abitype's TypeScript types and chainkit's ABI coder, which takes and
 * returns every integer as a `bigint`: small integers become `number` on the way out and `bigint` on
 * the way in, through arrays and tuples.
 *
 * @param param - The parameter's ABI description.
 * @param value - A value of it.
 * @param direction - `"decoded"` (from the coder to the user) or `"toEncode"` (from the user to the coder).
 * @returns The value in the other side's shape.
 * @example
 * abiValue({ type: "uint8" }, 6n, "decoded"); // 6
 * abiValue({ type: "uint8[]" }, [1, 2], "toEncode"); // [1n, 2n]
 */
export function abiValue(param: AbiParam, value: unknown, direction: "decoded" | "toEncode"): unknown {
  const array = ARRAY.exec(param.type);
  if (array && Array.isArray(value)) {
    const item = { ...param, type: array[1] as string };
    return value.map((entry) => abiValue(item, entry, direction));
  }
  if (param.type === "tuple" && param.components && value !== null && typeof value === "object") {
    const components = param.components;
    if (Array.isArray(value))
      return components.map((component, i) => abiValue(component, value[i], direction));
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      components.map((component, i) => {
        const key = component.name || String(i);
        return [key, abiValue(component, record[key], direction)];
      }),
    );
  }
  if (INTEGER.test(param.type)) {
    if (direction === "toEncode" && typeof value === "number" && Number.isSafeInteger(value))
      return BigInt(value);
    if (direction === "decoded" && typeof value === "bigint" && isSmallInteger(param.type))
      return Number(value);
  }
  return value;
}
