import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's chromium (CI installs it with apt-get). */
const CHROMIUM = "/usr/bin/chromium";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Everything that went wrong while pages loaded. */
export interface Problems {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  /** Requests to anything but the site itself (another host, the network). */
  outsideRequests: string[];
}

/** A browser context that records problems and blocks every request outside the site. */
export interface Session {
  context: BrowserContext;
  problems: Problems;
  /** Every request URL the pages made. */
  requests: string[];
  /** Opens a page with the problem listeners attached. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Launches headless Chromium with a fresh profile; requests not under `allowedPrefix` are aborted and
 * recorded, so nothing can leave the machine.
 *
 * @param allowedPrefix - URL prefix of the site (`file:///…/site/` or `http://127.0.0.1:port/`).
 * @returns The session.
 * @example const session = await openSession("http://127.0.0.1:8080/");
 */
export async function openSession(allowedPrefix: string): Promise<Session> {
  const profile = mkdtempSync(join(tmpdir(), "chainkit-portal-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: FLAGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
  });
  const problems: Problems = { consoleErrors: [], pageErrors: [], failedRequests: [], outsideRequests: [] };
  const requests: string[] = [];
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    if (url.startsWith(allowedPrefix) || url.startsWith("data:")) {
      await route.continue();
    } else {
      problems.outsideRequests.push(url);
      await route.abort("blockedbyclient");
    }
  });
  const newPage = async () => {
    const page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") problems.consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.pageErrors.push(`${page.url()}: ${error.message}`));
    page.on("request", (request) => requests.push(request.url()));
    page.on("requestfailed", (request) => {
      if (!problems.outsideRequests.includes(request.url())) {
        problems.failedRequests.push(`${request.url()}: ${request.failure()?.errorText ?? "failed"}`);
      }
    });
    page.on("response", (response) => {
      if (response.status() >= 400)
        problems.failedRequests.push(`${response.url()}: HTTP ${response.status()}`);
    });
    return page;
  };
  return {
    context,
    problems,
    requests,
    newPage,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
