/**
 * OpenAPI 3.2's streamed answers (`itemSchema` on `text/event-stream`, `application/jsonl`,
 * `application/x-ndjson`, `application/json-seq`), its `query` method, `additionalOperations` and
 * `in: querystring`: a client generated from one spec compiles strictly and calls a real local
 * server, items checked one by one as they arrive.
 */
import { once } from "node:events";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { RequestValidationError } from "../../src/runtime/errors/request-validation-error.js";
import { ResponseTooLargeError } from "../../src/runtime/errors/response-too-large-error.js";
import { StreamItemError } from "../../src/runtime/errors/stream-item-error.js";
import { compileStrict, scratchProject } from "./generated-clients.js";
import { repoRoot } from "./support.js";

const spec = join(repoRoot, "test/fixtures/openapi-3.2/feed.openapi.yaml");
const RS = "\u001e";
const block = (height: string, hash = "0xabcd") => `{"height":${height},"hash":"${hash}"}`;

type Client = Record<string, (...args: unknown[]) => Promise<unknown>>;
let project: Awaited<ReturnType<typeof scratchProject>>;
let out: string;
let client: Client;
const seen: { method: string; url: string; body: string; shard?: string }[] = [];
/** Resolves when the endless stream's connection is closed by the client. */
let endlessClosed: Promise<void> = Promise.resolve();
/** Resolves when the never-ending line's connection is closed by the client. */
let hugeClosed: Promise<void> = Promise.resolve();

/** Writes `parts` one after another, each its own chunk on the wire. */
async function writeInChunks(response: ServerResponse, parts: readonly string[]): Promise<void> {
  for (const part of parts) {
    response.write(part);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  response.end();
}

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let body = "";
  for await (const chunk of request) body += chunk;
  const url = request.url ?? "";
  seen.push({
    method: request.method ?? "",
    url,
    body,
    ...(typeof request.headers["x-shard"] === "string" && { shard: request.headers["x-shard"] }),
  });
  if (url.startsWith("/huge/")) {
    // One line that never ends: the client must stop reading at its per-item limit.
    response.writeHead(200, { "content-type": "application/jsonl" });
    hugeClosed = once(response, "close").then(() => undefined);
    const timer = setInterval(() => response.write(`"${"x".repeat(4096)}`), 5);
    response.on("close", () => clearInterval(timer));
    return;
  }
  const path = url.split("?")[0]?.replace(/^\/endless/, "");
  if (path === "/blocks/events") {
    response.writeHead(200, { "content-type": "text/event-stream" });
    // A BOM, a comment, a CRLF split across chunks, data on two lines, an event without data, an
    // id that later events keep, then an item whose hash breaks the schema.
    return writeInChunks(response, [
      "\uFEFF: hello\r",
      "\nevent: block\r\nid: 7\r\nretry: 1500\r\ndata: ",
      `${block("9223372036854775807")}\r\n\r\n`,
      'event: block\ndata: {"height":\ndata: 2,"hash":"0x0002"}\n\n',
      "event: reorg\n\n",
      `data: ${block("3", "0xZZ")}\n\n`,
      `data: ${block("4")}\n\n`,
    ]);
  }
  if (path === "/blocks/notices") {
    response.writeHead(200, { "content-type": "text/event-stream" });
    if (url.startsWith("/endless/")) {
      endlessClosed = once(response, "close").then(() => undefined);
      const timer = setInterval(() => response.write("data: tick\n\n"), 10);
      response.on("close", () => clearInterval(timer));
      return;
    }
    return writeInChunks(response, ["data: first\n\n", "data: second\ndata: line\n\n", "data: pending"]);
  }
  if (path === "/blocks.jsonl") {
    response.writeHead(200, { "content-type": "application/jsonl" });
    const split = `${block("9007199254740993")}\n`;
    return writeInChunks(response, [`${block("1")}\r\n\n`, split.slice(0, 14), split.slice(14), block("3")]);
  }
  if (path === "/blocks.ndjson") {
    response.writeHead(200, { "content-type": "application/x-ndjson" });
    return writeInChunks(response, [`${block("1")}\n{"height":2,\n${block("3")}\n`]);
  }
  if (path === "/blocks.seq") {
    response.writeHead(200, { "content-type": "application/json-seq" });
    return writeInChunks(response, [
      `${RS}${block("1")}\n${RS}`,
      `${RS}${block("2")}\n`,
      `${RS}${block("3")}`,
    ]);
  }
  if (request.method === "LINK") {
    response.writeHead(204).end();
    return;
  }
  response.writeHead(200, { "content-type": "application/json" }).end(`[${block("1234567890123456789")}]`);
}

const server = createServer((request, response) => {
  answer(request, response).catch(() => response.destroy());
});

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  project = await scratchProject();
  out = join(project.root, "feed");
  const result = await generateClient({ spec, out, runtime: join(repoRoot, "src/runtime.js") });
  const { port } = server.address() as AddressInfo;
  const generated = (await import(pathToFileURL(join(out, "index.ts")).href)) as Record<
    string,
    (options: { baseUrl: string }) => Client
  >;
  client = generated[result.factory]?.({ baseUrl: `http://127.0.0.1:${port}` }) as Client;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await project.remove();
});

async function collect(stream: Promise<unknown>): Promise<{ items: unknown[]; error?: unknown }> {
  const items: unknown[] = [];
  try {
    for await (const item of (await stream) as AsyncIterable<unknown>) items.push(item);
    return { items };
  } catch (error) {
    return { items, error };
  }
}

describe("streamed answers (itemSchema)", () => {
  it("server-sent events: data lines joined, event and id kept, int64 exact, a bad item named by index and pointer", async () => {
    const { items, error } = await collect(client.watchBlocks?.({ from: 5n }) as Promise<unknown>);
    expect(items).toEqual([
      { data: { height: 9223372036854775807n, hash: "0xabcd" }, event: "block", id: "7", retry: 1500 },
      { data: { height: 2n, hash: "0x0002" }, event: "block", id: "7" },
    ]);
    expect(error).toBeInstanceOf(StreamItemError);
    expect((error as StreamItemError).item).toBe(2);
    expect((error as StreamItemError).issues[0]?.pointer).toBe("/data/hash");
    expect((error as Error).message).toMatch(
      /^Unexpected item 2 in the stream of watchBlocks: \/data\/hash /,
    );
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/blocks/events?from=5" });
  });

  it("server-sent events whose data the schema calls a string stay text, and an unfinished last event is dropped", async () => {
    const { items, error } = await collect(client.watchNotices?.() as Promise<unknown>);
    expect(error).toBeUndefined();
    expect(items).toEqual([{ data: "first" }, { data: "second\nline" }]);
  });

  it("JSON Lines: CRLF and blank lines, an item split across chunks, a last line without LF", async () => {
    const { items, error } = await collect(client.exportBlocks?.() as Promise<unknown>);
    expect(error).toBeUndefined();
    expect(items).toEqual([
      { height: 1n, hash: "0xabcd" },
      { height: 9007199254740993n, hash: "0xabcd" },
      { height: 3n, hash: "0xabcd" },
    ]);
  });

  it("NDJSON: a line that is not JSON stops the stream with its index", async () => {
    const { items, error } = await collect(client.exportBlocksNdjson?.() as Promise<unknown>);
    expect(items).toEqual([{ height: 1n, hash: "0xabcd" }]);
    expect(error).toBeInstanceOf(StreamItemError);
    expect(error).toMatchObject({ item: 1, issues: [{ pointer: "", message: "is not JSON" }] });
  });

  it("JSON text sequences: records start with RS, empty records are skipped", async () => {
    const { items, error } = await collect(client.exportBlockSequence?.() as Promise<unknown>);
    expect(error).toBeUndefined();
    expect(items).toEqual([1n, 2n, 3n].map((height) => ({ height, hash: "0xabcd" })));
  });

  it("a client that stops iterating closes the connection", async () => {
    const { port } = server.address() as AddressInfo;
    const generated = (await import(pathToFileURL(join(out, "index.ts")).href)) as Record<
      string,
      (options: { baseUrl: string }) => Client
    >;
    // The endless stream lives under /endless: the server writes an event every 10 ms until the socket closes.
    const endless = generated.createFeedClient?.({ baseUrl: `http://127.0.0.1:${port}/endless` }) as Client;
    const ticks: unknown[] = [];
    const watchNotices = endless.watchNotices as () => Promise<AsyncIterable<unknown>>;
    for await (const item of await watchNotices()) {
      ticks.push(item);
      if (ticks.length === 3) break;
    }
    expect(ticks).toEqual([{ data: "tick" }, { data: "tick" }, { data: "tick" }]);
    await expect(
      Promise.race([
        endlessClosed.then(() => "closed"),
        new Promise((resolve) => setTimeout(resolve, 2_000, "still open")),
      ]),
    ).resolves.toBe("closed");
  });
});

describe("a hostile stream", () => {
  it("an item that never ends stops at maxResponseBytes with ResponseTooLargeError, and the connection closes", async () => {
    const { port } = server.address() as AddressInfo;
    const generated = (await import(pathToFileURL(join(out, "index.ts")).href)) as Record<
      string,
      (options: { baseUrl: string; maxResponseBytes: number }) => Client
    >;
    const huge = generated.createFeedClient?.({
      baseUrl: `http://127.0.0.1:${port}/huge`,
      maxResponseBytes: 100_000,
    });
    const exportBlocks = huge?.exportBlocks as () => Promise<AsyncIterable<unknown>>;
    const { items, error } = await collect(exportBlocks());
    expect(items).toEqual([]);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toMatch(
      /^An item of the stream from http:\/\/127\.0\.0\.1:\d+\/huge\/blocks\.jsonl is larger than maxResponseBytes \(100000 bytes\)/,
    );
    await expect(
      Promise.race([
        hugeClosed.then(() => "closed"),
        new Promise((resolve) => setTimeout(resolve, 2_000, "still open")),
      ]),
    ).resolves.toBe("closed");
  });
});

describe("QUERY, additionalOperations and in: querystring", () => {
  it("QUERY sends its JSON body and the path item's header parameter", async () => {
    expect(await client.searchBlocks?.({ minHeight: 10n }, { "X-Shard": "s1" })).toEqual([
      { height: 1234567890123456789n, hash: "0xabcd" },
    ]);
    expect(seen.at(-1)).toEqual({ method: "QUERY", url: "/blocks", body: '{"minHeight":10}', shard: "s1" });
  });

  it("an additionalOperations method is sent as written, its query checked before sending", async () => {
    expect(await client.linkBlocks?.({ target: "0xab" })).toBeUndefined();
    expect(seen.at(-1)).toMatchObject({ method: "LINK", url: "/blocks?target=0xab" });
    const sent = seen.length;
    const refused = await client.linkBlocks?.({ target: "ab" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect((refused as RequestValidationError).issues[0]?.pointer).toBe("/query/target");
    expect(seen).toHaveLength(sent);
  });

  it("a form querystring sends the object's fields as the query; a JSON one sends its JSON text", async () => {
    await client.filterBlocks?.({ miner: "m 1", tags: ["a", "b"] });
    expect(seen.at(-1)?.url).toBe("/blocks/filter?miner=m+1&tags=a&tags=b");
    const refused = await client.filterBlocks?.({ tags: ["a"] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect((refused as RequestValidationError).issues[0]?.pointer).toBe("/query/miner");

    await client.selectBlocks?.({ heights: [1n, 9007199254740993n] });
    const url = seen.at(-1)?.url ?? "";
    expect(decodeURIComponent(url.slice(url.indexOf("?") + 1))).toBe('{"heights":[1,9007199254740993]}');
  });
});

describe("the generated client's types", () => {
  it("compile strictly, with streams typed as async iterables of their items", async () => {
    const use = join(project.root, "use");
    await mkdir(use, { recursive: true });
    await writeFile(
      join(use, "use.ts"),
      [
        `import { createFeedClient } from "../feed/index.js";`,
        `const feed = createFeedClient({ baseUrl: "http://127.0.0.1:1" });`,
        "export async function read(): Promise<bigint[]> {",
        "  const heights: bigint[] = [];",
        "  for await (const event of await feed.watchBlocks({ from: 1n })) {",
        '    const kind: "block" | "reorg" | undefined = event.event;',
        "    heights.push(event.data.height);",
        "    void kind;",
        "  }",
        "  for await (const notice of await feed.watchNotices()) { const text: string | undefined = notice.data; void text; }",
        "  for await (const item of await feed.exportBlockSequence()) heights.push(item.height);",
        "  await feed.searchBlocks({ minHeight: 1n });",
        '  await feed.linkBlocks({ target: "0x1" });',
        '  await feed.filterBlocks({ miner: "m", tags: ["a"] });',
        "  // @ts-expect-error the form querystring's schema requires miner",
        '  await feed.filterBlocks({ tags: ["a"] });',
        "  return heights;",
        "}",
        "",
      ].join("\n"),
    );
    expect(await compileStrict(project.root, [out, use])).toBe("");
  }, 180_000);
});
