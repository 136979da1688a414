/**
 * `--allow-slow-pattern`: every command that compiles a spec's patterns (generate, mock, docs)
 * refuses one that can backtrack super-linearly, printing where it is in the file and the option
 * to add; with the option, generate writes the client and says on stderr which pattern it allowed.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./support/cli-process.js";

const PATTERN = "^(\\w+\\s?)*$";
const POINTER = "/components/schemas/Title/pattern";

let scratch: string;
let spec: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-allow-slow-pattern-"));
  await writeFile(join(scratch, "package.json"), '{ "type": "module" }\n');
  spec = join(scratch, "titles.yaml");
  await writeFile(
    spec,
    [
      "openapi: 3.1.0",
      "info: { title: Titles, version: '1' }",
      "paths:",
      "  /titles:",
      "    get:",
      "      operationId: listTitles",
      "      responses:",
      "        '200':",
      "          description: ok",
      "          content:",
      "            application/json:",
      "              schema: { $ref: '#/components/schemas/Title' }",
      "components:",
      "  schemas:",
      "    Title:",
      "      type: string",
      `      pattern: '${PATTERN}'`,
      "",
    ].join("\n"),
  );
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("a spec with a pattern that can backtrack super-linearly", () => {
  it.each([
    ["generate", () => ["generate", spec, "--out", join(scratch, "refused")]],
    ["mock", () => ["mock", spec]],
    ["docs", () => ["docs", spec, "--out", join(scratch, "portal")]],
  ])(
    "is refused by chainkit %s at its line, naming the option",
    async (_command, args) => {
      const { code, stderr } = await runCli(args());
      expect(code).toBe(1);
      expect(stderr).toContain(`${spec}:17:16: ${spec}#${POINTER}: pattern "${PATTERN}" can backtrack`);
      expect(stderr).toContain(`--allow-slow-pattern '${PATTERN}'`);
    },
    60_000,
  );

  it("generates with --allow-slow-pattern, with a note on stderr", async () => {
    const { code, stdout, stderr } = await runCli([
      ...["generate", spec, "--out", join(scratch, "allowed")],
      ...["--allow-slow-pattern", PATTERN],
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain("import { createTitlesClient } from its index.ts");
    expect(stderr).toMatch(
      /^note: .*titles\.yaml#\/components\/schemas\/Title\/pattern: .*; allowed by --allow-slow-pattern\n$/,
    );
  }, 60_000);
});
