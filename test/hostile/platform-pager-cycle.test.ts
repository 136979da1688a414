import { createPlatformClient, ResponseValidationError } from "chainkit/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { API_KEY } from "./support/clients.js";

/**
 * Issue 42, item 11: a platform whose pages cycle (A, B, A, B…) while `next` always points on. The
 * pager compared a page only with the one before, so it yielded A and B again and again.
 */

const project = (id: string) => ({ id, name: `project ${id}` });
const PAGES = [
  [project("PR-1"), project("PR-2")],
  [project("PR-3"), project("PR-4")],
];

let server: HostileServer;

beforeAll(async () => {
  server = await startHostileServer((request, response) => {
    const page = Number(new URL(request.url, "http://x").searchParams.get("page") ?? "1");
    const results = PAGES[(page - 1) % PAGES.length];
    const next = `http://127.0.0.1/v1/projects/?page=${page + 1}`;
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ count: 4, next, previous: null, results }));
  });
});
afterAll(() => server.close());

describe("item 11: pages in a cycle", () => {
  it("yields each project once, then stops with a typed error after a few pages with nothing new", async () => {
    const platform = createPlatformClient({ baseUrl: server.url, apiKey: API_KEY, retry: false });
    const seen: string[] = [];
    const before = server.requests.length;
    let error: unknown;
    try {
      // The bound only keeps a pager that loops from running forever; it is never reached.
      for await (const item of platform.projects({}, { max: 50 })) seen.push(item.id);
    } catch (caught) {
      error = caught;
    }
    expect(seen).toEqual(["PR-1", "PR-2", "PR-3", "PR-4"]);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.pointer).toBe("/results");
    expect((error as Error).message).toMatch(/pages in a cycle/);
    // Two pages of news, then three that bring none.
    expect(server.requests.length - before).toBe(5);
  });
});
