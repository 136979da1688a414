/**
 * An answer nesting 50,000 levels into a recursive schema, from a local server: the generated
 * validator recurses once per level, and somewhere past a few thousand levels (where depends on the
 * stack) the call ended in a raw RangeError. It must be a ResponseValidationError pointing at where
 * the answer passed MAX_ANSWER_DEPTH, over REST and over JSON-RPC alike. The depth is measured only
 * once the stack overflows: measuring every answer cost as much as parsing it.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { ResponseValidationError } from "../../src/runtime/errors/response-validation-error.js";
import { MAX_ANSWER_DEPTH } from "../../src/runtime/json/nesting-depth.js";
import { repoRoot } from "../generate/support.js";
import { type LoopbackServer, startLoopbackServer } from "../support/loopback-server.js";

const SPEC = `openapi: 3.1.0
info: { title: Tree, version: "1" }
paths:
  /tree:
    get:
      operationId: getTree
      responses:
        "200":
          description: a tree
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Node" }
components:
  schemas:
    Node:
      type: object
      properties:
        child: { $ref: "#/components/schemas/Node" }
`;

const RPC_SPEC = JSON.stringify({
  openrpc: "1.2.6",
  info: { title: "Tree", version: "1" },
  methods: [
    { name: "tree_get", params: [], result: { name: "tree", schema: { $ref: "#/components/schemas/Node" } } },
  ],
  components: {
    schemas: { Node: { type: "object", properties: { child: { $ref: "#/components/schemas/Node" } } } },
  },
});

const DEEP = `${'{"child":'.repeat(50_000)}{}${"}".repeat(50_000)}`;

let scratch: string;
let server: LoopbackServer;
let rpcServer: LoopbackServer;
let client: { getTree: () => Promise<unknown> };
let rpcClient: { tree_get: () => Promise<unknown> };

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-deep-answer-"));
  await writeFile(join(scratch, "tree.yaml"), SPEC);
  const out = join(scratch, "client");
  const { factory } = await generateClient({
    spec: join(scratch, "tree.yaml"),
    out,
    runtime: join(repoRoot, "src/runtime.js"),
  });
  server = await startLoopbackServer(() => ({ body: DEEP }));
  const module = await import(pathToFileURL(join(out, "index.ts")).href);
  client = module[factory]({ baseUrl: server.url, retry: false });

  await writeFile(join(scratch, "tree.openrpc.json"), RPC_SPEC);
  const rpcOut = join(scratch, "rpc-client");
  const rpc = await generateClient({
    spec: join(scratch, "tree.openrpc.json"),
    out: rpcOut,
    runtime: join(repoRoot, "src/runtime.js"),
  });
  rpcServer = await startLoopbackServer((request) => ({
    body: `{"jsonrpc":"2.0","id":${(request.json as { id: number }).id},"result":${DEEP}}`,
  }));
  const rpcModule = await import(pathToFileURL(join(rpcOut, "index.ts")).href);
  rpcClient = rpcModule[rpc.factory]({ url: rpcServer.url, retry: false });
}, 120_000);

afterAll(async () => {
  await server.close();
  await rpcServer.close();
  await rm(scratch, { recursive: true, force: true });
});

it("a 50,000-level answer is a ResponseValidationError naming where it got too deep", async () => {
  const error = await client.getTree().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ResponseValidationError);
  const pointer = `${"/child".repeat(MAX_ANSWER_DEPTH)}`;
  expect((error as ResponseValidationError).issues).toEqual([
    { pointer, message: `nests deeper than ${MAX_ANSWER_DEPTH} levels` },
  ]);
  expect(server.requests).toHaveLength(1);
});

it("a 50,000-level JSON-RPC result is a ResponseValidationError naming where it got too deep", async () => {
  const error = await rpcClient.tree_get().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ResponseValidationError);
  expect((error as ResponseValidationError).issues).toEqual([
    {
      pointer: `/result${"/child".repeat(MAX_ANSWER_DEPTH)}`,
      message: `nests deeper than ${MAX_ANSWER_DEPTH} levels`,
    },
  ]);
  expect(rpcServer.requests).toHaveLength(1);
});
