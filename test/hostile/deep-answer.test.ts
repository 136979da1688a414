/**
 * An answer nesting 5,000 levels into a recursive schema, from a local server: the generated
 * validator recursed once per level and the call ended in a raw RangeError (stack overflow). It
 * must be a ResponseValidationError pointing at where the answer got too deep.
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

let scratch: string;
let server: LoopbackServer;
let client: { getTree: () => Promise<unknown> };

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-deep-answer-"));
  await writeFile(join(scratch, "tree.yaml"), SPEC);
  const out = join(scratch, "client");
  const { factory } = await generateClient({
    spec: join(scratch, "tree.yaml"),
    out,
    runtime: join(repoRoot, "src/runtime.js"),
  });
  server = await startLoopbackServer(() => ({
    body: `${'{"child":'.repeat(5000)}{}${"}".repeat(5000)}`,
  }));
  const module = await import(pathToFileURL(join(out, "index.ts")).href);
  client = module[factory]({ baseUrl: server.url, retry: false });
}, 120_000);

afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

it("a 5,000-level answer is a ResponseValidationError naming where it got too deep", async () => {
  const error = await client.getTree().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ResponseValidationError);
  const pointer = `${"/child".repeat(MAX_ANSWER_DEPTH)}`;
  expect((error as ResponseValidationError).issues).toEqual([
    { pointer, message: `nests deeper than ${MAX_ANSWER_DEPTH} levels` },
  ]);
  expect(server.requests).toHaveLength(1);
});
