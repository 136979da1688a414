/**
 * The built portal in real headless Chromium: every page loads over file:// and over a loopback static
 * server without console errors, page errors, failed requests or requests leaving the machine; every
 * operation and method of the specs is on its page; links resolve; the page's own search finds a method.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { anchorId } from "../../scripts/docs/anchors.js";
import { buildSite } from "../../scripts/docs/build-site.js";
import { PAGE_BYTES } from "../../scripts/docs/reference-split.js";
import { GUIDE_SURFACES, guidePage, referencePage, SPEC_SURFACES } from "../../scripts/docs/surfaces.js";
import { type StaticServer, serveFolder } from "../../src/cli/serve-folder.js";
import { openSession, type Session } from "./browser.js";
import { readSearchIndex } from "./search-index-file.js";
import { readInventories } from "./spec-inventory.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const siteDir = join(root, "site");
const shotsDir = join(root, "test-results", "portal");
const inventories = readInventories(root);

let pages: string[] = [];
let server: StaticServer;

beforeAll(async () => {
  buildSite({ root, outDir: siteDir });
  pages = readdirSync(siteDir)
    .filter((file) => file.endsWith(".html"))
    .sort();
  server = await serveFolder(siteDir);
  mkdirSync(shotsDir, { recursive: true });
  for (const inventory of inventories.filter((entry) => !entry.source.startsWith("generated/"))) {
    console.warn(`portal: ${inventory.surface} has no bundled spec yet; names read from ${inventory.source}`);
  }
});

afterAll(async () => {
  await server?.close();
});

test("the site has the landing page, a reference per spec (its index page, and pages of it when split), one guide per surface, a helpers page per entry and a page per docs/*.md", () => {
  const referenceParts = new RegExp(
    `^(${inventories.map((inventory) => inventory.surface).join("|")})--(tag-[A-Za-z0-9_.-]+|schemas-\\d+)\\.html$`,
  );
  const helpersParts = /^helpers-[a-z]+--\d+\.html$/;
  expect(pages.filter((file) => !referenceParts.test(file) && !helpersParts.test(file))).toEqual(
    [
      "index.html",
      ...inventories.map((inventory) => `${inventory.surface}.html`),
      ...["platform", "exchange", "evm", "evm-live", "wallet", "indexer", "grpc", "viem"].map(
        (id) => `guide-${id}.html`,
      ),
      ...[
        "platform",
        "evm",
        "exchange",
        "wallet",
        "indexer",
        "grpc",
        "viem",
        "runtime",
        "sandbox",
        "mock",
      ].map((id) => `helpers-${id}.html`),
      ...readdirSync(join(root, "docs"))
        .filter((name) => name.endsWith(".md"))
        .map((name) => `docs-${name.replace(/\.md$/, "")}.html`),
    ].sort(),
  );
  // Split by size: no reference page (spec or helpers) holds more than PAGE_BYTES of content, unless
  // one operation or one export does.
  const oversized = pages
    .filter(
      (file) =>
        referenceParts.test(file) ||
        inventories.some((entry) => file === `${entry.surface}.html`) ||
        file.startsWith("helpers-"),
    )
    .filter((file) => {
      const text = readFileSync(join(siteDir, file), "utf8");
      const content = text.slice(text.indexOf('<main id="content">'), text.indexOf("</main>"));
      const items =
        (content.match(/class="operation/g) ?? []).length +
        (content.match(/class="helper" id="[^"]*">\s*<h3>/g) ?? []).length;
      return content.length > PAGE_BYTES && items > 1;
    });
  expect(oversized).toEqual([]);
});

/** What a reader types into the search box, and where the result must take them. */
const SEARCHES = [
  { query: "eth_getLogs", href: "evm--tag-receipts.html#method-eth_getLogs" },
  { query: "getAccount", href: "wallet--tag-Accounts.html#op-getAccount" },
  { query: "jettonTransfers", href: "indexer--tag-Jettons.html#op-getJettonTransfers" },
  { query: "/api/v3/jetton/transfers", href: "indexer--tag-Jettons.html#op-getJettonTransfers" },
  { query: "order", href: "exchange--tag-Orders.html#op-order" },
  { query: "viem", href: "guide-viem.html" },
] as const;

/** The code lines of an example, as its guide page must show them (the leading comment is the page's prose). */
function codeLines(example: string): string[] {
  const source = readFileSync(join(root, example), "utf8").replace(/^\s*\/\*\*[\s\S]*?\*\//, "");
  return source
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

const modes = [
  { mode: "file://", base: () => `${pathToFileURL(siteDir).href}/` },
  { mode: "a loopback static server", base: () => server.url },
] as const;

describe.each(modes)("over $mode", ({ mode, base }) => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(base());
  });

  afterAll(async () => {
    await session?.close();
  });

  test("every page loads its stylesheet and script, with no error and no request leaving the site", async () => {
    const brokenAnchors: string[] = [];
    for (const file of pages) {
      const page = await session.newPage();
      await page.goto(`${base()}${file}`, { waitUntil: "load" });
      const state = await page.evaluate(() => ({
        title: document.title,
        styled: getComputedStyle(document.querySelector("header.top") as Element).position === "sticky",
        h1: document.querySelector("h1")?.textContent ?? "",
        missing: [...document.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')]
          .map((link) => decodeURIComponent(link.getAttribute("href")?.slice(1) ?? ""))
          .filter((id) => document.getElementById(id) === null),
      }));
      expect(state.title, file).toMatch(/chainkit docs$/);
      expect(state.styled, `${file} is styled`).toBe(true);
      expect(state.h1, file).not.toBe("");
      brokenAnchors.push(...state.missing.map((id) => `${file}#${id}`));
      if (mode === "file://") {
        await page.screenshot({ path: join(shotsDir, file.replace(/\.html$/, ".png")) });
      }
      await page.close();
    }
    expect(brokenAnchors).toEqual([]);
    expect(session.problems).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      outsideRequests: [],
    });
    expect(session.requests).toContain(`${base()}style.css`);
    expect(session.requests).toContain(`${base()}site.js`);
    // Over 50 pages with a screenshot each: longer than the suite's two minutes on a shared machine.
  }, 360_000);

  test("every operation and method of the specs appears on the page the search index names", async () => {
    const entries = readSearchIndex(siteDir);
    const missing: string[] = [];
    for (const inventory of inventories) {
      expect(inventory.names.length, inventory.surface).toBeGreaterThan(0);
      const kind = inventory.kind === "openapi" ? "operation" : "method";
      const byPage = new Map<string, string[]>();
      for (const name of inventory.names) {
        const href = entries.find((entry) => entry.kind === kind && entry.name === name)?.href ?? "";
        const [file = "", id = ""] = href.split("#");
        if (
          id !== anchorId(inventory.kind === "openapi" ? "op" : "method", name) ||
          !(file === `${inventory.surface}.html` || file.startsWith(`${inventory.surface}--`))
        ) {
          missing.push(`${inventory.surface}: ${name} (searched: ${href})`);
          continue;
        }
        byPage.set(file, [...(byPage.get(file) ?? []), name]);
      }
      for (const [file, names] of byPage) {
        const page = await session.newPage();
        await page.goto(`${base()}${file}`, { waitUntil: "load" });
        for (const name of names) {
          const id = anchorId(inventory.kind === "openapi" ? "op" : "method", name);
          const shown = await page.evaluate(
            ({ id, name }) => {
              const element = document.getElementById(id);
              return element?.checkVisibility() === true && (element.textContent ?? "").includes(name);
            },
            { id, name },
          );
          if (!shown) missing.push(`${file}: ${name} (#${id})`);
        }
        await page.close();
      }
    }
    expect(missing).toEqual([]);
    expect(session.problems.outsideRequests).toEqual([]);
  });

  test.each([
    { link: "exchange.html#op-order", lands: "exchange--tag-Orders.html#op-order" },
    {
      link: "platform.html#op-createProject.body.description",
      lands: "platform--tag-Projects.html#op-createProject.body.description",
    },
    { link: "evm.html#method-eth_getProof", lands: "evm--tag-state.html#method-eth_getProof" },
    {
      link: "platform.html#schema-NodeConfiguration.archive",
      lands: "platform--schemas-1.html#schema-NodeConfiguration.archive",
    },
  ])("a link written before the split, $link, goes on to the page that holds it", async ({ link, lands }) => {
    const page = await session.newPage();
    await page.goto(`${base()}${link}`, { waitUntil: "load" });
    await page.waitForURL((url) => url.href === `${base()}${lands}`);
    const id = lands.split("#")[1] ?? "";
    await expect
      .poll(() =>
        page.evaluate((target) => {
          const box = document.getElementById(target)?.getBoundingClientRect();
          return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
        }, id),
      )
      .toBe(true);
    await page.close();
    expect(session.problems.pageErrors).toEqual([]);
  });

  test("the landing page lists every surface with its reference (or why it has none) and every guide", async () => {
    const page = await session.newPage();
    await page.goto(`${base()}index.html`, { waitUntil: "load" });
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll("#section-surfaces tbody tr")].map((row) => ({
        text: row.textContent ?? "",
        links: [...row.querySelectorAll("a")].map((link) => link.getAttribute("href") ?? ""),
      })),
    );
    const quickStart = await page.evaluate(() =>
      [...document.querySelectorAll("#section-quick-start pre")].map((block) => block.textContent ?? ""),
    );
    await page.close();
    // The README's "On a fresh machine" commands, not its other shell blocks (the sandbox, the CLI).
    expect(quickStart).toEqual(["npm ci && npm run generate", "npm test"]);
    expect(rows.map((row) => row.links.find((href) => href.startsWith("guide-")))).toEqual(
      GUIDE_SURFACES.map((guide) => guidePage(guide.id)),
    );
    for (const [index, guide] of GUIDE_SURFACES.entries())
      expect(rows[index]?.text, guide.id).toContain(guide.title);
    const references = rows.flatMap((row) => row.links.filter((href) => /^[a-z]+\.html$/.test(href)));
    for (const spec of SPEC_SURFACES) expect(references).toContain(referencePage(spec.id));
    const grpc = rows[GUIDE_SURFACES.findIndex((guide) => guide.id === "grpc")];
    expect(grpc?.text).toContain("no spec");
  });

  test("every guide page shows its example whole, and says how to run it against the sandbox", async () => {
    const missing: string[] = [];
    for (const guide of GUIDE_SURFACES) {
      const page = await session.newPage();
      await page.goto(`${base()}${guidePage(guide.id)}`, { waitUntil: "load" });
      const { shown, about } = await page.evaluate(() => ({
        shown: document.querySelector("#section-example pre")?.textContent ?? "",
        about: document.querySelector("#section-example p")?.textContent ?? "",
      }));
      await page.close();
      const lines = shown.split("\n").map((line) => line.trim());
      for (const line of codeLines(guide.example))
        if (!lines.includes(line)) missing.push(`${guide.id}: ${line}`);
      expect(about, guide.id).toContain("chainkit sandbox --env sandbox.env");
    }
    expect(missing).toEqual([]);
  });

  test.each(SEARCHES)("the search box finds $query and opens $href", async ({ query, href }) => {
    const page = await session.newPage();
    await page.goto(`${base()}index.html`, { waitUntil: "load" });
    await page.locator("#search").fill(query);
    const result = page.locator(`#search-results a[href="${href}"]`);
    await result.waitFor({ state: "visible" });
    await result.click();
    await page.waitForURL((url) => url.href.endsWith(href));
    const [, id] = href.split("#");
    if (id) {
      const inView = await page.evaluate((target) => {
        const box = document.getElementById(target)?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
      }, id);
      expect(inView).toBe(true);
    }
    await page.close();
    expect(session.problems.pageErrors).toEqual([]);
  });

  test("a page loads the shared search index only when the reader first reaches for the search box", async () => {
    const page = await session.newPage();
    const indexRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("search-index")) indexRequests.push(request.url());
    });
    await page.goto(`${base()}guide-evm.html`, { waitUntil: "load" });
    expect(indexRequests).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.outerHTML.includes("eth_getProof"))).toBe(
      false,
    );
    await page.locator("#search").fill("getproof");
    await page
      .locator('#search-results a[href="evm--tag-state.html#method-eth_getProof"]')
      .waitFor({ state: "visible" });
    await page.locator("#search").fill("getLogs");
    await page
      .locator('#search-results a[href="evm--tag-receipts.html#method-eth_getLogs"]')
      .waitFor({ state: "visible" });
    expect(indexRequests).toEqual([`${base()}search-index.js`]);
    await page.close();
  });

  test("the search box finds eth_getProof from the landing page and opens it in view", async () => {
    const page = await session.newPage();
    await page.goto(`${base()}index.html`, { waitUntil: "load" });
    await page.locator("#search").pressSequentially("getproof");
    const result = page.locator("#search-results a", { hasText: "eth_getProof" }).first();
    await result.waitFor({ state: "visible" });
    if (mode === "file://") await page.screenshot({ path: join(shotsDir, "search.png") });
    await result.click();
    await page.waitForURL(/evm--tag-state\.html#method-eth_getProof$/);
    const inView = await page.evaluate(() => {
      const box = document.getElementById("method-eth_getProof")?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
    });
    expect(inView).toBe(true);
    await page.close();
    expect(session.problems).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      outsideRequests: [],
    });
  });
});

test("links between pages point at files and anchors that exist", () => {
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    let found = ids.get(file);
    if (!found) {
      found = new Set(
        [...readFileSync(join(siteDir, file), "utf8").matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? ""),
      );
      ids.set(file, found);
    }
    return found;
  };
  const broken: string[] = [];
  let checked = 0;
  for (const file of pages) {
    const text = readFileSync(join(siteDir, file), "utf8");
    for (const [, attribute, raw = ""] of text.matchAll(/\s(href|src)="([^"]*)"/g)) {
      const target = raw.replace(/&amp;/g, "&");
      if (target.startsWith("#") || target.startsWith("data:")) continue;
      if (/^[a-z]+:/i.test(target)) {
        // Only plain navigation links may point off the site; nothing may be loaded from elsewhere.
        if (attribute === "src" || !/^(https?|mailto):/i.test(target))
          broken.push(`${file}: ${attribute}=${target}`);
        continue;
      }
      const [path = "", fragment] = target.split("#");
      checked += 1;
      if (!existsSync(join(siteDir, path))) broken.push(`${file}: ${target} (no such file)`);
      else if (fragment && !idsOf(path).has(decodeURIComponent(fragment)))
        broken.push(`${file}: ${target} (no such anchor)`);
    }
  }
  expect(broken).toEqual([]);
  expect(checked).toBeGreaterThan(pages.length * 10);
});

test("two builds write identical files", () => {
  const other = mkdtempSync(join(tmpdir(), "chainkit-site-"));
  try {
    const { files } = buildSite({ root, outDir: other });
    for (const file of files) {
      expect(readFileSync(join(other, file)).equals(readFileSync(join(siteDir, file))), file).toBe(true);
    }
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
});
