/**
 * A spec naming a field or schema like a method every JavaScript object has (`valueOf`,
 * `isPrototypeOf`, …) made the OpenAPI reader under openapi-typescript fail with "Cannot convert
 * undefined or null to object" at `#`, or throw where nothing could catch it, ending the process
 * with a stack trace. `chainkit generate`, run as a user runs it (a child process), now refuses it
 * with the key's place and the fix.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/support/cli-process.js";

const answer = (ref: string) => ({
  "200": { description: "ok", content: { "application/json": { schema: { $ref: ref } } } },
});
const spec = (schemas: object) => ({
  openapi: "3.1.0",
  info: { title: "Keys", version: "1" },
  paths: {
    "/b": {
      get: { operationId: "getB", responses: answer(`#/components/schemas/${Object.keys(schemas)[0]}`) },
    },
  },
  components: { schemas },
});

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-prototype-keys-"));
  await writeFile(join(scratch, "package.json"), '{ "type": "module" }\n');
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("keys named like Object.prototype's methods", () => {
  it.each([
    [
      "a schema named valueOf with a field isPrototypeOf (the reader threw uncaught)",
      { valueOf: { type: "object", properties: { isPrototypeOf: { type: "string" } } } },
      "/components/schemas/valueOf",
    ],
    [
      "a field named hasOwnProperty",
      { Thing: { type: "object", properties: { hasOwnProperty: { type: "string" } } } },
      "/components/schemas/Thing/properties/hasOwnProperty",
    ],
  ])(
    "%s is refused with its place and fix",
    async (_what, schemas, pointer) => {
      const file = join(scratch, `${pointer.split("/").pop()}.json`);
      await writeFile(file, JSON.stringify(spec(schemas)));
      const run = await runCli(["generate", file, "--out", join(scratch, "out")]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`#${pointer}:`);
      expect(run.stderr).toContain("rename it in the spec");
      expect(run.stderr).not.toMatch(/\n\s+at /);
    },
    60_000,
  );

  it("leaves constructor and toString, which the reader takes as names", async () => {
    const file = join(scratch, "fine.json");
    await writeFile(
      file,
      JSON.stringify(
        spec({
          Thing: {
            type: "object",
            properties: { constructor: { type: "string" }, toString: { type: "string" } },
          },
        }),
      ),
    );
    const run = await runCli(["generate", file, "--out", join(scratch, "fine")]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  }, 60_000);
});
