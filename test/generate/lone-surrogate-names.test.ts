/**
 * A property named `"\ud800"` (half of a UTF-16 surrogate pair, which JSON and YAML escapes can
 * write) stopped `chainkit generate` with ajv's "URI malformed". Such a name is no text: no request
 * can send it, and ajv cannot write it into the paths it reports. It is now refused at its place,
 * saying what to write instead; a whole pair, and a lone half in a description or a value, still
 * generate.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSchemas, findSchemaSites } from "../../scripts/generate/check-schemas.js";
import type { Json } from "../../scripts/generate/json.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { runCli } from "../cli/support/cli-process.js";

const LONE = "\ud800";

const spec = (schemas: object, path = "/a") =>
  ({
    openapi: "3.1.0",
    info: { title: "Names", version: "1" },
    paths: {
      [path]: {
        get: {
          operationId: "getA",
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": { schema: { $ref: `#/components/schemas/${Object.keys(schemas)[0]}` } },
              },
            },
          },
        },
      },
    },
    components: { schemas },
  }) as Json;

function refusal(doc: Json): SpecError {
  try {
    checkSchemas("api.json", findSchemaSites(doc), false);
  } catch (error) {
    if (error instanceof SpecError) return error;
    throw error;
  }
  throw new Error("the spec was accepted");
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-lone-surrogate-"));
  await writeFile(join(scratch, "package.json"), '{ "type": "module" }\n');
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("a name holding a lone UTF-16 surrogate", () => {
  it("as a property, is refused by the real CLI at its place, with the fix", async () => {
    const file = join(scratch, "property.json");
    await writeFile(
      file,
      JSON.stringify(spec({ S: { type: "object", properties: { [LONE]: { type: "string" } } } })),
    );
    const run = await runCli(["generate", file, "--out", join(scratch, "out")]);
    expect(run.stderr).toContain("#/components/schemas/S/properties/");
    expect(run.stderr).toContain('the name "\\ud800" holds half of a UTF-16 surrogate pair');
    expect(run.stderr).toContain("write the whole character");
    expect(run.stderr).not.toContain("URI malformed");
    expect(run.code).toBe(1);
  }, 60_000);

  it.each([
    ["a component", spec({ [`S${LONE}`]: { type: "string" } }), `/components/schemas/S${LONE}`],
    [
      "a pattern property",
      spec({ S: { type: "object", patternProperties: { [LONE]: { type: "string" } } } }),
      `/components/schemas/S/patternProperties/${LONE}`,
    ],
    ["a path", spec({ S: { type: "string" } }, `/a${LONE}`), `/paths/~1a${LONE}`],
  ])("as %s, is refused at that name", (_what, doc, pointer) => {
    const error = refusal(doc);
    expect(error.pointer).toBe(pointer);
    expect(error.problem).toContain("holds half of a UTF-16 surrogate pair");
  });

  it("a whole pair as a name, and a lone half in a description or a value, pass", () => {
    const doc = spec({
      S: {
        type: "object",
        properties: {
          "\ud83d\ude00": { type: "string" },
          x: { type: "string", description: LONE, enum: [LONE] },
        },
      },
    });
    expect(() => checkSchemas("api.json", findSchemaSites(doc), false)).not.toThrow();
  });
});
