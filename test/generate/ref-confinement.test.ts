/**
 * `chainkit generate` on a spec written to reach out: a `$ref` to a URL (a local server counts the
 * requests), to a file above the spec's folder, to an absolute path, through a symlink, as a
 * `file://` URL or percent-encoded. Each is refused naming the file, the pointer and the option
 * that allows it, and nothing is read or sent; with the option, the same spec generates.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { runCli } from "../cli/support/cli-process.js";
import { type LoopbackServer, startLoopbackServer } from "../support/loopback-server.js";

const SECRET = "secret-value-4a7f";
const SCHEMA_POINTER = "/paths/~1a/get/responses/200/content/application~1json/schema";

let scratch: string;
let server: LoopbackServer;

/** A spec in `<scratch>/<folder>/api.yaml` whose one answer schema is `{ $ref: <ref> }`. */
async function specWithRef(folder: string, ref: string): Promise<string> {
  const dir = join(scratch, folder);
  await mkdir(dir, { recursive: true });
  const path = join(dir, "api.yaml");
  await writeFile(
    path,
    [
      "openapi: 3.1.0",
      "info: { title: Reach, version: '1' }",
      "paths:",
      "  /a:",
      "    get:",
      "      operationId: getA",
      "      responses:",
      "        '200':",
      "          description: ok",
      "          content:",
      "            application/json:",
      `              schema: { $ref: ${JSON.stringify(ref)} }`,
      "",
    ].join("\n"),
  );
  return path;
}

/** Generates in-process; the SpecError when refused. */
async function generate(spec: string, options: { roots?: string[]; urls?: string[] } = {}) {
  const out = await mkdtemp(join(scratch, "out-"));
  try {
    await generateClient({
      spec,
      out,
      allowRefRoots: options.roots ?? [],
      allowRefUrls: options.urls ?? [],
    });
    return { out, error: undefined };
  } catch (error) {
    return { out, error: error as Error };
  }
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-refs-"));
  // An ES module project, so the generator adds no package.json of its own (and no note about it).
  await writeFile(join(scratch, "package.json"), '{ "type": "module" }\n');
  await mkdir(join(scratch, "outside"));
  await writeFile(join(scratch, "outside/secret.yaml"), `type: string\ndescription: ${SECRET}\n`);
  server = await startLoopbackServer(() => ({
    headers: { "content-type": "application/yaml" },
    body: `type: string\ndescription: ${SECRET}\n`,
  }));
});

afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

describe("chainkit generate confines $refs", () => {
  it("fetches no URL: the local server receives 0 requests, and --allow-ref-url lets it", async () => {
    const spec = await specWithRef("url", `${server.url}/internal/admin.yaml`);
    const refused = await runCli(["generate", spec, "--out", join(scratch, "url-out")]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${spec}#${SCHEMA_POINTER}`);
    expect(refused.stderr).toContain(`--allow-ref-url ${server.url}`);
    expect(server.requests).toHaveLength(0);

    const allowed = await runCli([
      ...["generate", spec, "--out", join(scratch, "url-out")],
      ...["--allow-ref-url", server.url],
    ]);
    expect(allowed.stderr).toBe("");
    expect(allowed.code).toBe(0);
    expect(server.requests.map((request) => request.path)).toEqual(["/internal/admin.yaml"]);
  }, 120_000);

  it("refuses ../../outside/secret.yaml naming --allow-ref-root, and reads it once allowed", async () => {
    const spec = await specWithRef("a/b", "../../outside/secret.yaml");
    const refused = await runCli(["generate", spec, "--out", join(scratch, "up-out")]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${spec}#${SCHEMA_POINTER}`);
    expect(refused.stderr).toContain("--allow-ref-root");
    expect(refused.stderr).not.toContain(SECRET);

    const allowed = await generate(spec, { roots: [join(scratch, "outside")] });
    expect(allowed.error).toBeUndefined();
    expect(await readFile(join(allowed.out, "spec.json"), "utf8")).toContain(SECRET);
  }, 120_000);

  it("refuses an absolute path", async () => {
    const spec = await specWithRef("absolute", join(scratch, "outside/secret.yaml"));
    const { error } = await generate(spec);
    expect(error).toBeInstanceOf(SpecError);
    expect(error?.message).toContain(`#${SCHEMA_POINTER}: `);
    expect(error?.message).toContain("--allow-ref-root");
  });

  it("refuses a symlink in the spec's folder that leads outside it", async () => {
    const spec = await specWithRef("linked", "./inside.yaml");
    await symlink(join(scratch, "outside/secret.yaml"), join(scratch, "linked/inside.yaml"));
    const { error } = await generate(spec);
    expect(error).toBeInstanceOf(SpecError);
    expect(error?.message).toContain("--allow-ref-root");
  });

  it.each([
    ["a file:// URL", (dir: string) => `file://${dir}/outside/secret.yaml`],
    ["percent-encoded dots", () => "%2e%2e/outside/secret.yaml"],
    ["an encoded slash", () => "..%2foutside%2fsecret.yaml"],
    ["an upper-case scheme", () => `HTTP://127.0.0.1:1/secret.yaml`],
  ])("reads nothing outside through %s", async (_, ref) => {
    const spec = await specWithRef("tricks", ref(scratch));
    const { out, error } = await generate(spec);
    expect(error).toBeInstanceOf(SpecError);
    expect(error?.message).not.toContain(SECRET);
    expect(await readFile(join(out, "spec.json"), "utf8").catch(() => "")).not.toContain(SECRET);
  });

  it("refuses an example's externalValue outside the folder (Redocly reads it like a $ref)", async () => {
    const spec = join(scratch, "external-value/api.yaml");
    await mkdir(join(scratch, "external-value"), { recursive: true });
    await writeFile(
      spec,
      [
        "openapi: 3.1.0",
        "info: { title: Reach, version: '1' }",
        "paths:",
        "  /a:",
        "    get:",
        "      operationId: getA",
        "      responses:",
        "        '200':",
        "          description: ok",
        "          content:",
        "            application/json:",
        "              schema: { type: string }",
        "              examples:",
        `                leak: { externalValue: ${JSON.stringify(`${server.url}/example.json`)} }`,
        "",
      ].join("\n"),
    );
    const before = server.requests.length;
    const { error } = await generate(spec);
    expect(error?.message).toContain("--allow-ref-url");
    expect(server.requests.length).toBe(before);
  });
});
