/**
 * Reading the portal comfortably (issue 45), in headless Chromium over file://: dark mode follows
 * prefers-color-scheme and the switch overrides it (remembered, applied before the first paint);
 * a deep link to a field scrolls it into view under the header and marks it; the sidebar shows where
 * the reader is; print shows the content alone with folds open; and axe-core finds no serious or
 * critical problem on any page, light or dark.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildSite } from "../../scripts/docs/build-site.js";
import { axeProblems } from "./axe.js";
import { openSession, type Session } from "./browser.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const siteDir = mkdtempSync(join(tmpdir(), "chainkit-reading-"));
const base = `${pathToFileURL(siteDir).href}/`;
let pages: string[] = [];
let session: Session;

const LIGHT_BG = "rgb(255, 255, 255)";
const DARK_BG = "rgb(15, 20, 32)";

beforeAll(async () => {
  buildSite({ root, outDir: siteDir });
  pages = readdirSync(siteDir)
    .filter((file) => file.endsWith(".html"))
    .sort();
  session = await openSession(base);
});

afterAll(async () => {
  await session?.close();
  rmSync(siteDir, { recursive: true, force: true });
});

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe("dark mode", () => {
  test("follows prefers-color-scheme, and the switch overrides it and is remembered", async () => {
    const page = await session.newPage();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${base}platform.html`, { waitUntil: "load" });
    expect(await background(page)).toBe(DARK_BG);
    await page.emulateMedia({ colorScheme: "light" });
    expect(await background(page)).toBe(LIGHT_BG);

    await page.selectOption("#theme-choice", "dark");
    expect(await background(page)).toBe(DARK_BG);
    await page.goto(`${base}evm.html`, { waitUntil: "load" });
    expect(await background(page)).toBe(DARK_BG);
    expect(await page.inputValue("#theme-choice")).toBe("dark");

    await page.emulateMedia({ colorScheme: "dark" });
    await page.selectOption("#theme-choice", "light");
    expect(await background(page)).toBe(LIGHT_BG);

    await page.selectOption("#theme-choice", "system");
    expect(await background(page)).toBe(DARK_BG);
    await page.reload({ waitUntil: "load" });
    expect(await page.inputValue("#theme-choice")).toBe("system");
    expect(await background(page)).toBe(DARK_BG);
    await page.close();
  });

  test("a stored choice is on <html> before <body> exists, so the first paint has it", async () => {
    const page = await session.newPage();
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${base}index.html`, { waitUntil: "load" });
    await page.selectOption("#theme-choice", "dark");
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { themeAtBody: string }).themeAtBody =
          document.documentElement.dataset.theme ?? "";
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${base}guide-evm.html`, { waitUntil: "load" });
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toBe(
      "dark",
    );
    await page.selectOption("#theme-choice", "system");
    await page.close();
  });
});

describe("deep links", () => {
  test("a link to a field scrolls it under the header, marks it, and each field offers its link", async () => {
    const page = await session.newPage();
    await page.goto(`${base}platform--tag-Projects.html#op-createProject.body.description`, {
      waitUntil: "load",
    });
    const row = page.locator('[id="op-createProject.body.description"]');
    const box = await row.boundingBox();
    const header = await page.locator("header.top").boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual((header?.height ?? 0) - 1);
    expect(box?.y).toBeLessThan(300);
    const tint = await row
      .locator("td")
      .first()
      .evaluate((cell) => getComputedStyle(cell).backgroundColor);
    expect(tint).not.toBe("rgba(0, 0, 0, 0)");

    const link = row.locator(".self-link").first();
    expect(await link.getAttribute("href")).toBe("#op-createProject.body.description");
    expect(await link.evaluate((element) => getComputedStyle(element).opacity)).toBe("0");
    await link.focus();
    expect(await link.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");

    // A link followed inside the page, to a schema's field, which goes on to the page of schemas.
    await page.evaluate(() => {
      location.hash = "#schema-NodeConfiguration.archive";
    });
    const field = page.locator('[id="schema-NodeConfiguration.archive"]');
    await expect.poll(async () => (await field.boundingBox())?.y ?? -1).toBeLessThan(300);
    expect((await field.boundingBox())?.y).toBeGreaterThanOrEqual((header?.height ?? 0) - 1);
    await page.close();
  });

  test("a link into a folded example opens the fold", async () => {
    const page = await session.newPage();
    await page.goto(`${base}evm--tag-state.html`, { waitUntil: "load" });
    const id = await page.evaluate(() => {
      const fold = document.querySelector("details.fold:not([open])");
      if (!fold) return "";
      fold.id = "folded-for-test";
      return fold.querySelector("pre") ? "folded-for-test" : "";
    });
    expect(id).not.toBe("");
    await page.evaluate(() => {
      const pre = document.querySelector("#folded-for-test pre") as HTMLElement;
      pre.id = "inside-fold";
      location.hash = "#inside-fold";
    });
    await expect
      .poll(() =>
        page.evaluate(() => (document.getElementById("folded-for-test") as HTMLDetailsElement).open),
      )
      .toBe(true);
    await page.close();
  });
});

describe("touch targets", () => {
  test("the # link of each field is a target a finger can hit, as a touch screen shows them", async () => {
    const page = await session.newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`${base}exchange--tag-Orders.html`, { waitUntil: "load" });
    // A screen without hover shows every # link (deep-links.css); show them here too.
    await page.addStyleTag({ content: ".self-link { opacity: 1 !important; }" });
    const sizes = await page
      .locator(".field-name > .self-link")
      .evaluateAll((links) =>
        links.map((link) => link.getBoundingClientRect()).map(({ width, height }) => ({ width, height })),
      );
    expect(sizes.length).toBeGreaterThan(20);
    // WCAG 2.5.8: 24 × 24 CSS px, whatever the spacing around it.
    expect(sizes.filter(({ width, height }) => width < 24 || height < 24)).toEqual([]);
    await page.close();
  });

  // Lighthouse's mobile run flagged schema links as "partially obscured": the boxes the browser skips
  // off screen were shorter than their content, which then lay over the next box's links.
  test("axe's target-size finds nothing on the largest pages at a phone's width", async () => {
    const largest = pages
      .map((file) => ({ file, bytes: statSync(join(siteDir, file)).size }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 12)
      .map(({ file }) => file);
    const page = await session.newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    const problems: Record<string, unknown> = {};
    for (const file of largest) {
      await page.goto(`${base}${file}`, { waitUntil: "load" });
      const found = await axeProblems(page, ["target-size"]);
      if (found.length > 0) problems[file] = found;
    }
    await page.close();
    expect(largest).toContain("exchange--schemas-3.html");
    expect(problems).toEqual({});
  }, 300_000);
});

// The sidebar is placed in the page's first animation frame, which a loaded machine can run after
// the load event: the checks wait for a frame drawn after it.
function afterFirstFrame(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

describe("the sidebar", () => {
  test("keeps its scroll across page loads and shows the current entry", async () => {
    const page = await session.newPage();
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto(`${base}exchange.html`, { waitUntil: "load" });
    await page.locator("nav.sidebar").evaluate((nav) => {
      nav.scrollTop = 120;
    });
    await page.goto(`${base}exchange.html#section-servers`, { waitUntil: "load" });
    await page.reload({ waitUntil: "load" });
    await afterFirstFrame(page);
    const state = await page.evaluate(() => {
      const nav = document.querySelector("nav.sidebar") as HTMLElement;
      const current = nav.querySelector('a[aria-current="location"]') as HTMLElement | null;
      const box = nav.getBoundingClientRect();
      const place = current?.getBoundingClientRect();
      return {
        scrollTop: nav.scrollTop,
        current: current?.getAttribute("href"),
        visible: place !== undefined && place.top >= box.top && place.bottom <= box.bottom,
      };
    });
    expect(state.current).toBe("#section-servers");
    expect(state.visible).toBe(true);
    expect(state.scrollTop).toBeGreaterThan(0);

    // The last page of a long sidebar: its entry is brought into view on arrival.
    await page.goto(`${base}guide-viem.html`, { waitUntil: "load" });
    await afterFirstFrame(page);
    const visible = await page.evaluate(() => {
      const nav = document.querySelector("nav.sidebar") as HTMLElement;
      const box = nav.getBoundingClientRect();
      const place = (nav.querySelector('a[aria-current="page"]') as HTMLElement).getBoundingClientRect();
      return place.top >= box.top && place.bottom <= box.bottom;
    });
    expect(visible).toBe(true);
    await page.close();
  });
});

describe("print", () => {
  test("shows the content alone, light, with folds open and the addresses of links to other pages", async () => {
    const page = await session.newPage();
    await page.emulateMedia({ colorScheme: "dark", media: "print" });
    await page.goto(`${base}evm--tag-state.html`, { waitUntil: "load" });
    const state = await page.evaluate(() => {
      window.dispatchEvent(new Event("beforeprint"));
      return {
        sidebar: getComputedStyle(document.querySelector("nav.sidebar") as Element).display,
        header: getComputedStyle(document.querySelector("header.top") as Element).display,
        background: getComputedStyle(document.body).backgroundColor,
        closedFolds: document.querySelectorAll("details:not([open])").length,
      };
    });
    expect(state).toMatchObject({ sidebar: "none", header: "none", background: LIGHT_BG, closedFolds: 0 });
    // Links to other pages print their address; links within the page do not.
    const addressShown = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((link) => getComputedStyle(link, "::after").content);
    expect(await addressShown('main a[href^="#method-"]')).toBe("none");
    await page.goto(`${base}index.html`, { waitUntil: "load" });
    expect(await addressShown('main a[href="platform.html"]')).toMatch(/attr\(href\)|platform\.html/);
    await page.close();
  });
});

describe("axe-core", () => {
  test.each(["light", "dark"] as const)(
    "finds no serious or critical problem on any page in %s",
    async (scheme) => {
      const problems: Record<string, unknown> = {};
      const page = await session.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      for (const file of pages) {
        await page.goto(`${base}${file}`, { waitUntil: "load" });
        const found = await axeProblems(page);
        if (found.length > 0) problems[file] = found;
      }
      await page.close();
      expect(pages.length).toBeGreaterThanOrEqual(14);
      expect(problems).toEqual({});
    },
    600_000,
  );
});
