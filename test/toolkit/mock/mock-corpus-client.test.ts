/**
 * Issue 49's check: a client generated for a corpus spec (the expanded petstore of
 * test/fixtures/spec-corpus, Swagger 2.0) runs its create → get → list → delete sequence against
 * `chainkit mock` (a server on a real socket) and against `createMockFetch` (in process), with the
 * same results.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../../scripts/generate/generate-client.js";
import { createMockFetch } from "../../../src/toolkit/mock/create-mock-fetch.js";
import { serveMock } from "../../../src/toolkit/mock/serve-mock.js";

const repoRoot = join(import.meta.dirname, "../../..");
const spec = join(repoRoot, "test/fixtures/spec-corpus/readme-petstore-expanded.2.0.yaml");

interface Pet {
  id: bigint;
  name: string;
  tag?: string;
}
interface PetsClient {
  addPet(body: { name: string; tag?: string }): Promise<Pet>;
  findPetById(id: number | bigint): Promise<Pet>;
  findPets(query?: { tags?: string[]; limit?: number }): Promise<Pet[]>;
  deletePet(id: number | bigint): Promise<unknown>;
}
type PetsFactory = (options: { baseUrl?: string; fetch?: typeof fetch }) => PetsClient;

let scratch: string;
let createPetsClient: PetsFactory;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-mock-corpus-client-"));
  await generateClient({ spec, out: join(scratch, "pets"), runtime: join(repoRoot, "src/runtime.js") });
  const module = (await import(pathToFileURL(join(scratch, "pets/index.ts")).href)) as Record<
    string,
    unknown
  >;
  createPetsClient = module.createReadmePetstoreExpandedClient as PetsFactory;
}, 120_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Create two → get → list → delete → get, as a team's test would run it. */
async function sequence(client: PetsClient) {
  const rex = await client.addPet({ name: "Rex", tag: "dog" });
  const tom = await client.addPet({ name: "Tom" });
  const read = await client.findPetById(rex.id);
  const listed = await client.findPets({ limit: 10 });
  await client.deletePet(rex.id);
  const afterDelete = await client.findPetById(rex.id).then(
    () => "still there",
    (error: { status?: number; name: string }) => `${error.name} ${error.status}`,
  );
  const left = await client.findPets();
  return { rex, tom, read, listed, afterDelete, left };
}

describe("a generated client for a corpus spec, against the mock", () => {
  it("creates, reads, lists and deletes, with the same results over a socket and in process", async () => {
    const server = await serveMock(spec, { seed: 4 });
    let served: Awaited<ReturnType<typeof sequence>>;
    try {
      served = await sequence(createPetsClient({ baseUrl: `${server.url}/api` }));
    } finally {
      await server.close();
    }
    expect(served.rex).toMatchObject({ name: "Rex", tag: "dog" });
    expect(typeof served.rex.id).toBe("bigint");
    expect(served.read).toEqual(served.rex);
    expect(served.listed.map((pet) => pet.name)).toEqual(["Rex", "Tom"]);
    expect(served.afterDelete).toBe("HttpError 404");
    expect(served.left.map((pet) => pet.name)).toEqual(["Tom"]);

    const inProcess = await sequence(
      createPetsClient({ baseUrl: "https://petstore.test/api", fetch: createMockFetch(spec, { seed: 4 }) }),
    );
    expect(inProcess).toEqual(served);
  }, 180_000);
});
