/**
 * What a portal page does while it loads, in headless Chromium (issue 45, Lighthouse's mobile total
 * blocking time): counted, never timed. A reference page fetches no try-it script, styles or
 * description at load, even once idle, until the reader reaches for a form; and the "Copy a call"
 * blocks show one panel each with no script run for them at load.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildSite } from "../../scripts/docs/build-site.js";
import { type StaticServer, serveFolder } from "../../src/cli/serve-folder.js";
import { openSession, type Session } from "./browser.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "chainkit-load-work-"));
let server: StaticServer;
let session: Session;

beforeAll(async () => {
  buildSite({ root, outDir: out });
  server = await serveFolder(out);
  session = await openSession(server.url);
});

afterAll(async () => {
  await session?.close();
  await server?.close();
  rmSync(out, { recursive: true, force: true });
});

/** Resolves once the page has been idle (an idle callback ran), then one more second has passed. */
function settled(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestIdleCallback(() => setTimeout(done, 1000), { timeout: 5000 })),
  );
}

/** The try-it files a page asked for: its script, styles, the form descriptions, the targets. */
function tryItRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/try-it[./-]/.test(path)) asked.push(path);
  });
  return asked;
}

describe("loading a reference page", () => {
  test("fetches nothing of try-it until the reader reaches for a form, then its script and the surface's description", async () => {
    const page = await session.newPage();
    const asked = tryItRequests(page);
    await page.goto(`${server.url}wallet--tag-Accounts.html`, { waitUntil: "load" });
    await settled(page);
    expect(asked).toEqual([]);
    expect(await page.evaluate(() => "chainkitTryIt" in window)).toBe(false);

    // Pointing at a "Try it" (a mouse over it, or a finger on it) is the reach.
    await page.locator("#op-getAccount details.try-it > summary").hover();
    await expect
      .poll(() => [...asked].sort())
      .toEqual(["/try-it-targets.json", "/try-it.css", "/try-it.js", "/try-it/wallet.json"].sort());
    await page.locator("#op-getAccount details.try-it > summary").click();
    await page.locator("#op-getAccount .try-send").waitFor({ state: "visible" });
    await page.close();
    expect(session.problems.pageErrors).toEqual([]);
    expect(session.problems.failedRequests).toEqual([]);
  });

  test("shows one panel of each Copy a call block before any script of the page wires them", async () => {
    const page = await session.newPage();
    // The tabs' own script never arrives: what shows is the page's markup and styles alone.
    await page.route("**/copy-call.js", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
    );
    await page.goto(`${server.url}platform--tag-Nodes.html`, { waitUntil: "load" });
    const blocks = await page.locator(".copy-call").evaluateAll((blocks) =>
      blocks.map((block) => {
        const panels = [...block.querySelectorAll("[role=tabpanel]")];
        return {
          first: panels.slice(0, 1).map((panel) => panel.id),
          shown: panels.filter((panel) => panel.checkVisibility()).map((panel) => panel.id),
        };
      }),
    );
    expect(blocks.length).toBeGreaterThan(3);
    expect(blocks.filter((block) => block.shown.join() !== block.first.join())).toEqual([]);
    await page.close();
  });
});
