/**
 * The helpers reference and the copied calls in headless Chromium: the portal's own search box finds
 * every helper the docs name (and the CLI's `chainkit generate`) and opens its entry; the "Copy a
 * call" tabs switch with the mouse and the arrow keys, one panel shown at a time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildSite } from "../../scripts/docs/build-site.js";
import { openSession, type Session } from "./browser.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "chainkit-helpers-portal-"));
const base = `${pathToFileURL(out).href}/`;
let session: Session;

beforeAll(async () => {
  buildSite({ root, outDir: out });
  session = await openSession(base);
});

afterAll(async () => {
  await session?.close();
  rmSync(out, { recursive: true, force: true });
});

/** What a reader types, and the entry and anchor the first result must open (on whichever of the entry's pages holds it). */
const HELPERS = [
  { query: "erc20()", href: /^helpers-evm--\d+\.html#helper-erc20$/ },
  { query: "evm.logs", href: /^helpers-evm--\d+\.html#helper-evm\.logs$/ },
  { query: "wallet.watchPayments", href: /^helpers-wallet--\d+\.html#helper-wallet\.watchPayments$/ },
  { query: "wallet.estimateFee", href: /^helpers-wallet--\d+\.html#helper-wallet\.estimateFee$/ },
  { query: "wallet.stake.freeze", href: /^helpers-wallet--\d+\.html#helper-wallet\.stake\.freeze$/ },
  { query: "createExchangeFeed", href: /^helpers-exchange--\d+\.html#helper-createExchangeFeed$/ },
  { query: "platform.waitForNode", href: /^helpers-platform\.html#helper-platform\.waitForNode$/ },
  { query: "chainkit generate", href: /^docs-cli\.html#chainkit-generate$/ },
] as const;

describe("the search box", () => {
  test.each(HELPERS)("finds $query and opens it", async ({ query, href }) => {
    const page = await session.newPage();
    await page.goto(`${base}index.html`, { waitUntil: "load" });
    await page.fill("#search", query);
    const first = page.locator("#search-results a").first();
    const found = (await first.getAttribute("href")) ?? "";
    expect(found).toMatch(href);
    await first.click();
    await page.waitForURL(`${base}${found}`);
    const id = found.split("#")[1] ?? "";
    expect(await page.locator(`[id="${id}"]`).isVisible()).toBe(true);
    await page.close();
  });

  test("lists every stake write under wallet.stake", async () => {
    const page = await session.newPage();
    await page.goto(`${base}index.html`, { waitUntil: "load" });
    await page.fill("#search", "wallet.stake");
    const names = await page.locator("#search-results .result-name").allTextContents();
    expect(names).toEqual(
      expect.arrayContaining([
        "wallet.stake.freeze()",
        "wallet.stake.unfreeze()",
        "wallet.stake.delegate()",
        "wallet.stake.undelegate()",
        "wallet.stake.withdraw()",
      ]),
    );
    await page.close();
  });
});

describe("a split helpers reference", () => {
  // A function, a type, an error's field and a field of a field: links written to the entry's one
  // page before it was split (`helpers-evm.html#helper-Hex`) go on to the part that holds them.
  test.each(["helper-erc20", "helper-Hex", "helper-proofError.nodeIndex", "helper-liveEventMap.logs.log"])(
    "sends an old link to %s on to its page",
    async (anchor) => {
      const page = await session.newPage();
      await page.goto(`${base}helpers-evm.html#${anchor}`, { waitUntil: "load" });
      await page.waitForURL(new RegExp(`/helpers-evm--\\d+\\.html#${anchor.replaceAll(".", "\\.")}$`));
      expect(await page.locator(`[id="${anchor}"]`).isVisible()).toBe(true);
      await page.close();
    },
  );

  test("keeps the entry's address as its index, which links each export to its part", async () => {
    const page = await session.newPage();
    await page.goto(`${base}helpers-evm.html`, { waitUntil: "load" });
    expect(await page.locator("#section-functions a[href$='#helper-erc20']").getAttribute("href")).toMatch(
      /^helpers-evm--\d+\.html#helper-erc20$/,
    );
    expect(
      await page
        .locator(".nav-group:not(.toc) a[href^='helpers-evm']")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
    ).toEqual(["helpers-evm.html"]);
    await page.close();
    expect(session.problems.pageErrors).toEqual([]);
  });
});

describe("the Copy a call tabs", () => {
  test("show one panel at a time and follow clicks and arrow keys", async () => {
    const page = await session.newPage();
    await page.goto(`${base}wallet--tag-Accounts.html#op-getAccount`, { waitUntil: "load" });
    const block = page.locator("#call-op-getAccount");
    const visible = async () =>
      (await block
        .locator("[role=tabpanel]")
        .evaluateAll((panels) =>
          panels.filter((panel) => panel.checkVisibility()).map((panel) => panel.id),
        )) as string[];
    expect(await visible()).toEqual(["call-op-getAccount-chainkit"]);
    await block.getByRole("tab", { name: "curl" }).click();
    expect(await visible()).toEqual(["call-op-getAccount-curl"]);
    await page.keyboard.press("ArrowRight");
    expect(await visible()).toEqual(["call-op-getAccount-fetch"]);
    expect(await block.getByRole("tab", { name: "fetch" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Home");
    expect(await visible()).toEqual(["call-op-getAccount-chainkit"]);
    expect(await block.locator("#call-op-getAccount-curl pre").textContent()).toContain(
      "curl -X POST 'https://nd-123-456-789.p2pify.com/YOUR_AUTH_TOKEN/wallet/getaccount'",
    );
    expect(await block.getByRole("button", { name: "Copy the chainkit call" }).count()).toBe(1);
    await page.close();
    expect(session.problems.pageErrors).toEqual([]);
    expect(session.problems.consoleErrors).toEqual([]);
  });
});
