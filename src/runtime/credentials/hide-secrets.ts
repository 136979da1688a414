const inspectCustom = Symbol.for("nodejs.util.inspect.custom");
const MASK = "***";

/**
 * A copy of a plain object that holds secrets, safe to log while its fields stay readable to code:
 * `util.inspect` (so `console.log`) and `JSON.stringify` show what `show` returns, worked out when they
 * ask, so a field changed later is masked too. The two hooks sit on the copy's own prototype, not on
 * the copy: its own keys are exactly the fields, so spreading, `Object.keys`, `toEqual` and a `fetch`
 * `Headers` built from it see only those. Without `show`, every field is shown as `***`.
 *
 * The runtime's one way of hiding secrets in objects handed to callers (node access, node endpoints, the
 * sandbox's demo credentials, answer objects that repeat a secret field's value); a single value is
 * held in a `Secret` instead.
 *
 * @param fields - The fields to copy (own enumerable properties).
 * @param show - What inspecting or serialising the copy shows instead (default: {@link maskFields}).
 * @returns The copy.
 * @example
 * const credentials = hideSecrets({ username: "alice", password: "correct-horse" });
 * credentials.password; // "correct-horse"
 * JSON.stringify(credentials); // '{"username":"***","password":"***"}'
 */
export function hideSecrets<T extends object>(fields: T, show: (value: T) => unknown = maskFields): T {
  const hooks = Object.create(Object.prototype, {
    toJSON: { value: () => show(copy) },
    [inspectCustom]: { value: () => show(copy) },
  }) as object;
  const copy = Object.assign(Object.create(hooks) as T, fields);
  return copy;
}

/**
 * A copy of an object's own enumerable fields with each value replaced by `***`: the names stay, so a
 * reader still sees which fields there are.
 *
 * @example
 * maskFields({ authorization: "Basic dXNlcjpwYXNz" }); // { authorization: "***" }
 */
export function maskFields(value: object): Record<string, string> {
  return Object.fromEntries(Object.keys(value).map((key) => [key, MASK]));
}
