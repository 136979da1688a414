import { createPlatformClient, ResponseValidationError } from "chainkit/platform";
import { afterEach, describe, expect, it } from "vitest";
import { type LoopbackServer, startLoopbackServer } from "../support/loopback-server.js";

const project = (n: number) => ({
  id: `PR-100-${String(n).padStart(3, "0")}`,
  name: `p${n}`,
  type: "public",
});

let server: LoopbackServer | undefined;
afterEach(() => server?.close());

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

function client(url: string) {
  return createPlatformClient({ baseUrl: url, apiKey: "page-test-key-0123456789" });
}

describe("lists paged by number", () => {
  it("yields an item once when an arrival pushes it onto the next page", async () => {
    // Page 1 is read, then a project arrives first: page 2 starts with page 1's last item.
    let items = [1, 2, 3, 4, 5].map(project);
    server = await startLoopbackServer(({ query }) => {
      const page = Number(query.get("page") ?? 1);
      const results = items.slice((page - 1) * 2, page * 2);
      if (page === 1) items = [project(0), ...items];
      const next = page * 2 < items.length ? `${server?.url}/v1/projects/?page=${page + 1}` : null;
      return { body: { count: items.length, next, previous: null, results } };
    });
    const ids = (await all(client(server.url).projects())).map((p) => p.id);
    expect(ids).toEqual([1, 2, 3, 4, 5].map((n) => project(n).id));
    expect(server.requests.map((r) => r.query.get("page"))).toEqual(["1", "2", "3"]);
  });

  it("stops with a typed error when the server ignores page and repeats itself", async () => {
    server = await startLoopbackServer(() => ({
      body: {
        count: 100,
        next: `${server?.url}/v1/projects/?page=2`,
        previous: null,
        results: [project(1), project(2)],
      },
    }));
    const error = await all(client(server.url).projects()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(String((error as Error).message)).toContain("may ignore page");
    expect(server.requests.length).toBeLessThanOrEqual(5);
  });

  it("starts at the filter's page, keeps the filters on every request, and stops at max", async () => {
    server = await startLoopbackServer(({ query }) => {
      const page = Number(query.get("page"));
      return {
        body: {
          count: 99,
          next: "more",
          previous: null,
          results: [project(page * 10), project(page * 10 + 1)],
        },
      };
    });
    const got = await all(client(server.url).projects({ page: 3, name: "x" }, { max: 3 }));
    expect(got.map((p) => p.id)).toEqual([project(30).id, project(31).id, project(40).id]);
    expect(server.requests.map((r) => `${r.query.get("page")} ${r.query.get("name")}`)).toEqual([
      "3 x",
      "4 x",
    ]);
  });
});
