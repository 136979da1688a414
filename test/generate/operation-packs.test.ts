/**
 * Operations' validators packed into modules of a bounded size (`operation-packs.ts`): a spec of
 * many operations, run through `chainkit generate`, gets a few packs whose first call stays under
 * the bound however many operations there are, and each operation's loader yields its own
 * validators and no neighbour's.
 */
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { PACK_CHARACTERS, planPacks } from "../../scripts/generate/operation-packs.js";
import { PACKED_CHUNK_CHARACTERS } from "../../scripts/generate/small-chunks.js";
import type { Validator } from "../../src/runtime/operation.js";
import { firstLoadCharacters, packedValidators } from "../support/spec-validators.js";
import { repoRoot } from "./support.js";

/** Operations of the generated spec: each posts its own component, ten to a tag. */
const OPERATIONS = 160;

/** A spec whose operation `i` takes a `Thing<i>` body (its own fields, all required) and answers a shared error. */
function manyOperations(count: number): object {
  const paths: Record<string, object> = {};
  const schemas: Record<string, object> = {
    Problem: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "integer" }, message: { type: "string", maxLength: 500 } },
    },
  };
  for (let i = 0; i < count; i++) {
    const fields = Array.from({ length: 12 }, (_, k) => `field${i}_${k}`);
    schemas[`Thing${i}`] = {
      type: "object",
      additionalProperties: false,
      required: fields,
      properties: Object.fromEntries(
        fields.map((field, k) => [
          field,
          k % 2 === 0 ? { type: "string", minLength: 1 } : { type: "integer" },
        ]),
      ),
    };
    paths[`/things${i}`] = {
      post: {
        operationId: `createThing${i}`,
        tags: [`Group ${Math.floor(i / 10)}`],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: `#/components/schemas/Thing${i}` } } },
        },
        responses: {
          "200": { description: "made", content: { "application/json": { schema: { type: "object" } } } },
          default: {
            description: "failed",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Problem" } } },
          },
        },
      },
    };
  }
  return { openapi: "3.1.0", info: { title: "many", version: "1" }, paths, components: { schemas } };
}

/** A body that `Thing<i>` accepts. */
function bodyOf(i: number): Record<string, unknown> {
  return Object.fromEntries(Array.from({ length: 12 }, (_, k) => [`field${i}_${k}`, k % 2 === 0 ? "x" : 1]));
}

let root: string;
const out = () => join(root, "generated", "many");

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "chainkit-packs-"));
  await symlink(join(repoRoot, "node_modules"), join(root, "node_modules"), "dir");
  await mkdir(join(root, "generated"));
  await writeFile(join(root, "many.json"), JSON.stringify(manyOperations(OPERATIONS)));
  await generateClient({
    spec: join(root, "many.json"),
    out: out(),
    runtime: join(repoRoot, "src/runtime.js"),
  });
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("operations' validators packed into bounded modules", () => {
  it("a spec of many operations gets a few packs, each loaded with what it imports under the bound", async () => {
    const folder = join(out(), "validators");
    const packs = (await readdir(folder)).filter((name) => name.endsWith(".js"));
    expect(packs.length).toBeGreaterThan(1);
    expect(packs.length).toBeLessThan(OPERATIONS / 5);
    for (const pack of packs) {
      // ajv's code before compaction is what the bound counts; the written code is about half of it.
      expect(await firstLoadCharacters(join(folder, pack)), pack).toBeLessThanOrEqual(
        PACK_CHARACTERS + PACKED_CHUNK_CHARACTERS,
      );
    }
  });

  it("each operation's loader yields exactly its own validators", async () => {
    for (let i = 0; i < OPERATIONS; i++) {
      const { part } = await packedValidators(root, "many", `createThing${i}`);
      expect(Object.keys(part).sort(), `createThing${i}`).toEqual(["body", "responses"]);
      const body = part.body as Validator;
      expect(body(bodyOf(i)), `createThing${i}`).toBe(true);
      // A neighbour's body is not this operation's: its fields are unknown here.
      expect(body(bodyOf((i + 1) % OPERATIONS)), `createThing${i}`).toBe(false);
    }
  });
});

describe("planPacks", () => {
  const sizes: Record<string, number> = { block: 30, tx: 20, log: 15, fee: 5, huge: 200 };
  const sizeOf = (fn: string) => sizes[fn] ?? 1;

  it("fills a pack with the operations that add least to what it reaches, within the bound", () => {
    const reached = [["block", "tx"], ["fee"], ["block", "tx", "log"], ["log"], ["fee", "log"]];
    const tags = ["blocks", "fees", "blocks", "logs", "fees"];
    const packs = planPacks(reached, sizeOf, (i) => tags[i], [], 60);
    // The block operation (50) takes the fee one (adds 5); a third would pass 60. The block with
    // logs (65, over the bound alone) still takes the logs operation, which adds nothing.
    expect(packs).toEqual([
      { name: "blocks", members: [0, 1] },
      { name: "blocks-2", members: [2, 3] },
      { name: "fees", members: [4] },
    ]);
  });

  it("gives an operation over the bound a pack of its own, and names packs apart whatever the case", () => {
    const packs = planPacks([["huge"], ["tx"], ["block"]], sizeOf, () => "State", ["state"], 40);
    expect(packs).toEqual([
      { name: "State-2", members: [0] },
      { name: "State-3", members: [1] },
      { name: "State-4", members: [2] },
    ]);
  });
});
