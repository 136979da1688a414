/**
 * Issue 49: bodies that are not JSON are read and checked by their media type (form fields with the
 * generated validator, multipart parts by presence and type, text against its string schema), in
 * requests and answers; and resources an answer wraps under a key (`{ "widget": {…}, "links": … }`),
 * or a list pages in an envelope (`{ "widgets": [...], "meta": { "total": … } }`), keep state as
 * plain ones do. A small spec of each kind, and the corpus specs that have them (petstore's form and
 * upload, DigitalOcean's droplets), over a real socket or through createMockFetch.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockFetch } from "../../../src/toolkit/mock/create-mock-fetch.js";
import { type MockServer, serveMock } from "../../../src/toolkit/mock/serve-mock.js";
import { corpusSlowPatterns } from "../../support/corpus-slow-patterns.js";

const repoRoot = join(import.meta.dirname, "../../..");
const bodiesSpec = join(repoRoot, "test/fixtures/mock/bodies.openapi.yaml");
const corpus = join(repoRoot, "test/fixtures/spec-corpus");

let server: MockServer;
beforeAll(async () => {
  server = await serveMock(bodiesSpec, { seed: 5 });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The pointers and words of a problem+json refusal. */
async function refusal(answer: Response): Promise<{ status: number; pointers: string[]; detail: string }> {
  const problem = (await answer.json()) as { detail: string; errors?: { pointer: string }[] };
  return {
    status: answer.status,
    pointers: (problem.errors ?? []).map((issue) => issue.pointer),
    detail: problem.detail,
  };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}, method = "POST") {
  return fetch(`${server.url}${path}`, { method, body, headers });
}

describe("form bodies (application/x-www-form-urlencoded)", () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };

  it("converts each field to its property's type and takes a valid form", async () => {
    const answer = await post("/sessions", "username=ada&remember=true&age=36", form);
    expect(answer.status).toBe(204);
  });

  it("refuses a field that breaks its schema, naming it", async () => {
    const refused = await refusal(await post("/sessions", "username=al&age=9", form));
    expect(refused.status).toBe(422);
    expect(refused.pointers.sort()).toEqual(["/body/age", "/body/username"]);
    expect(refused.detail).toContain("/body/age must be at least 13");
  });

  it("refuses a form without its required field", async () => {
    const refused = await refusal(await post("/sessions", "remember=false", form));
    expect(refused.pointers).toEqual(["/body/username"]);
  });
});

describe("multipart bodies", () => {
  it("takes the parts the schema asks for", async () => {
    const parts = new FormData();
    parts.append("file", new Blob(["%PDF-1.7 …"]), "scan.pdf");
    parts.append("copies", "2");
    parts.append("kind", "scan");
    const answer = await post("/uploads", parts);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ stored: expect.any(Boolean) });
  });

  it("refuses a missing file, a count that is no integer, a kind outside the enum and an unknown part", async () => {
    const parts = new FormData();
    parts.append("copies", "two");
    parts.append("kind", "drawing");
    parts.append("owner", "ada");
    const refused = await refusal(await post("/uploads", parts));
    expect(refused.status).toBe(422);
    expect(refused.pointers.sort()).toEqual(["/body/copies", "/body/file", "/body/kind", "/body/owner"]);
    expect(refused.detail).toContain("/body/file is required: send a part named file");
    expect(refused.detail).toContain("/body/copies must be an integer");
    expect(refused.detail).toContain("/body/kind must be one of: photo, scan");
    expect(refused.detail).toContain("/body/owner is not a field of this body");
  });

  it("refuses a body sent in a media type the operation does not take, saying which it takes", async () => {
    const refused = await refusal(
      await post("/uploads", JSON.stringify({ copies: 1 }), { "content-type": "application/json" }),
    );
    expect(refused.pointers).toEqual(["/body"]);
    expect(refused.detail).toContain("send it as multipart/form-data");
  });
});

describe("text bodies", () => {
  it("checks a text request against its string schema and answers text as text", async () => {
    const answer = await post("/notes/3/text", "short", { "content-type": "text/plain" }, "PUT");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain");
    // The string itself, drawn from the answer's schema: not a JSON string in quotes.
    expect(await answer.text()).toMatch(/^[a-z]{4,8}$/);
    const refused = await refusal(
      await post("/notes/3/text", "far too long for it", { "content-type": "text/plain" }, "PUT"),
    );
    expect(refused.pointers).toEqual(["/body"]);
    expect(refused.detail).toContain("must be at most 10 characters long");
  });
});

describe("resources in envelopes", () => {
  it("unwraps a created resource from its key, keeps it, pages it with the total, and deletes it", async () => {
    const json = { "content-type": "application/json" };
    const created = (await (
      await post("/widgets", JSON.stringify({ widget: { name: "gear", color: "red" } }), json)
    ).json()) as { widget: { id: number; name: string; color: string }; links: object };
    expect(created.widget).toMatchObject({ name: "gear", color: "red" });
    await post("/widgets", JSON.stringify({ widget: { name: "cog" } }), json);
    const read = (await (await fetch(`${server.url}/widgets/${created.widget.id}`)).json()) as {
      widget: object;
    };
    expect(read.widget).toEqual(created.widget);
    const page = (await (await fetch(`${server.url}/widgets?per_page=1&page=2`)).json()) as {
      widgets: { name: string }[];
      meta: { total: number };
    };
    expect(page.widgets.map((widget) => widget.name)).toEqual(["cog"]);
    expect(page.meta.total).toBe(2);
    expect((await fetch(`${server.url}/widgets/${created.widget.id}`, { method: "DELETE" })).status).toBe(
      204,
    );
    expect((await fetch(`${server.url}/widgets/${created.widget.id}`)).status).toBe(404);
    const after = (await (await fetch(`${server.url}/widgets`)).json()) as { meta: { total: number } };
    expect(after.meta.total).toBe(1);
  });
});

describe("corpus specs", () => {
  it("petstore: the form update and the multipart upload are checked, a JSON upload refused", async () => {
    const petstore = createMockFetch(join(corpus, "readme-petstore.3.0.yaml"));
    const parts = new FormData();
    parts.append("additionalMetadata", "front");
    parts.append("file", new Blob(["\x89PNG"]), "rex.png");
    const uploaded = await petstore("http://petstore.test/v2/pet/7/uploadImage", {
      method: "POST",
      body: parts,
    });
    expect(uploaded.status).toBe(200);
    const asJson = await petstore("http://petstore.test/v2/pet/7/uploadImage", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect((await refusal(asJson)).detail).toContain("send it as multipart/form-data");
    const badId = await petstore("http://petstore.test/v2/pet/seven", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=Rex&status=sold",
    });
    expect((await refusal(badId)).pointers).toEqual(["/path/petId"]);
  }, 120_000);

  it("DigitalOcean: a droplet created is read in its envelope, listed with meta.total, deleted", async () => {
    const spec = join(corpus, "digitalocean.openapi.json");
    const digitalocean = createMockFetch(spec, { seed: 2, allowSlowPatterns: corpusSlowPatterns(spec) });
    const call = async (method: string, path: string, body?: object) => {
      const answer = await digitalocean(`https://api.digitalocean.com${path}`, {
        method,
        headers: { authorization: "Bearer t0k3n", "content-type": "application/json" },
        ...(body && { body: JSON.stringify(body) }),
      });
      return { status: answer.status, body: answer.status === 204 ? undefined : await answer.json() };
    };
    const order = { name: "web-1", region: "nyc3", size: "s-1vcpu-1gb", image: "ubuntu-24-04-x64" };
    const created = await call("POST", "/v2/droplets", order);
    expect(created.status).toBe(202);
    const droplet = created.body.droplet as { id: number; name: string };
    expect(droplet.name).toBe("web-1");
    await call("POST", "/v2/droplets", { ...order, name: "web-2" });
    const read = await call("GET", `/v2/droplets/${droplet.id}`);
    expect(read.body.droplet).toEqual(droplet);
    const page = await call("GET", "/v2/droplets?per_page=1&page=2");
    expect(page.body.droplets.map((one: { name: string }) => one.name)).toEqual(["web-2"]);
    expect(page.body.meta.total).toBe(2);
    expect((await call("DELETE", `/v2/droplets/${droplet.id}`)).status).toBe(204);
    expect((await call("GET", `/v2/droplets/${droplet.id}`)).status).toBe(404);
  }, 400_000);
});
