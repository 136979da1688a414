/**
 * `chainkit docs <spec> --out <dir> --versions <dir>` (issue 44): a spec with two released versions
 * gets a changelog page listing each change with its verdict and the sentence for consumers, newest
 * step first; each change of an operation still documented links to its reference anchor, and the
 * links land on it in headless Chromium. axe finds nothing serious on the page, light or dark.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { axeProblems } from "./axe.js";
import { openSession, type Session } from "./browser.js";

const root = join(import.meta.dirname, "../..");
const fixtures = join(root, "test/fixtures/portal-changelog");
const out = mkdtempSync(join(tmpdir(), "chainkit-changelog-portal-"));
const run = promisify(execFile);

beforeAll(async () => {
  await run(
    process.execPath,
    [
      "--import",
      "tsx",
      join(root, "src/cli/main.ts"),
      "docs",
      join(fixtures, "notes.yaml"),
      "--out",
      out,
      "--versions",
      join(fixtures, "released"),
    ],
    { cwd: root },
  );
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The rows of one step's table: verdict, operation text, its link (if any) and the sentence. */
function rows(page: string, step: string) {
  const start = page.indexOf(`<h2>${step}</h2>`);
  expect(start, step).toBeGreaterThan(-1);
  const section = page.slice(start, page.indexOf("</section>", start));
  return [...section.matchAll(/<tr>\s*<td><span class="verdict verdict-([a-z-]+)">[\s\S]*?<\/tr>/g)].map(
    ([row, verdict]) => ({
      verdict,
      operation: /<code>([^<]*)<\/code>/.exec(row)?.[1]?.replace(/&#39;/g, "'"),
      href: /<a href="([^"]+)"><code>/.exec(row)?.[1],
      text: row.replace(/<[^>]+>/g, ""),
    }),
  );
}

describe("the changelog page of a spec with two released versions", () => {
  const page = () => readFileSync(join(out, "changelog-notes.html"), "utf8");

  test("is in the sidebar and lists the newest step first", () => {
    const html = page();
    expect(readFileSync(join(out, "index.html"), "utf8")).toContain('href="changelog-notes.html"');
    expect(html.indexOf("<h2>v1.1.0 → current</h2>")).toBeGreaterThan(-1);
    expect(html.indexOf("<h2>v1.1.0 → current</h2>")).toBeLessThan(html.indexOf("<h2>v1.0.0 → v1.1.0</h2>"));
  });

  test("each change has its verdict, its sentence for consumers, and a link while the operation exists", () => {
    const latest = rows(page(), "v1.1.0 → current");
    const created = latest.find((row) => row.operation === "POST /notes" && /body/.test(row.text));
    expect(created).toMatchObject({ verdict: "breaking", href: "notes.html#op-createNote" });
    const removed = latest.find((row) => row.operation === "DELETE /notes/{id}");
    expect(removed).toMatchObject({ verdict: "breaking", href: undefined });
    expect(removed?.text).toMatch(/removed|no longer/i);

    const earlier = rows(page(), "v1.0.0 → v1.1.0");
    expect(earlier.find((row) => row.operation === "GET /notes")).toMatchObject({
      verdict: "non-breaking",
      href: "notes.html#op-listNotes",
    });
    expect(earlier.some((row) => row.verdict === "breaking")).toBe(false);
  });
});

describe("in headless Chromium from file://", () => {
  let session: Session;
  const base = `${pathToFileURL(out).href}/`;

  beforeAll(async () => {
    session = await openSession(base);
  });

  afterAll(async () => {
    await session.close();
  });

  test("every link of the changelog lands on its operation, in view", async () => {
    const page = await session.newPage();
    await page.goto(`${base}changelog-notes.html`, { waitUntil: "load" });
    const hrefs = await page.$$eval("table.changelog a", (links) =>
      links.map((link) => link.getAttribute("href")),
    );
    expect(hrefs.length).toBeGreaterThanOrEqual(2);
    for (const href of new Set(hrefs)) {
      await page.goto(`${base}changelog-notes.html`, { waitUntil: "load" });
      await page.locator(`table.changelog a[href="${href}"]`).first().click();
      await page.waitForURL((url) => url.href.endsWith(String(href)));
      const id = String(href).split("#")[1] ?? "";
      const target = page.locator(`[id="${id}"]`);
      await expect(target.count()).resolves.toBe(1);
      expect(await target.isVisible()).toBe(true);
      const box = await target.boundingBox();
      expect(box?.y ?? -1, href ?? "").toBeGreaterThanOrEqual(0);
      expect(box?.y ?? 9999, href ?? "").toBeLessThan(900);
    }
    await page.close();
    expect(session.problems).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      outsideRequests: [],
    });
  });

  test.each(["light", "dark"] as const)("axe finds no serious or critical problem in %s", async (scheme) => {
    const page = await session.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${base}changelog-notes.html`, { waitUntil: "load" });
    expect(await axeProblems(page)).toEqual([]);
    await page.close();
  });
});
