import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./support/cli-process.js";

const folder = mkdtempSync(join(tmpdir(), "chainkit-diff-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A small OpenAPI 3.0 spec whose answer has `name`, required or not (3.0's nullable read as 3.1). */
function spec(version: string, nameRequired: boolean, extra = ""): string {
  return `openapi: 3.0.3
info: { title: pets, version: ${version} }
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string } }${extra}
      responses:
        "200":
          description: a pet
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Pet" }
components:
  schemas:
    Pet:
      type: object
      required: [${nameRequired ? "name" : ""}]
      properties:
        name: { type: string, nullable: false }
`;
}

const file = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};
const v1 = file("v1.yaml", spec("1.0.0", true));
const breaking = file("v2.yaml", spec("1.1.0", false));
const additive = file(
  "v3.yaml",
  spec("1.1.0", true, "\n        - { name: fields, in: query, schema: { type: string } }"),
);

describe("chainkit diff", () => {
  it("prints each change and the bump, and exits 1 under --fail-on breaking", async () => {
    const run = await runCli(["diff", v1, breaking, "--fail-on", "breaking"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("1 breaking, 0 non-breaking, 1 info: suggested bump major");
    expect(run.stdout).toContain("BREAKING  GET /pets/{petId}  [response-property-became-optional]");
    expect(run.stdout).toContain("client: property made optional");
    expect(run.stdout).toContain("at: #/components/schemas/Pet/required");
    expect(run.stderr).toContain("(--fail-on breaking)");
  }, 120_000);

  it("exits 0 on additions under --fail-on breaking, 1 under --fail-on non-breaking", async () => {
    const pass = await runCli(["diff", v1, additive, "--fail-on", "breaking", "--format", "json"]);
    expect(pass.code).toBe(0);
    const report = JSON.parse(pass.stdout);
    expect(report.bump).toBe("minor");
    expect(report.changes).toEqual([
      expect.objectContaining({
        rule: "request-parameter-added",
        severity: "non-breaking",
        operation: "GET /pets/{petId}",
        newPointer: "/paths/~1pets~1{petId}/get/parameters/1",
      }),
    ]);
    const fail = await runCli(["diff", v1, additive, "--fail-on", "non-breaking"]);
    expect(fail.code).toBe(1);
  }, 120_000);

  it("writes Markdown for a pull-request comment, with spec text escaped", async () => {
    const run = await runCli(["diff", v1, breaking, "--format", "markdown"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "### Spec changes: 1 breaking, 0 non-breaking, 1 info: suggested bump major",
    );
    expect(run.stdout).toContain("| operation | change | generated client | where |");
    expect(run.stdout).toContain("| GET /pets/{petId} |");
  }, 120_000);

  it("reads a version from git", async () => {
    const repo = join(folder, "repo");
    execFileSync("git", ["init", "-q", repo]);
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args]);
    writeFileSync(join(repo, "pets.yaml"), spec("1.0.0", true));
    git("add", "pets.yaml");
    git("commit", "-qm", "v1");
    writeFileSync(join(repo, "pets.yaml"), spec("2.0.0", false));
    const run = await runCli(
      ["diff", `git:HEAD:${join(repo, "pets.yaml").replace(`${repo}/`, "")}`, join(repo, "pets.yaml")],
      {
        GIT_DIR: join(repo, ".git"),
        GIT_WORK_TREE: repo,
      },
    );
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("suggested bump major");
    expect(run.stdout).not.toContain("api-version-not-bumped");
  }, 120_000);

  it("refuses what it cannot compare, saying why", async () => {
    const missing = await runCli(["diff", v1, join(folder, "nope.yaml")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("nope.yaml: no such file; give a spec file or git:<ref>:<path>");
    const badRef = await runCli(["diff", "git:no-such-ref:pets.yaml", v1]);
    expect(badRef.code).toBe(1);
    expect(badRef.stderr).toContain("git show no-such-ref:pets.yaml failed");
    const rpc = file(
      "rpc.json",
      JSON.stringify({ openrpc: "1.2.6", info: { title: "r", version: "1" }, methods: [] }),
    );
    const mixed = await runCli(["diff", v1, rpc]);
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toContain("is an OpenRPC document but");
    const usage = await runCli(["diff", v1, breaking, "--fail-on", "warn"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--fail-on warn: use breaking, non-breaking or info");
    expect((await runCli(["diff", v1])).code).toBe(2);
  }, 120_000);
});

describe("chainkit diff of specs whose $refs leave their folder", () => {
  it("refuses the shared file, naming --allow-ref-root, and reads it when that option allows the folder", async () => {
    const shared = join(folder, "shared");
    const api = join(folder, "api");
    for (const dir of [shared, api]) mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(shared, "pet.yaml"),
      "Pet:\n  type: object\n  properties:\n    name: { type: string }\n",
    );
    const versions = ["1.0.0", "1.1.0"].map((version) => {
      const path = join(api, `${version}.yaml`);
      writeFileSync(
        path,
        `openapi: 3.1.0
info: { title: pets, version: ${version} }
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: pets
          content: { application/json: { schema: { $ref: "../shared/pet.yaml#/Pet" } } }
`,
      );
      return path;
    });
    const refused = await runCli(["diff", ...versions]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is outside the spec's folder");
    expect(refused.stderr).toContain("--allow-ref-root");
    const allowed = await runCli(["diff", ...versions, "--allow-ref-root", shared]);
    expect(allowed.stderr).toBe("");
    expect(allowed.code).toBe(0);
    // chainkit docs reads such a spec the same way.
    const site = join(folder, "site");
    const docs = await runCli(["docs", versions[1] as string, "--out", site, "--allow-ref-root", shared]);
    expect(docs.code).toBe(0);
    expect(existsSync(join(site, "index.html"))).toBe(true);
  }, 60_000);
});
