/**
 * Params of a by-name method (OpenRPC `paramStructure: by-name`) as the object sent, left-out ones
 * omitted.
 *
 * @param params - The params tuple, in the order of `names`.
 * @param names - The method's param names.
 * @returns The params object.
 */
export function paramsByName(params: readonly unknown[], names: readonly string[]): Record<string, unknown> {
  // Defined, not assigned: a param named `__proto__` is a field like any other, never the prototype.
  return Object.fromEntries(
    names.flatMap((name, index) => (params[index] !== undefined ? [[name, params[index]]] : [])),
  );
}
