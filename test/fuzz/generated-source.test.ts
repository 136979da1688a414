/**
 * Issue 41, property: random strings built from what closes comments, strings and templates (`*\/`,
 * `${`, backticks, quotes, line breaks, U+2028, `</script>`, look-alikes) plus code that writes a
 * marker file, placed in every string position of a small spec. Each spec goes through
 * `chainkit generate`'s code path; all outputs are compiled in one `tsc --strict` run, then imported
 * and called in one fresh child process against a local server. No marker may appear, all must
 * compile, and every client must get its answer. Counts are printed.
 */
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import type { ClientPlan } from "../generate/child/use-generated-clients.js";
import { compileStrict, scratchProject, useInChild } from "../generate/generated-clients.js";
import { repoRoot } from "../generate/support.js";
import { fuzzParameters } from "./support/fuzz-config.js";

const MARKER_CODE = 'import("node:fs").then((fs) => fs.writeFileSync("pwned-fuzz", "1"))';
const PIECES = [
  "*/",
  "/*",
  "//",
  "${",
  "}",
  "`",
  '"',
  "'",
  "\\",
  "\n",
  "\r",
  "\u2028",
  "\u2029",
  "</script>",
  "<!--",
  "-->",
  "\u2217/", // ∗/ (asterisk operator), looks like */
  "\uff0a\uff0f", // ＊／ (full-width)
  ";",
  " ",
  MARKER_CODE,
];

/** A string made of the pieces above and a little noise. */
const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 6 })
  // Never empty: an empty path parameter is refused before sending, rightly.
  .map((parts) => parts.join("") || "x");

/** Text that may sit in a URL path as it is: printable ASCII, none of `{ } ? # %` or a space. */
const pathText = hostileText.map((text) => text.replace(/[^!-~]|[{}?#%\\]/g, "") || "x");

/** Every string position of the spec, drawn at once. */
const positions = fc.record({
  title: hostileText,
  version: hostileText,
  description: hostileText,
  server: hostileText,
  path: pathText,
  operationId: hostileText,
  summary: hostileText,
  operationDescription: hostileText,
  tag: hostileText,
  paramDescription: hostileText,
  example: hostileText,
  enumValues: fc.tuple(hostileText, hostileText),
  responseDescription: hostileText,
  mediaParameter: hostileText,
  // ajv resolves no $ref to a component whose name holds U+2028 or U+2029 (the generator refuses
  // such a spec with a SpecError, which is safe but unhelpful): left out here, noted in issue 41.
  schemaName: hostileText.map((text) => text.replace(/[\u2028\u2029]/g, "")),
  schemaTitle: hostileText,
  schemaDescription: hostileText,
  property: hostileText,
  propertyDescription: hostileText,
  propertyExample: hostileText,
});
type Positions = typeof positions extends fc.Arbitrary<infer T> ? T : never;

function specOf(p: Positions): object {
  // A $ref is a URI: its JSON pointer escaped (RFC 6901), then percent-encoded.
  const token = p.schemaName.replaceAll("~", "~0").replaceAll("/", "~1");
  const schemaRef = `#/components/schemas/${encodeURIComponent(token)}`;
  return {
    openapi: "3.1.0",
    info: { title: p.title, version: p.version, description: p.description },
    servers: [{ url: `https://api.example/${p.server}` }],
    tags: [{ name: p.tag, description: p.description }],
    paths: {
      [`/items/{id}/${p.path}`]: {
        get: {
          operationId: p.operationId,
          summary: p.summary,
          description: p.operationDescription,
          tags: [p.tag],
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              description: p.paramDescription,
              example: p.example,
              schema: { type: "string", enum: [...new Set([p.example, ...p.enumValues])] },
            },
          ],
          responses: {
            "200": {
              description: p.responseDescription,
              content: {
                "application/json": { schema: { $ref: schemaRef }, example: { [p.property]: p.example } },
              },
            },
            "404": {
              description: p.responseDescription,
              content: {
                [`application/problem+json; x=${JSON.stringify(p.mediaParameter)}`]: {
                  schema: { type: "object" },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        [p.schemaName]: {
          type: "object",
          title: p.schemaTitle,
          description: p.schemaDescription,
          properties: {
            [p.property]: {
              type: "string",
              description: p.propertyDescription,
              examples: [p.propertyExample],
            },
          },
        },
      },
    },
  };
}

let project: Awaited<ReturnType<typeof scratchProject>>;
beforeAll(async () => {
  project = await scratchProject();
});
afterAll(() => project.remove());

describe("spec strings never become code (property)", () => {
  it("no marker, strict compile, working clients, for every drawn spec", async () => {
    const { seed, numRuns } = fuzzParameters();
    const runs = numRuns * 3;
    const drawn = fc.sample(positions, { seed, numRuns: runs });
    const plans: ClientPlan[] = [];
    const folders: string[] = [];
    await mkdir(join(project.root, "specs"));
    for (const [index, p] of drawn.entries()) {
      const spec = join(project.root, "specs", `fuzz${index}.json`);
      await writeFile(spec, JSON.stringify(specOf(p)));
      const out = join(project.root, `out${index}`);
      folders.push(out);
      const notes: string[] = [];
      const { factory } = await generateClient({
        spec,
        out,
        runtime: join(repoRoot, "src/runtime.js"),
        note: (line) => notes.push(line),
      });
      // The operation's function is its operationId, or the identifier a note names.
      const renamed = notes.map((line) => /: named (\S+)$/.exec(line)?.[1]).find(Boolean);
      plans.push({
        index: join(out, "index.ts"),
        factory,
        kind: "openapi",
        call: renamed ?? p.operationId,
        args: [p.example],
        answer: { [p.property]: "v" },
      });
    }
    const files = (await Promise.all(folders.map((folder) => readdir(folder, { recursive: true })))).flat();
    const diagnostics = await compileStrict(project.root, folders);
    const { results, markers } = await useInChild(project.root, plans);
    const worked = results.filter((result, index) => {
      const expected = plans[index]?.answer as Record<string, string>;
      return result.error === undefined && JSON.stringify(result.value) === JSON.stringify(expected);
    }).length;
    console.log(
      `generated-source property (seed ${seed}): ${runs} specs × ${Object.keys(drawn[0] ?? {}).length + 1} string positions, ` +
        `${files.length} files generated, tsc --strict ${diagnostics === "" ? "clean" : "FAILED"}, ` +
        `${worked}/${runs} clients answered, ${markers.length} markers written`,
    );
    expect(markers).toEqual([]);
    expect(diagnostics).toBe("");
    expect(results.map((result) => result.error ?? "answered")).toEqual(plans.map(() => "answered"));
    expect(worked).toBe(runs);
  }, 600_000);
});
