/**
 * Issue 45 "Try it" and issue 49 "the portal's try-it works against the mock", in headless Chromium:
 * `chainkit docs --serve --sandbox` (a child process) serves chainkit's portal and a sandbox that only
 * its pages may read; each surface's read answers and passes the generated validators; a wrong answer
 * (from a tiny server) and a wrong param show their pointers; credentials stay out of storage and
 * URLs; another page cannot read the sandbox; a team portal's try-it works against `chainkit mock`;
 * and the time until a DigitalOcean-sized page's first try-it is usable is printed.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildSite } from "../../scripts/docs/build-site.js";
import { browserReadHeaders, preflightAnswer } from "../../src/sandbox/browser-origins.js";
import { exitOf, root, startCli, waitForOutput } from "../cli/support/cli-process.js";
import { openSession, type Session } from "./browser.js";

const PORTAL_LINE = /docs portal at (http:\/\/127\.0\.0\.1:\d+\/)/;
const corpus = join(root, "test/fixtures/spec-corpus");

const children: ChildProcess[] = [];
const folders: string[] = [];
let session: Session;

/** Starts `chainkit <args>` and waits for the portal's URL; returns it with everything printed before. */
async function servePortal(args: readonly string[]): Promise<{ url: string; printed: string }> {
  const child = startCli(args);
  children.push(child);
  const printed = await waitForOutput(child, PORTAL_LINE);
  return { url: PORTAL_LINE.exec(printed)?.[1] ?? "", printed };
}

/** A value of the sandbox's summary, e.g. `apiKey`, `platform`. */
function summaryValue(printed: string, key: string): string {
  const value = new RegExp(`^\\s+${key}\\s+(\\S+)`, "m").exec(printed)?.[1];
  if (value === undefined) throw new Error(`no ${key} in:\n${printed}`);
  return value;
}

/** A tiny server on 127.0.0.1 that lets `origin`'s pages read its one answer. */
async function tinyServer(
  origin: string,
  answer: (path: string) => { type: string; text: string },
): Promise<Server> {
  const server = createServer((request, response) => {
    const preflight = preflightAnswer(request.method, request.headers, [origin]);
    if (preflight) return void response.writeHead(preflight.status, preflight.headers).end();
    const { type, text } = answer(request.url ?? "/");
    response
      .writeHead(200, { "content-type": type, ...browserReadHeaders(request.headers, [origin]) })
      .end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/** Closes a tiny server, dropping the browser's kept-alive connections. */
function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Opens an operation's "Try it" and waits for its form (or its note). */
async function openTryIt(page: Page, anchor: string): Promise<Locator> {
  const details = page.locator(`[id="${anchor}"] details.try-it`);
  await details.locator("summary").click();
  await details.locator(".try-send, .try-note").first().waitFor();
  return details;
}

/** Presses Send and waits for the outcome. */
async function send(details: Locator): Promise<string> {
  await details.locator(".try-send").click();
  const outcome = details.locator(".try-check, .try-output .try-status");
  await outcome.first().waitFor({ timeout: 60_000 });
  return (await details.locator(".try-output").innerText()).trim();
}

beforeAll(async () => {
  session = await openSession("http://127.0.0.1:");
}, 120_000);

afterAll(async () => {
  await session?.close();
  for (const child of children) {
    child.kill("SIGTERM");
    await exitOf(child);
  }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("chainkit's portal served with its sandbox", () => {
  let portal = "";
  let printed = "";

  beforeAll(async () => {
    buildSite({ root, outDir: join(root, "site") });
    ({ url: portal, printed } = await servePortal(["docs", "--serve", "--sandbox", "--seed", "1"]));
  }, 300_000);

  const READS = [
    { page: "platform--tag-Organization.html", anchor: "op-getOrganization", auth: "bearer" },
    { page: "exchange--tag-Market-data.html", anchor: "op-meta", auth: "none" },
    { page: "evm--tag-blocks.html", anchor: "method-eth_getBlockByNumber", auth: "basic" },
    { page: "wallet--tag-Blocks.html", anchor: "op-getNowBlock", auth: "basic" },
    { page: "indexer--tag-Blocks.html", anchor: "op-getMasterchainInfo", auth: "basic" },
  ] as const;

  test.each(READS)(
    "$page: $anchor answers from the sandbox and matches the spec",
    async ({ page: file, anchor, auth }) => {
      const page = await session.newPage();
      await page.goto(`${portal}${file}`, { waitUntil: "load" });
      const details = await openTryIt(page, anchor);
      await expect(details.locator("select").first().inputValue()).resolves.toBe(
        summaryValue(printed, file.replace(/(--.*)?\.html$/, "")),
      );
      const secrets: string[] = [];
      if (auth === "bearer") {
        secrets.push(summaryValue(printed, "apiKey"));
        await details.getByLabel("Bearer token (API key)").fill(secrets[0] ?? "");
      }
      if (auth === "basic") {
        secrets.push(summaryValue(printed, "password"));
        await details.getByLabel("Username").fill(summaryValue(printed, "username"));
        await details.getByLabel("Password").fill(secrets[0] ?? "");
        expect(await details.getByLabel("Password").getAttribute("type")).toBe("password");
      }
      const outcome = await send(details);
      console.log(`try-it ${file}#${anchor}: ${outcome.split("\n").slice(0, 2).join(" | ")}`);
      expect(outcome).toMatch(/^200 OK · \d+ ms/);
      expect(outcome).toContain("Matches the spec");

      // The credential stayed in the tab's memory: no storage, no cookie, no URL.
      const kept = await page.evaluate(() => ({
        local: localStorage.length,
        session: sessionStorage.length,
        cookie: document.cookie,
        resources: performance.getEntriesByType("resource").map((entry) => entry.name),
      }));
      expect(kept).toMatchObject({ local: 0, session: 0, cookie: "" });
      for (const secret of secrets) {
        const shown = [page.url(), ...kept.resources, ...session.requests].filter(
          (url) => url.includes(secret) || url.includes(encodeURIComponent(secret)),
        );
        expect(shown).toEqual([]);
      }
      await page.close();
    },
  );

  test("a wrong answer shows each mismatch by its pointer", async () => {
    const liar = await tinyServer(portal.replace(/\/$/, ""), () => ({
      type: "application/json",
      text: '{"jsonrpc":"2.0","id":1,"result":999}',
    }));
    const page = await session.newPage();
    await page.goto(`${portal}evm--tag-node.html`, { waitUntil: "load" });
    const details = await openTryIt(page, "method-eth_chainId");
    await details.locator("select").first().selectOption("");
    await details.getByLabel("Base URL").fill(urlOf(liar));
    const outcome = await send(details);
    expect(outcome).toContain("1 mismatch with the spec (result):");
    expect(await details.locator(".try-issues li").allInnerTexts()).toEqual(["/result must be a string"]);
    await page.close();
    await closeServer(liar);
  });

  test("a wrong param is not sent, and says which one and why", async () => {
    const page = await session.newPage();
    await page.goto(`${portal}indexer--tag-Jettons.html`, { waitUntil: "load" });
    const details = await openTryIt(page, "op-getJettonMasters");
    await details.getByLabel("limit").fill("5000");
    await details.locator(".try-send").click();
    await details.locator(".try-check").waitFor();
    expect(await details.locator(".try-check").innerText()).toMatch(
      /^Not sent: the spec refuses this request/,
    );
    expect(await details.locator(".try-issues li").allInnerTexts()).toEqual([
      "/query/limit must be at most 1000",
    ]);
    await page.close();
  });

  test("a signed exchange action says why it cannot be sent from the page, with no form", async () => {
    const page = await session.newPage();
    await page.goto(`${portal}exchange--tag-Orders.html`, { waitUntil: "load" });
    const details = await openTryIt(page, "op-order");
    expect(await details.locator(".try-note").innerText()).toContain("private key");
    expect(await details.locator(".try-send").count()).toBe(0);
    await page.close();
  });

  test("a page of another origin cannot read the sandbox, even from this machine", async () => {
    const other = await tinyServer("http://127.0.0.1:1", () => ({
      type: "text/html",
      text: "<!doctype html><title>other</title>",
    }));
    const page = await session.newPage();
    await page.goto(urlOf(other), { waitUntil: "load" });
    const platform = summaryValue(printed, "platform");
    const apiKey = summaryValue(printed, "apiKey");
    const outcomes = await page.evaluate(
      async ({ platform, apiKey }) => {
        const attempt = (init: RequestInit) =>
          fetch(`${platform}/v1/organization/`, init).then(
            (response) => `read ${response.status}`,
            (error: Error) => error.name,
          );
        return [await attempt({ headers: { authorization: `Bearer ${apiKey}` } }), await attempt({})];
      },
      { platform, apiKey },
    );
    expect(outcomes).toEqual(["TypeError", "TypeError"]);
    await page.close();
    await closeServer(other);
  });
});

describe("a team's portal served with chainkit mock", () => {
  test("an operation's try-it answers from the mock and matches the spec", async () => {
    const out = mkdtempSync(join(tmpdir(), "chainkit-try-it-team-"));
    folders.push(out);
    const { url } = await servePortal([
      "docs",
      join(corpus, "readme-petstore.3.1.yaml"),
      "--out",
      out,
      "--serve",
      "--mock",
    ]);
    const page = await session.newPage();
    // The index of a split reference sends the link on to the page that holds the operation.
    await page.goto(`${url}readmePetstore.html#op-getPetById`, { waitUntil: "load" });
    const details = await openTryIt(page, "op-getPetById");
    expect(await details.locator("select").first().locator("option").first().innerText()).toMatch(
      /^chainkit mock \(http:\/\/127\.0\.0\.1:\d+\)$/,
    );
    await details.getByLabel("petId").fill("7");
    const outcome = await send(details);
    expect(outcome).toMatch(/^200 OK · \d+ ms/);
    expect(outcome).toContain("Matches the spec (the spec's 200 answer).");
    await page.close();
  }, 180_000);
});

describe("a DigitalOcean-sized team portal", () => {
  test("the first operation's try-it on a reference page is usable soon after navigation (printed)", async () => {
    const out = mkdtempSync(join(tmpdir(), "chainkit-try-it-large-"));
    folders.push(out);
    const { url } = await servePortal([
      "docs",
      join(corpus, "digitalocean.openapi.json"),
      "--out",
      out,
      "--serve",
    ]);
    const page = await session.newPage();
    await page.goto(`${url}digitalocean.html`, { waitUntil: "load" });
    const first = await page.locator("ul.operation-index a").first().getAttribute("href");
    const [file, anchor] = (first ?? "").split("#");
    await page.goto(`${url}${file}`, { waitUntil: "load" });
    const loaded = await page.evaluate(() => performance.now());
    await openTryIt(page, anchor ?? "");
    const usable = await page.evaluate(() => performance.now());
    const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
    console.log(
      `DigitalOcean ${file}: page loaded at ${Math.round(loaded)} ms, first try-it (${anchor}) usable at ${Math.round(usable)} ms after navigation (${elements} elements)`,
    );
    expect(await page.locator(`[id="${anchor}"] .try-send`).count()).toBe(1);
    await page.close();
  }, 300_000);
});
