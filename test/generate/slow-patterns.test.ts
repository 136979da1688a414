/**
 * `chainkit generate` on a spec whose `pattern` (or `patternProperties` key) can backtrack
 * super-linearly: the generated validators would test it against every string a server sends, so
 * the spec is refused, naming the place, why, an input that shows it and the fix; the pattern
 * allowed by name, the same spec generates, with a note. A linear pattern passes without a word.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { SpecError } from "../../scripts/generate/spec-error.js";

const NAME = "/paths/~1names/get/responses/200/content/application~1json/schema/properties/name";

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-slow-patterns-"));
  // An ES module project, so the generator adds no package.json of its own (and no note about it).
  await writeFile(join(scratch, "package.json"), '{ "type": "module" }\n');
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A spec whose one answer is an object with a `name` of this pattern, and these pattern properties. */
async function specWith(file: string, pattern: string, patternProperties: string[] = []): Promise<string> {
  const path = join(scratch, file);
  const schema = {
    type: "object",
    properties: { name: { type: "string", pattern } },
    patternProperties: Object.fromEntries(patternProperties.map((key) => [key, { type: "string" }])),
  };
  const answer = { description: "ok", content: { "application/json": { schema } } };
  const spec = {
    openapi: "3.1.0",
    info: { title: "Names", version: "1" },
    paths: { "/names": { get: { operationId: "getName", responses: { "200": answer } } } },
  };
  await writeFile(path, JSON.stringify(spec));
  return path;
}

async function generate(spec: string, allowSlowPatterns?: string[]) {
  const notes: string[] = [];
  const out = await mkdtemp(join(scratch, "out-"));
  const result = await generateClient({
    spec,
    out,
    note: (line) => notes.push(line),
    ...(allowSlowPatterns && { allowSlowPatterns }),
  }).then(
    (generated) => ({ files: generated.files, error: undefined }),
    (error: unknown) => ({ files: [], error }),
  );
  return { ...result, notes };
}

describe("a pattern that can backtrack super-linearly", () => {
  it("is refused with its file and pointer, why, an input that shows it, and the option that allows it", async () => {
    const spec = await specWith("nested.json", "^(a+)+$");
    const { error } = await generate(spec);
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).file).toBe(spec);
    expect((error as SpecError).pointer).toBe(`${NAME}/pattern`);
    const problem = (error as SpecError).problem;
    expect(problem).toContain('pattern "^(a+)+$" can backtrack exponentially');
    expect(problem).toContain('"a+" repeats inside "(a+)+"');
    expect(problem).toContain('a long run like "aaa…"');
    expect(problem).toContain("drop the inner repetition");
    expect(problem).toContain("allow it with --allow-slow-pattern '^(a+)+$'");
  });

  it("generates once allowed, and a note names its place", async () => {
    const spec = await specWith("allowed.json", "^(a+)+$");
    const { files, error, notes } = await generate(spec, ["^(a+)+$"]);
    expect(error).toBeUndefined();
    expect(files).toContain("create-client.ts");
    expect(notes).toEqual([
      `${spec}#${NAME}/pattern: pattern "^(a+)+$" can backtrack exponentially: "a+" repeats inside "(a+)+", so a run of "a" can be split between its turns in many ways; a string with a long run like "aaa…" where the pattern reaches it, then a character that does not fit, keeps a validator busy for seconds or more; allowed by --allow-slow-pattern`,
    ]);
  }, 120_000);

  it("as a patternProperties key is refused at that key, with the others of the spec named in one go", async () => {
    const spec = await specWith("keys.json", "^\\d*5\\w*$", ["^(\\w|\\d)+$"]);
    const { error } = await generate(spec);
    const schema = NAME.slice(0, -"/properties/name".length);
    expect((error as SpecError).pointer).toBe(`${schema}/patternProperties/^(\\w|\\d)+$`);
    const problem = (error as SpecError).problem;
    expect(problem).toContain('the alternatives "\\w" and "\\d" of "(\\w|\\d)+" both match "0"');
    expect(problem).toContain("--allow-slow-pattern '^(\\w|\\d)+$' --allow-slow-pattern '^\\d*5\\w*$'");
    expect(problem).toContain(`1 more pattern of this spec can too, at ${NAME}/pattern`);
  });

  it("whose rewrite is plain is refused with that rewrite", async () => {
    const spec = await specWith("trade.json", "^\\d*5\\w*$");
    const { error } = await generate(spec);
    expect((error as SpecError).problem).toContain(
      'can backtrack polynomially: "\\d*" and "\\w*" can both match a run of "5"',
    );
    expect((error as SpecError).problem).toContain(
      'rewrite it as "^[0-46-9]*5\\w*$", which matches the same strings',
    );
  });
});

describe("a pattern that runs in linear time", () => {
  it("generates with no note", async () => {
    const spec = await specWith("hash.json", "^0x[0-9a-f]{64}$");
    const { files, error, notes } = await generate(spec);
    expect(error).toBeUndefined();
    expect(files).toContain("create-client.ts");
    expect(notes).toEqual([]);
  }, 120_000);
});
