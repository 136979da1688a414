import { readFileSync } from "node:fs";
import { type LoopbackServer, type Reply, startLoopbackServer } from "./loopback-server.js";

/** The provider's example Ethereum node and create body (test/fixtures/platform). */
const examples = JSON.parse(
  readFileSync(new URL("../fixtures/platform/reference-examples.json", import.meta.url), "utf8"),
).examples as { EthereumNode: Record<string, unknown>; EthereumNodeCreate: Record<string, unknown> };

const exampleNode = examples.EthereumNode;
export const exampleCreateBody = examples.EthereumNodeCreate;

/** A platform API on loopback: one organization and an in-memory list of nodes. */
export interface FakePlatform extends LoopbackServer {
  apiKey: string;
  /**
   * Adds a node that reports each status of `statuses` to successive reads, then stays at the last.
   * `details` replace the example node's details.
   */
  addNode(id: string, statuses: string[], details?: Record<string, unknown>): void;
}

/**
 * Starts a platform API on 127.0.0.1 serving the provider's example payloads: bearer key only
 * (`{"detail"}` 401 otherwise), `GET /v1/organization/`, `GET|POST /v1/nodes/`,
 * `GET|PATCH|DELETE /v1/nodes/{id}/` with the real trailing slashes. A created node starts `pending`
 * and is `running` from its second read on.
 */
export async function startFakePlatform(apiKey = "platform-test-key-51c0a9"): Promise<FakePlatform> {
  const nodes = new Map<string, { node: Record<string, unknown>; statuses: string[] }>();
  let created = 0;

  const read = (id: string): Record<string, unknown> | undefined => {
    const entry = nodes.get(id);
    if (!entry) return undefined;
    const status = entry.statuses.length > 1 ? entry.statuses.shift() : entry.statuses[0];
    return { ...entry.node, status };
  };
  const addNode = (id: string, statuses: string[], details?: Record<string, unknown>) => {
    nodes.set(id, {
      node: { ...exampleNode, id, details: details ?? exampleNode.details },
      statuses: [...statuses],
    });
  };

  const server = await startLoopbackServer((request): Reply => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return { status: 401, body: { detail: "Authentication credentials were not provided." } };
    }
    if (request.path === "/v1/organization/" && request.method === "GET") {
      return { body: { id: "RG-123-456", name: "My organization" } };
    }
    if (request.path === "/v1/nodes/" && request.method === "GET") {
      const results = [...nodes.keys()].map((id) => ({ ...nodes.get(id)?.node }));
      return { body: { count: results.length, next: null, previous: null, results } };
    }
    if (request.path === "/v1/nodes/" && request.method === "POST") {
      created++;
      const id = `ND-000-000-${String(created).padStart(3, "0")}`;
      const body = { ...(request.json as object), id, organization: "RG-123-456", status: "pending" };
      nodes.set(id, { node: { ...exampleNode, ...body }, statuses: ["pending", "running"] });
      return { status: 201, body };
    }
    const match = /^\/v1\/nodes\/([^/]+)\/$/.exec(request.path);
    const id = match?.[1];
    if (id !== undefined && nodes.has(id)) {
      if (request.method === "GET") return { body: read(id) };
      if (request.method === "PATCH") {
        const entry = nodes.get(id);
        if (entry) entry.node = { ...entry.node, ...(request.json as object) };
        return { body: read(id) };
      }
      if (request.method === "DELETE") {
        nodes.delete(id);
        return { status: 204 };
      }
    }
    return { status: 404, body: { error: { code: "not_found", message: "Not found." } } };
  });
  return { ...server, apiKey, addNode };
}
