/**
 * A DigitalOcean-sized spec (test/fixtures/spec-corpus/digitalocean.openapi.json: 290 operations,
 * 1 MB, every schema inlined) gets a reference split in pages, one per tag, each small enough for a
 * browser tab: in one page it was 7 MB of HTML and 350 000 elements. Every page loads in real
 * headless Chromium without errors, every operation is found where the search and the index say,
 * and the search box opens an operation on its tag's page.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { anchorId } from "../../scripts/docs/anchors.js";
import type { BuiltPage } from "../../scripts/docs/layout.js";
import { openapiPages } from "../../scripts/docs/openapi-page.js";
import { PAGE_BYTES } from "../../scripts/docs/reference-split.js";
import { writeSite } from "../../scripts/docs/write-site.js";
import type { JsonObject as Json } from "../../scripts/generate/json.js";
import { openSession, type Session } from "./browser.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const specPath = "test/fixtures/spec-corpus/digitalocean.openapi.json";
const text = readFileSync(join(root, specPath), "utf8");
const doc = JSON.parse(text) as Json;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const operationIds = Object.values(
  doc.paths as Record<string, Record<string, { operationId?: string }>>,
).flatMap((item) =>
  METHODS.flatMap((method) => (item[method]?.operationId ? [item[method].operationId] : [])),
);

let dir: string;
let built: BuiltPage[];
let session: Session;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "chainkit-large-portal-"));
  built = openapiPages({
    surface: {
      id: "digitalocean",
      kind: "openapi",
      title: "DigitalOcean",
      specFile: specPath,
      entry: "chainkit/digitalocean",
      baseUrl: { service: "https://api.digitalocean.com" },
    },
    path: specPath,
    text,
    doc,
  });
  writeSite(
    dir,
    built,
    [{ title: "Reference", pages: [{ file: "digitalocean.html", title: "DigitalOcean" }] }],
    [],
  );
  session = await openSession(`${pathToFileURL(dir).href}/`);
});

afterAll(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The element ids of a written page. */
function idsOf(file: string): Set<string> {
  return new Set(
    [...readFileSync(join(dir, file), "utf8").matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? ""),
  );
}

describe("a reference too large for one page", () => {
  test("is an index page and pages per tag of at most PAGE_BYTES each, and every operation is where the search says", () => {
    const files = built.map((page) => page.page.file);
    // The packer counts operations; the page's heading and its tag's introduction come on top.
    const oversized = built.filter(
      ({ page }) =>
        page.body.value.length > PAGE_BYTES + 20_000 &&
        (page.body.value.match(/class="operation"/g) ?? []).length > 1,
    );
    expect(oversized.map(({ page }) => page.file)).toEqual([]);
    expect(files[0]).toBe("digitalocean.html");
    expect(files.slice(1).every((file) => file.startsWith("digitalocean--tag-"))).toBe(true);
    const entries = built.flatMap((page) => page.search).filter((entry) => entry.kind === "operation");
    expect(entries.map((entry) => entry.name).sort()).toEqual([...operationIds].sort());
    const lost = entries.filter((entry) => {
      const [file = "", id = ""] = entry.href.split("#");
      return !files.includes(file) || !idsOf(file).has(id) || id !== anchorId("op", entry.name);
    });
    expect(lost).toEqual([]);
  });

  test("the index links every operation on its tag's page", () => {
    const index = readFileSync(join(dir, "digitalocean.html"), "utf8");
    const links = [...index.matchAll(/href="(digitalocean--[^"#]+\.html)#(op-[^"]+)"/g)];
    expect(links.map((link) => link[2]).sort()).toEqual(operationIds.map((id) => anchorId("op", id)).sort());
    const broken = links.filter(([, file = "", id = ""]) => !idsOf(file).has(id));
    expect(broken).toEqual([]);
  });

  test("every page loads in Chromium without errors, none holding more than 100 000 elements", async () => {
    const largest: { file: string; elements: number } = { file: "", elements: 0 };
    for (const { page: written } of built) {
      const page = await session.newPage();
      await page.goto(`${pathToFileURL(dir).href}/${written.file}`, { waitUntil: "load", timeout: 60_000 });
      const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
      if (elements > largest.elements) Object.assign(largest, { file: written.file, elements });
      await page.close();
    }
    expect(largest.elements).toBeGreaterThan(1_000);
    expect(largest.elements, largest.file).toBeLessThan(100_000);
    expect(session.problems).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      outsideRequests: [],
    });
  }, 600_000);

  test("the search box on the index opens an operation on its tag's page, in view", async () => {
    const entry = built[0]?.search.find((candidate) => candidate.name === "droplets_create");
    expect(entry?.href).toMatch(/^digitalocean--tag-Droplets(--\d+)?\.html#op-droplets_create$/);
    const page = await session.newPage();
    await page.goto(`${pathToFileURL(dir).href}/digitalocean.html`, { waitUntil: "load" });
    await page.locator("#search").fill("droplets_create");
    const result = page.locator(`#search-results a[href="${entry?.href}"]`);
    await result.waitFor({ state: "visible" });
    await result.click();
    await page.waitForURL((url) => url.href.endsWith(entry?.href ?? "?"));
    const inView = await page.evaluate(() => {
      const box = document.getElementById("op-droplets_create")?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
    });
    expect(inView).toBe(true);
    await page.close();
  });
});
