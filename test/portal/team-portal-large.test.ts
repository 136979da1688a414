/**
 * `chainkit docs` on a DigitalOcean-sized spec (test/fixtures/spec-corpus/digitalocean.openapi.json:
 * 290 operations, 1 MB), run as a user runs it, in a child process: every page it writes loads in
 * headless Chromium from file:// without errors, the search finds every operation on the page it
 * names, and the search box opens one there, with the generated client's call shown.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { corpusSlowPatterns } from "../support/corpus-slow-patterns.js";
import { openSession, type Session } from "./browser.js";
import { readSearchIndex } from "./search-index-file.js";

const root = join(import.meta.dirname, "../..");
const spec = join(root, "test/fixtures/spec-corpus/digitalocean.openapi.json");
const out = mkdtempSync(join(tmpdir(), "chainkit-team-portal-large-"));
const allowSlowPatterns = corpusSlowPatterns(spec).flatMap((pattern) => ["--allow-slow-pattern", pattern]);
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"];
let printed = "";
let session: Session;

beforeAll(async () => {
  const cli = join(root, "src/cli/main.ts");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", cli, "docs", spec, "--out", out, ...allowSlowPatterns],
    { cwd: root, maxBuffer: 1 << 26 },
  );
  printed = stdout;
  session = await openSession(`${pathToFileURL(out).href}/`);
}, 900_000);

afterAll(async () => {
  await session?.close();
  rmSync(out, { recursive: true, force: true });
});

describe("chainkit docs on a DigitalOcean-sized spec", () => {
  test("prints its reference pages and time, and the search lists every operation where it is", () => {
    expect(printed).toMatch(/digitalocean\.openapi\.json: \d+ reference pages in \d+ ms/);
    const doc = JSON.parse(readFileSync(spec, "utf8")) as { paths: Record<string, Record<string, unknown>> };
    const count = Object.values(doc.paths).flatMap((item) => METHODS.filter((method) => item[method])).length;
    const operations = readSearchIndex(out).filter((entry) => entry.kind === "operation");
    expect(operations).toHaveLength(count);
    const lost = operations.filter(({ href }) => {
      const [file = "", id = ""] = href.split("#");
      return !readFileSync(join(out, file), "utf8").includes(` id="${id}"`);
    });
    expect(lost).toEqual([]);
  });

  test("every page loads in Chromium without errors", async () => {
    const pages = readdirSync(out).filter((name) => name.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) {
      const page = await session.newPage();
      await page.goto(`${pathToFileURL(out).href}/${file}`, { waitUntil: "load", timeout: 120_000 });
      await page.close();
    }
    expect(session.problems).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      outsideRequests: [],
    });
  }, 900_000);

  test("the search box opens an operation on its page, which shows the client's call", async () => {
    const entry = readSearchIndex(out).find((candidate) => candidate.name === "droplets_create");
    expect(entry).toBeDefined();
    const href = entry?.href ?? "";
    const page = await session.newPage();
    await page.goto(`${pathToFileURL(out).href}/index.html`, { waitUntil: "load" });
    await page.locator("#search").fill("droplets_create");
    const result = page.locator(`#search-results a[href="${href}"]`);
    await result.waitFor({ state: "visible" });
    await result.click();
    await page.waitForURL((url) => url.href.endsWith(href));
    const call = await page.evaluate(
      () => document.getElementById("op-droplets_create")?.querySelector("pre.source")?.textContent ?? "",
    );
    expect(call).toMatch(/^digitalocean\.droplets_create\(body\?: /);
    await page.close();
    expect(session.problems.pageErrors).toEqual([]);
  }, 120_000);
});
