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

/** What a reader types, and the page and anchor the first result must open. */
const HELPERS = [
  { query: "erc20()", href: "helpers-evm.html#helper-erc20" },
  { query: "evm.logs", href: "helpers-evm.html#helper-evm.logs" },
  { query: "wallet.watchPayments", href: "helpers-wallet.html#helper-wallet.watchPayments" },
  { query: "wallet.estimateFee", href: "helpers-wallet.html#helper-wallet.estimateFee" },
  { query: "wallet.stake.freeze", href: "helpers-wallet.html#helper-wallet.stake.freeze" },
  { query: "createExchangeFeed", href: "helpers-exchange.html#helper-createExchangeFeed" },
  { query: "platform.waitForNode", href: "helpers-platform.html#helper-platform.waitForNode" },
  { query: "chainkit generate", href: "docs-cli.html#chainkit-generate" },
] as const;

describe("the search box", () => {
  test.each(HELPERS)("finds $query and opens it", async ({ query, href }) => {
    const page = await session.newPage();
    await page.goto(`${base}index.html`, { waitUntil: "load" });
    await page.fill("#search", query);
    const first = page.locator("#search-results a").first();
    expect(await first.getAttribute("href")).toBe(href);
    await first.click();
    await page.waitForURL(`${base}${href}`);
    const id = href.split("#")[1] ?? "";
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

describe("the Copy a call tabs", () => {
  test("show one panel at a time and follow clicks and arrow keys", async () => {
    const page = await session.newPage();
    await page.goto(`${base}wallet--tag-Accounts.html#op-getAccount`, { waitUntil: "load" });
    const block = page.locator("#call-op-getAccount");
    const visible = async () =>
      (await block
        .locator("[role=tabpanel]")
        .evaluateAll((panels) =>
          panels.filter((panel) => !(panel as HTMLElement).hidden).map((panel) => panel.id),
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
