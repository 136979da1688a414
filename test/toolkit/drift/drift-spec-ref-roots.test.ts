import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDriftSpec } from "../../../src/toolkit/drift/load-drift-spec.js";

// A spec whose answer schema sits in a shared folder beside the spec's own: drift reads it twice
// (validators, and the document its suggested patches point into), and both reads need the root.
let scratch: string;
let spec: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-drift-roots-"));
  await writeFile(join(scratch, "package.json"), '{ "type": "module" }\n');
  await mkdir(join(scratch, "api"));
  await mkdir(join(scratch, "shared"));
  await writeFile(join(scratch, "shared/pet.yaml"), "type: object\nproperties: { name: { type: string } }\n");
  spec = join(scratch, "api/pets.yaml");
  await writeFile(
    spec,
    [
      "openapi: 3.1.0",
      "info: { title: Pets, version: '1' }",
      "paths:",
      "  /pet:",
      "    get:",
      "      operationId: getPet",
      "      responses:",
      "        '200':",
      "          description: ok",
      "          content:",
      "            application/json:",
      "              schema: { $ref: '../shared/pet.yaml' }",
      "",
    ].join("\n"),
  );
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("loadDriftSpec with --allow-ref-root", () => {
  it("reads a spec whose $refs need the root, for both the validators and the document", async () => {
    const loaded = await loadDriftSpec({ spec, allowRefRoots: [join(scratch, "shared")] });
    expect(loaded.kind).toBe("openapi");
    expect(loaded.kind === "openapi" && Object.keys(loaded.operations)).toEqual(["getPet"]);
  }, 120_000);

  it("still refuses the spec without the root", async () => {
    await expect(loadDriftSpec({ spec })).rejects.toThrow(/allow-ref-root/);
  }, 120_000);
});
