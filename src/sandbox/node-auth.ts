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

/**
 * Every node credential the sandbox accepts: the demo node's and each created node's. Node
 * surfaces take the token as the first path segment or basic auth, and refuse bearer, as the
 * interface says.
 */
export class NodeAuthRegistry {
  readonly #nodes = new Set<NodeSecrets>();

  add(secrets: NodeSecrets): void {
    this.#nodes.add(secrets);
  }

  remove(secrets: NodeSecrets): void {
    this.#nodes.delete(secrets);
  }

  /** Checks a request's path and Authorization header. */
  check(path: string, authorization: string | undefined): NodeAuthResult {
    if (authorization?.toLowerCase().startsWith("bearer ")) {
      return { ok: false, reason: "bearer authentication is not available on node APIs" };
    }
    const firstSegment = path.split("/")[1] ?? "";
    for (const node of this.#nodes) {
      if (firstSegment !== "" && equalSecret(firstSegment, node.token)) {
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
          return { ok: true, path };
        }
      }
      return { ok: false, reason: "invalid username or password" };
    }
    return { ok: false, reason: "missing credentials: put the node token in the path or use basic auth" };
  }

  // The registry holds secrets: keep them out of logs and inspected objects.
  toJSON(): string {
    return `NodeAuthRegistry(${this.#nodes.size} nodes)`;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return this.toJSON();
  }
}
