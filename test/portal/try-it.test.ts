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
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildSite } from "../../scripts/docs/build-site.js";
import { browserReadHeaders, preflightAnswer } from "../../src/sandbox/browser-origins.js";
import { exitOf, root, startCli, waitForOutput } from "../cli/support/cli-process.js";
import { corpusSlowPatterns } from "../support/corpus-slow-patterns.js";
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
  answer: (request: IncomingMessage) => { type: string; text: string; headers?: Record<string, string> },
): Promise<Server> {
  const server = createServer((request, response) => {
    const preflight = preflightAnswer(request.method, request.headers, [origin]);
    if (preflight) return void response.writeHead(preflight.status, preflight.headers).end();
    const { type, text, headers } = answer(request);
    response
      .writeHead(200, { "content-type": type, ...headers, ...browserReadHeaders(request.headers, [origin]) })
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

  test("a node's credentials in an answer are masked, out of the page until revealed, and never logged", async () => {
    const page = await session.newPage();
    const logged: string[] = [];
    page.on("console", (message) => logged.push(message.text()));
    await page.goto(`${portal}platform--tag-Nodes.html`, { waitUntil: "load" });
    const apiKey = summaryValue(printed, "apiKey");
    const create = await openTryIt(page, "op-createNode");
    await create.getByLabel("Bearer token (API key)").fill(apiKey);
    const body = create.locator("textarea");
    // The spec's example names a network id of the real service; the sandbox also takes public names.
    await body.fill(
      (await body.inputValue()).replace(/"network":\s*"[^"]*"/, '"network": "ethereum-mainnet"'),
    );
    expect(await send(create)).toMatch(/^201 Created/);
    const id = /"id":\s*"(ND-[\d-]+)"/.exec(await create.locator(".try-answer").innerText())?.[1] ?? "";
    expect(id).not.toBe("");

    // The sandbox's node runs after a moment; then its answer carries the node's credentials.
    const get = await openTryIt(page, "op-getNode");
    await get.getByLabel("id").fill(id);
    let answer = "";
    for (let attempt = 0; attempt < 20 && !answer.includes('"running"'); attempt++) {
      await page.waitForTimeout(400);
      await send(get);
      answer = await get.locator(".try-answer").innerText();
    }
    const node = (await (
      await fetch(`${summaryValue(printed, "platform")}/v1/nodes/${id}/`, {
        headers: { authorization: `Bearer ${apiKey}` },
      })
    ).json()) as { details: Record<string, string> };
    const secrets = ["auth_key", "auth_password", "auth_username"].map((field) => node.details[field] ?? "");
    expect(secrets.every((secret) => secret.length > 0)).toBe(true);

    const inPage = async () => {
      const html = await page.content();
      return secrets.filter((secret) => html.includes(secret));
    };
    expect(answer).toContain('"auth_key":"***"');
    expect(await inPage()).toEqual([]);
    const reveals = get.locator(".try-answer .try-reveal");
    expect(await reveals.count()).toBe(3);

    // Reveal shows one value, deliberately, and leaves the others masked.
    await reveals.first().click();
    const revealed = await inPage();
    expect(revealed).toHaveLength(1);
    expect(await get.locator(".try-answer .try-reveal").count()).toBe(2);
    expect(await get.locator(".try-answer").innerText()).toContain(revealed[0]);

    const kept = await page.evaluate(() => ({
      local: localStorage.length,
      session: sessionStorage.length,
      cookie: document.cookie,
    }));
    expect(kept).toEqual({ local: 0, session: 0, cookie: "" });
    expect(logged.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
    await page.close();
  });

  test("credential headers and typed credentials echoed in an answer are masked", async () => {
    const password = "typed-pass-0123456789";
    const echo = await tinyServer(portal.replace(/\/$/, ""), (request) => {
      const basic = Buffer.from((request.headers.authorization ?? "").replace(/^Basic /, ""), "base64");
      return {
        type: "application/json",
        text: JSON.stringify({ jsonrpc: "2.0", id: 1, result: "0x3e7", seen: basic.toString() }),
        headers: {
          "access-control-expose-headers": "x-auth-token, x-request-id",
          "x-auth-token": "server-token-0123456789",
          "x-request-id": "req-42",
        },
      };
    });
    const page = await session.newPage();
    await page.goto(`${portal}evm--tag-node.html`, { waitUntil: "load" });
    const details = await openTryIt(page, "method-eth_chainId");
    await details.locator("select").first().selectOption("");
    await details.getByLabel("Base URL").fill(urlOf(echo));
    await details.getByLabel("Username").fill("reader");
    await details.getByLabel("Password").fill(password);
    expect(await send(details)).toContain("Matches the spec (result).");
    const html = await page.content();
    expect(html).not.toContain(password);
    expect(html).not.toContain("server-token-0123456789");
    const headers = await details.locator(".try-headers pre").evaluate((pre) => pre.textContent);
    expect(headers).toContain("x-request-id: req-42");
    expect(headers).toContain("x-auth-token: ***");
    expect(await details.locator(".try-answer").innerText()).toContain('"seen":"reader:***"');
    await page.close();
    await closeServer(echo);
  });

  test("a Try it opened before the page's scripts ran still builds its form", async () => {
    const page = await session.newPage();
    // A slow machine or network: the reader clicks "Try it" before site.js has run.
    await page.route("**/site.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${portal}platform--tag-Organization.html#op-getOrganization`, { waitUntil: "commit" });
    const summary = await page.evaluate(
      () =>
        new Promise<{ x: number; y: number; scripted: boolean }>((resolve) => {
          const look = () => {
            const summary = document.querySelector("#op-getOrganization details.try-it > summary");
            const box = summary?.getBoundingClientRect();
            if (box && box.width > 0 && (box.top < 0 || box.bottom > innerHeight)) {
              summary?.scrollIntoView({ block: "center" });
              requestAnimationFrame(look);
            } else if (box && box.width > 0) {
              resolve({
                x: box.x + 8,
                y: box.y + box.height / 2,
                scripted: document.readyState === "complete",
              });
            } else requestAnimationFrame(look);
          };
          look();
        }),
    );
    expect(summary.scripted).toBe(false);
    await page.mouse.click(summary.x, summary.y);
    await page.locator("#op-getOrganization .try-send").waitFor({ timeout: 30_000 });
    await page.close();
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

  test("JSON-RPC and signed-action forms say what a browser can send; a WebSocket-only method has no form", async () => {
    const page = await session.newPage();
    await page.goto(`${portal}evm--tag-subscriptions.html`, { waitUntil: "load" });
    const subscribe = await openTryIt(page, "method-eth_subscribe");
    expect(await subscribe.locator(".try-note").innerText()).toContain("only on a WebSocket connection");
    expect(await subscribe.locator(".try-send").count()).toBe(0);
    await page.goto(`${portal}evm--tag-node.html`, { waitUntil: "load" });
    const read = await openTryIt(page, "method-eth_chainId");
    expect(await read.locator(".try-body > .try-hint").first().innerText()).toMatch(
      /^From this page: any method the node answers over HTTP.*signs nothing/,
    );
    await page.goto(`${portal}exchange--tag-Market-data.html`, { waitUntil: "load" });
    const meta = await openTryIt(page, "op-meta");
    expect(await meta.locator(".try-body > .try-hint").first().innerText()).toMatch(
      /^From this page: the reads .* cannot be sent from a browser/,
    );
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

describe("a team's format: password fields", () => {
  test("are typed into a masked field and masked in the answer until revealed", async () => {
    const out = mkdtempSync(join(tmpdir(), "chainkit-try-it-password-"));
    folders.push(out);
    const spec = join(root, "test/fixtures/password-format/logins.openapi.yaml");
    const { url } = await servePortal(["docs", spec, "--out", out, "--serve"]);
    const typed = "typed-pin-0123456789";
    const answered = "answer-pin-0123456789";
    const server = await tinyServer(url.replace(/\/$/, ""), () => ({
      type: "application/json",
      text: JSON.stringify({ user: "ann", pin: answered, expires: 60 }),
    }));
    const page = await session.newPage();
    await page.goto(`${url}logins.html`, { waitUntil: "load" });
    const details = await openTryIt(page, "op-getLogin");
    await details.locator("select").first().selectOption("");
    await details.getByLabel("Base URL").fill(urlOf(server));
    const pin = details.getByLabel("pin");
    expect(await pin.getAttribute("type")).toBe("password");
    await pin.fill(typed);
    expect(await send(details)).toContain("Matches the spec (the spec's 200 answer).");
    const answer = details.locator(".try-answer");
    expect(await answer.innerText()).toContain('"pin":"***"');
    expect(await page.content()).not.toContain(answered);
    await answer.getByRole("button", { name: "Reveal this secret value" }).first().click();
    expect(await answer.innerText()).toContain(answered);
    await page.close();
    await closeServer(server);
  }, 180_000);
});

describe("a DigitalOcean-sized team portal", () => {
  test("the first operation's try-it on a reference page is usable within 2 s of navigation", async () => {
    const out = mkdtempSync(join(tmpdir(), "chainkit-try-it-large-"));
    folders.push(out);
    const { url } = await servePortal([
      "docs",
      join(corpus, "digitalocean.openapi.json"),
      "--out",
      out,
      "--serve",
      ...corpusSlowPatterns("digitalocean.openapi.json").flatMap((pattern) => [
        "--allow-slow-pattern",
        pattern,
      ]),
    ]);
    // The reader comes from the spec's index page, as a link there leads to the first operation.
    const page = await session.newPage();
    await page.goto(`${url}digitalocean.html`, { waitUntil: "load" });
    const first = (await page.locator("ul.operation-index a").first().getAttribute("href")) ?? "";
    const anchor = first.split("#")[1] ?? "";
    const usable = await firstTryItUsable(page, `${url}${first}`, anchor);
    console.log(
      `DigitalOcean ${first}: page shown (Try it laid out) at ${usable.shown} ms, form built at ${usable.built} ms, ` +
        `a field typed and Send enabled at ${usable.at} ms after navigation (${usable.elements} elements)`,
    );
    expect(usable.typed).toBe("1");
    expect(usable.sendEnabled).toBe(true);
    expect(usable.at).toBeLessThan(2000);
    await page.close();
  }, 300_000);
});

/**
 * Navigates to `url` and, as a reader would, opens the operation's "Try it" as soon as it is laid
 * out, then, as soon as the form has a field, types into it and looks at Send. Times are the page's
 * own clock from the start of navigation. It all runs in one script in the page, so the time is the
 * page's: neither Playwright's selector engine (injected into the page by locators; its evaluation
 * alone took about 450 ms in a Chromium trace on the loaded 2-core machine) nor the round trips of
 * the test's mouse and keyboard commands through a loaded machine are charged to it.
 */
async function firstTryItUsable(page: Page, url: string, anchor: string) {
  await page.goto(url, { waitUntil: "commit" });
  const state = await page.evaluate(
    (anchor) =>
      new Promise<{ shown: number; built: number; at: number; typed: string; sendEnabled: boolean }>(
        (resolve) => {
          let shown: number | undefined;
          const step = () => {
            const section = document.getElementById(anchor);
            if (shown === undefined) {
              const summary = section?.querySelector<HTMLElement>("details.try-it > summary");
              if (!summary || summary.getBoundingClientRect().width === 0) return requestAnimationFrame(step);
              shown = performance.now();
              summary.scrollIntoView({ block: "center" });
              summary.click();
            }
            const field = section?.querySelector<HTMLInputElement>(".try-params input, .try-body textarea");
            const send = section?.querySelector<HTMLButtonElement>(".try-send");
            if (!field || !send || field.getBoundingClientRect().width === 0)
              return requestAnimationFrame(step);
            const built = performance.now();
            field.focus();
            field.select();
            // Typing as the keyboard does: an input event with the text inserted.
            document.execCommand("insertText", false, "1");
            resolve({ shown, built, at: performance.now(), typed: field.value, sendEnabled: !send.disabled });
          };
          step();
        },
      ),
    anchor,
  );
  const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
  const [at, shown, built] = [state.at, state.shown, state.built].map(Math.round);
  return { ...state, at, shown, built, elements };
}
