import { ConfigurationError } from "../errors/configuration-error.js";

/** How a dropped WebSocket is dialled again. All times in milliseconds. */
export interface ReconnectOptions {
  /**
   * Failed dials in a row before giving up (default 10; `Infinity` never gives up). A connection that
   * stays up for 2 s resets the count; one dropped sooner counts as a failed dial.
   * An upgrade refused for good (401, 403, 404) gives up at once, and so does a first dial that finds
   * nothing listening (the policy is for connections that were up).
   */
  attempts?: number;
  /** Backoff base: dial n waits a random time up to `baseDelay * 2^n` (default 250). */
  baseDelay?: number;
  /** Longest wait between dials (default 30 000). */
  maxDelay?: number;
}

/** {@link ReconnectOptions} with every field set. */
export type ReconnectPolicy = Required<ReconnectOptions>;

const DEFAULTS: ReconnectPolicy = { attempts: 10, baseDelay: 250, maxDelay: 30_000 };

/**
 * Fills in reconnect defaults; `false` means one dial and no reconnects.
 *
 * @throws {ConfigurationError} (option `reconnect.<field>`) for a negative, non-numeric or zero `attempts`.
 * @example
 * resolveReconnectPolicy({ attempts: Infinity }); // { attempts: Infinity, baseDelay: 250, maxDelay: 30000 }
 */
export function resolveReconnectPolicy(options: ReconnectOptions | false | undefined): ReconnectPolicy {
  if (options === false) return { ...DEFAULTS, attempts: 1 };
  const policy = { ...DEFAULTS };
  for (const name of Object.keys(DEFAULTS) as (keyof ReconnectPolicy)[]) {
    const value: unknown = options?.[name];
    if (value === undefined) continue;
    const min = name === "attempts" ? 1 : 0;
    if (typeof value !== "number" || Number.isNaN(value) || value < min) {
      throw new ConfigurationError(`reconnect.${name}`, `must be a number >= ${min}`);
    }
    if (name !== "attempts" && !Number.isFinite(value)) {
      throw new ConfigurationError(`reconnect.${name}`, "must be a finite number of milliseconds");
    }
    policy[name] = value;
  }
  return policy;
}
