import { scrubThrown } from "../errors/scrub-thrown.js";

type Redact = (text: string) => string;

/** Each guarded client's scrubber, for the helpers built on a client (`contract(evm, …)`, `erc20`). */
const redactors = new WeakMap<object, Redact>();

/** How deep objects returned by a client's methods (a TRC-20 handle, a stake helper) are guarded. */
const MAX_DEPTH = 4;

/**
 * Makes every error that leaves a client pass through {@link scrubThrown} with the client's
 * secrets, after whatever decoding built it: each method (and each method of the objects and async
 * iterators a method returns, and of nested helper objects) is wrapped in place, so an error class
 * added later cannot forget it. A surface calls this once, on the client it hands out.
 *
 * @param client - The client object (its methods are replaced in place).
 * @param redact - The client's scrubber (its `Auth.redact`).
 * @returns The same client.
 * @example
 * const client = scrubbedClient({ get: async () => { throw new ChainkitError("tok3n-s3cret") } }, (t) => t.replaceAll("tok3n-s3cret", "***"));
 * await client.get().catch((error) => error.message); // "***"
 */
export function scrubbedClient<T extends object>(client: T, redact: Redact): T {
  guard(client, redact, 0);
  redactors.set(client, redact);
  return client;
}

/**
 * Guards a helper built on a client (`contract(evm, address, abi)`) with that client's scrubber; a
 * value that is not a guarded client leaves the helper as it is.
 *
 * @example
 * const helper = scrubbedLike(evm, { head: () => evm.eth_blockNumber() }); // its errors are scrubbed as evm's
 */
export function scrubbedLike<T extends object>(client: unknown, helper: T): T {
  const redact = typeof client === "object" && client !== null ? redactors.get(client) : undefined;
  return redact === undefined ? helper : scrubbedClient(helper, redact);
}

function guard(target: object, redact: Redact, depth: number): void {
  if (depth > MAX_DEPTH || Object.isFrozen(target)) return;
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(target))) {
    const { value } = descriptor;
    if (!descriptor.writable) continue; // getters and fixed fields are left alone
    if (typeof value === "function") {
      (target as Record<string, unknown>)[key] = wrap(
        value as (...args: unknown[]) => unknown,
        target,
        redact,
        depth,
      );
    } else if (isPlainObject(value)) guard(value, redact, depth + 1);
  }
}

function wrap(
  method: (...args: unknown[]) => unknown,
  owner: object,
  redact: Redact,
  depth: number,
): (...args: unknown[]) => unknown {
  return function scrubbedMethod(this: unknown, ...args: unknown[]) {
    let result: unknown;
    try {
      result = method.apply(this ?? owner, args);
    } catch (error) {
      throw scrubThrown(error, redact);
    }
    return guardResult(result, redact, depth);
  };
}

function guardResult(result: unknown, redact: Redact, depth: number): unknown {
  if (result === null || typeof result !== "object") return result;
  if (typeof (result as PromiseLike<unknown>).then === "function") {
    return Promise.resolve(result).catch((error: unknown) => {
      throw scrubThrown(error, redact);
    });
  }
  if (Symbol.asyncIterator in result) {
    guardIterator(result as unknown as AsyncIterator<unknown>, redact);
    return result;
  }
  if (isPlainObject(result)) guard(result, redact, depth + 1);
  return result;
}

/** Iterators guarded already (a generator's `[Symbol.asyncIterator]()` is itself). */
const guardedIterators = new WeakSet<object>();

/**
 * An async iterator (a generator, a subscription) whose steps reject with scrubbed errors, and whose
 * `[Symbol.asyncIterator]()`, when it is another object, is guarded too.
 */
function guardIterator(iterator: AsyncIterator<unknown>, redact: Redact): void {
  if (guardedIterators.has(iterator)) return;
  guardedIterators.add(iterator);
  for (const name of ["next", "return", "throw"] as const) {
    const step = iterator[name] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof step !== "function") continue;
    define(iterator, name, (...args: unknown[]) =>
      Promise.resolve(step.apply(iterator, args)).catch((error: unknown) => {
        throw scrubThrown(error, redact);
      }),
    );
  }
  const iterable = iterator as unknown as AsyncIterable<unknown>;
  const open = iterable[Symbol.asyncIterator];
  if (typeof open !== "function") return;
  define(iterator, Symbol.asyncIterator, () => {
    const inner = open.call(iterator);
    guardIterator(inner, redact);
    return inner;
  });
}

function define(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
}

function isPlainObject(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
