import { timingSafeEqual } from "node:crypto";

/** The credentials of one node, as the platform hands them out. */
export interface NodeSecrets {
  token: string;
  username: string;
  password: string;
}

/** The outcome of checking a node request: the path with the token removed, or a refusal. */
export type NodeAuthResult = { ok: true; path: string } | { ok: false; reason: string };

function equalSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Why a node request was refused, as the 401 answer says it: each tells the caller what to fix. */
const NODE_AUTH_REFUSALS = {
  bearer:
    "bearer authentication is not available on node APIs: put the node token in the path or use basic auth",
  wrongToken:
    "invalid node token: the first path segment is not the token of any node (use details.auth_key of a running node; a deleted node's token stops working)",
  wrongPassword:
    "invalid username or password: use details.auth_username and details.auth_password of a running node",
  missing: "missing credentials: put the node token in the path (/<token>/...) or use basic auth",
} as const;

/**
 * Every node credential the sandbox accepts: the demo node's and each created node's. Node
 * surfaces take the token as the first path segment or basic auth, and refuse bearer, as the
 * service does.
 */
export class NodeAuthRegistry {
  readonly #nodes = new Set<NodeSecrets>();
  /** Requests each node served, by the hour they arrived in (ms since the epoch), for usage reports. */
  readonly #served = new WeakMap<NodeSecrets, Map<number, number>>();
  readonly #now: () => number;

  /** @param now - The clock that stamps served requests (default `Date.now`). */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /**
   * The requests a node's credentials were accepted for, by hour (the hour's start in ms since the
   * epoch): what the platform's usage report counts as request units.
   */
  requestsServed(secrets: NodeSecrets): ReadonlyMap<number, number> {
    return this.#served.get(secrets) ?? new Map();
  }

  #accepted(node: NodeSecrets): void {
    const hour = Math.floor(this.#now() / 3_600_000) * 3_600_000;
    const counts = this.#served.get(node) ?? new Map<number, number>();
    counts.set(hour, (counts.get(hour) ?? 0) + 1);
    this.#served.set(node, counts);
  }

  add(secrets: NodeSecrets): void {
    this.#nodes.add(secrets);
  }

  remove(secrets: NodeSecrets): void {
    this.#nodes.delete(secrets);
  }

  /**
   * Checks a request's path and Authorization header.
   *
   * @param path - The request path, token segment included.
   * @param authorization - The Authorization header, if any.
   * @param routes - First path segments of the surface's own paths (`evm`, `wallet`, `api`): a
   *   first segment outside them was meant as a token, so a refusal says the token is wrong rather
   *   than missing. Without it every refusal without basic auth reads as missing credentials.
   * @returns The path without the token, or the reason for a 401.
   */
  check(path: string, authorization: string | undefined, routes?: ReadonlySet<string>): NodeAuthResult {
    if (authorization?.toLowerCase().startsWith("bearer ")) {
      return { ok: false, reason: NODE_AUTH_REFUSALS.bearer };
    }
    const firstSegment = path.split("/")[1] ?? "";
    for (const node of this.#nodes) {
      if (firstSegment !== "" && equalSecret(firstSegment, node.token)) {
        this.#accepted(node);
        return { ok: true, path: path.slice(firstSegment.length + 1) || "/" };
      }
    }
    if (authorization?.toLowerCase().startsWith("basic ")) {
      const decoded = Buffer.from(authorization.slice(6).trim(), "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      const username = decoded.slice(0, colon);
      const password = decoded.slice(colon + 1);
      for (const node of this.#nodes) {
        if (colon > 0 && equalSecret(username, node.username) && equalSecret(password, node.password)) {
          this.#accepted(node);
          return { ok: true, path };
        }
      }
      return { ok: false, reason: NODE_AUTH_REFUSALS.wrongPassword };
    }
    if (firstSegment !== "" && routes !== undefined && !routes.has(firstSegment)) {
      return { ok: false, reason: NODE_AUTH_REFUSALS.wrongToken };
    }
    return { ok: false, reason: NODE_AUTH_REFUSALS.missing };
  }

  /**
   * Whether a token is some node's token: for credentials that travel outside the path, such as
   * gRPC's `x-token` metadata.
   */
  acceptsToken(token: string): boolean {
    for (const node of this.#nodes) {
      if (token !== "" && equalSecret(token, node.token)) {
        this.#accepted(node);
        return true;
      }
    }
    return false;
  }

  // The registry holds secrets: keep them out of logs and inspected objects.
  toJSON(): string {
    return `NodeAuthRegistry(${this.#nodes.size} nodes)`;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return this.toJSON();
  }
}
