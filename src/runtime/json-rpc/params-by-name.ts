/**
 * Params of a by-name method (OpenRPC `paramStructure: by-name`) as the object sent, left-out ones
 * omitted.
 *
 * @param params - The params tuple, in the order of `names`.
 * @param names - The method's param names.
 * @returns The params object.
 */
export function paramsByName(params: readonly unknown[], names: readonly string[]): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  names.forEach((name, index) => {
    if (params[index] !== undefined) named[name] = params[index];
  });
  return named;
}
