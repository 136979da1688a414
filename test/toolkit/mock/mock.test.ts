import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../../scripts/generate/generate-client.js";
import { createMockFetch } from "../../../src/toolkit/mock/create-mock-fetch.js";
import { type MockServer, serveMock } from "../../../src/toolkit/mock/serve-mock.js";

const repoRoot = join(import.meta.dirname, "../../..");
const notesSpec = join(repoRoot, "test/fixtures/mock/notes.openapi.yaml");
const mathSpec = join(repoRoot, "test/fixtures/spec-corpus/simple-math-openrpc.json");

interface Note {
  id: bigint;
  title: string;
  tags?: string[];
  views: bigint;
}
interface NotesClient {
  createNote(body: { title: string; tags?: string[] }): Promise<Note>;
  listNotes(query?: { limit?: number; offset?: number }): Promise<{ items: Note[] }>;
  getNote(noteId: number | bigint): Promise<Note>;
  deleteNote(noteId: number | bigint): Promise<unknown>;
}
type NotesFactory = (options: { baseUrl?: string; fetch?: typeof fetch }) => NotesClient;

let scratch: string;
let createNotesClient: NotesFactory;
let server: MockServer;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "chainkit-mock-test-"));
  await generateClient({
    spec: notesSpec,
    out: join(scratch, "notes"),
    runtime: join(repoRoot, "src/runtime.js"),
  });
  const module = (await import(pathToFileURL(join(scratch, "notes/index.ts")).href)) as Record<
    string,
    unknown
  >;
  createNotesClient = module.createNotesClient as NotesFactory;
  server = await serveMock(notesSpec, { seed: 3 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** Create → get → list → delete → get, with the generated client, as a team's test would run it. */
async function crudSequence(client: NotesClient) {
  const first = await client.createNote({ title: "groceries", tags: ["home"] });
  const second = await client.createNote({ title: "standup" });
  const read = await client.getNote(first.id);
  const listed = await client.listNotes({ limit: 10 });
  const paged = await client.listNotes({ limit: 1, offset: 1 });
  await client.deleteNote(first.id);
  const afterDelete = await client.getNote(first.id).then(
    () => "still there",
    (error: { status?: number; name: string }) => `${error.name} ${error.status}`,
  );
  return { first, second, read, listed, paged, afterDelete };
}

describe("a mock of a team's own spec", () => {
  it("keeps what a create made: get returns it, list pages it, delete removes it (over a socket)", async () => {
    const result = await crudSequence(createNotesClient({ baseUrl: `${server.url}/v1` }));
    expect(result.first).toMatchObject({ title: "groceries", tags: ["home"] });
    expect(typeof result.first.id).toBe("bigint");
    expect(typeof result.first.views).toBe("bigint");
    expect(result.read).toEqual(result.first);
    expect(result.listed.items.map((note) => note.title)).toEqual(["groceries", "standup"]);
    expect(result.paged.items.map((note) => note.title)).toEqual(["standup"]);
    expect(result.afterDelete).toBe("HttpError 404");
  });

  it("gives the same results in process through createMockFetch, with no port", async () => {
    const mockFetch = createMockFetch(notesSpec, { seed: 3 });
    const inProcess = await crudSequence(createNotesClient({ fetch: mockFetch }));
    const overSocket = await serveMock(notesSpec, { seed: 3 });
    try {
      const served = await crudSequence(createNotesClient({ baseUrl: overSocket.url, fetch }));
      expect(inProcess).toEqual(served);
    } finally {
      await overSocket.close();
    }
  }, 60_000);

  it("refuses a request the spec refuses, in the spec's own error shape, naming the field", async () => {
    const answer = await fetch(`${server.url}/notes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "", tags: ["garden"] }),
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.message).toContain("/body/title");
    expect(body.message).toContain("/body/tags/0 must be one of: home, work, later");
  });

  it("answers problem+json where the spec has no error shape", async () => {
    const answer = await fetch(`${server.url}/notes?limit=500`);
    expect(answer.status).toBe(422);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    const problem = (await answer.json()) as { detail: string; errors: { pointer: string }[] };
    expect(problem.errors.map((issue) => issue.pointer)).toEqual(["/query/limit"]);
    expect(problem.detail).toContain("100");
  });

  it("picks an answer with Prism's Prefer header: code, example, dynamic", async () => {
    const stateless = await serveMock(notesSpec, { stateless: true });
    try {
      const example = await fetch(`${stateless.url}/notes/7`, { headers: { prefer: "example=groceries" } });
      expect(await example.json()).toEqual({ id: 7, title: "groceries", tags: ["home"], views: 12 });
      const notFound = await fetch(`${stateless.url}/notes/7`, { headers: { prefer: "code=404" } });
      expect(notFound.status).toBe(404);
      expect(Object.keys((await notFound.json()) as object).sort()).toEqual(["code", "message"]);
      const unknown = await fetch(`${stateless.url}/notes/7`, { headers: { prefer: "example=nope" } });
      expect(((await unknown.json()) as { detail: string }).detail).toContain("groceries");
      // Without a Prefer, a read honours the id in the path.
      const honoured = (await (
        await fetch(`${stateless.url}/notes/42`, { headers: { prefer: "dynamic=true" } })
      ).json()) as Note;
      expect(honoured.id).toBe(42);
    } finally {
      await stateless.close();
    }
  });

  it("repeats its answers for a seed, and draws int64 values past 2^53 exactly", async () => {
    const texts = async (seed: number) => {
      const mock = await serveMock(notesSpec, { seed, stateless: true });
      try {
        const answers: string[] = [];
        for (let id = 1; id <= 40; id++) {
          answers.push(
            await (await fetch(`${mock.url}/notes/${id}`, { headers: { prefer: "dynamic=true" } })).text(),
          );
        }
        return answers;
      } finally {
        await mock.close();
      }
    };
    const [a, b, c] = [await texts(5), await texts(5), await texts(6)];
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    // Some views are drawn near int64's top, written as exact integers a lossless client reads.
    const wide = a
      .map((text) => /"views":(\d+)/.exec(text)?.[1] ?? "")
      .filter((digits) => digits.length > 16);
    expect(wide.length).toBeGreaterThan(0);
    for (const digits of wide) expect(BigInt(digits) <= 9223372036854775807n).toBe(true);
  });
});

describe("a mock of an OpenRPC spec", () => {
  it("answers calls and batches, and refuses bad params with -32602 naming the param", async () => {
    const mock = await serveMock(mathSpec);
    try {
      const call = (body: unknown) =>
        fetch(mock.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).then((answer) => answer.json());
      const [good, bad, missing] = (await call([
        { jsonrpc: "2.0", id: 1, method: "addition", params: [2, 3] },
        { jsonrpc: "2.0", id: 2, method: "addition", params: [2, "three"] },
        { jsonrpc: "2.0", id: 3, method: "division", params: [1, 2] },
      ])) as { id: number; result?: unknown; error?: { code: number; message: string } }[];
      expect(good).toMatchObject({ id: 1 });
      expect(typeof good?.result).toBe("number");
      expect(bad?.error?.code).toBe(-32602);
      expect(bad?.error?.message).toContain("/params/1");
      expect(missing?.error?.code).toBe(-32601);
    } finally {
      await mock.close();
    }
  });
});

describe("chainkit mock", () => {
  it("serves the spec on 127.0.0.1 until it is stopped", async () => {
    const { spawn } = await import("node:child_process");
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(repoRoot, "src/cli/main.ts"), "mock", notesSpec, "--seed", "2"],
      { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let seen = "";
        child.stdout.on("data", (chunk: Buffer) => {
          seen += chunk.toString();
          const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
          if (match) resolve(match[1] as string);
        });
        child.once("exit", (code) => reject(new Error(`chainkit mock exited ${code}: ${seen}`)));
      });
      const created = await fetch(`${url}/v1/notes`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: "from the shell" }),
      });
      expect(created.status).toBe(201);
      const note = (await created.json()) as { id: number; title: string };
      expect(note.title).toBe("from the shell");
      expect((await (await fetch(`${url}/v1/notes/${note.id}`)).json()) as object).toEqual(note);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }, 60_000);
});
