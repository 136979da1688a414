const inspectCustom = Symbol.for("nodejs.util.inspect.custom");
const MASK = "***";

/**
 * Holds a key, token or password so that it never leaks by accident: `util.inspect`,
 * `console.log`, `JSON.stringify`, template strings and string concatenation all show `***`.
 * Only {@link Secret.reveal} returns the value, for the one place that must send it.
 *
 * @example
 * const key = new Secret(process.env.API_KEY ?? "");
 * console.log(key, `${key}`, JSON.stringify({ key })); // Secret(***) *** {"key":"***"}
 * fetch(url, { headers: { authorization: `Bearer ${key.reveal()}` } });
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /**
   * Returns the value itself. Call it only where the value is sent.
   *
   * @example
   * new Secret("abc").reveal(); // "abc"
   */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return MASK;
  }

  toJSON(): string {
    return MASK;
  }

  [Symbol.toPrimitive](): string {
    return MASK;
  }

  [inspectCustom](): string {
    return `Secret(${MASK})`;
  }
}

/** A secret given either as a plain string or already wrapped in a {@link Secret}. */
export type SecretInput = string | Secret;

/**
 * Wraps a string in a {@link Secret}; a `Secret` is returned as is.
 *
 * @example
 * toSecret("abc").reveal(); // "abc"
 */
export function toSecret(value: SecretInput): Secret {
  return value instanceof Secret ? value : new Secret(value);
}

/**
 * `T` with every {@link Secret} in it replaced by the string it holds: a value as it travels on the
 * wire (what a server, such as the sandbox, sends and receives).
 *
 * @example
 * const details: Revealed<NodeDetails> = { auth_key: "3c6e0b8a" }; // a string, as the service sends it
 */
export type Revealed<T> = T extends Secret
  ? string
  : T extends object
    ? { [K in keyof T]: Revealed<T[K]> }
    : T;
