import { ConfigurationError } from "../errors/configuration-error.js";

/** Keep-alive of a WebSocket connection. All times in milliseconds. */
export interface KeepAliveOptions {
  /** Quiet time before a keep-alive request is sent (default 15 000). */
  interval?: number;
  /** Time to wait for any message after it before the connection is replaced (default 10 000). */
  timeout?: number;
}

/** {@link KeepAliveOptions} with every field set. */
export type KeepAlivePolicy = Required<KeepAliveOptions>;

const DEFAULTS: KeepAlivePolicy = { interval: 15_000, timeout: 10_000 };

/**
 * Fills in keep-alive defaults; `false` turns keep-alive (and dead-connection detection) off.
 *
 * @throws {ConfigurationError} (option `keepAlive.<field>`) unless each time is a finite number > 0.
 * @example
 * resolveKeepAlivePolicy({ interval: 5_000 }); // { interval: 5000, timeout: 10000 }
 */
export function resolveKeepAlivePolicy(
  options: KeepAliveOptions | false | undefined,
): KeepAlivePolicy | false {
  if (options === false) return false;
  const policy = { ...DEFAULTS };
  for (const name of ["interval", "timeout"] as const) {
    const value: unknown = options?.[name];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
      throw new ConfigurationError(`keepAlive.${name}`, "must be a finite number of milliseconds > 0");
    }
    policy[name] = value;
  }
  return policy;
}
