/**
 * `npm run audit:portal`: Lighthouse (performance, accessibility, best practices, SEO) on the
 * portal's landing page, its largest reference page and a guide, in Debian's Chromium, each page
 * served from 127.0.0.1 as a static host would serve it. Prints a Markdown table per form factor
 * (desktop, and mobile with Lighthouse's simulated slow 4G and 4× slower CPU).
 *
 * Run: npm run audit:portal [-- <site dir> [<page.html>…]]   (default: builds the portal into a
 * temporary folder, and audits the landing page, the largest reference page and the EVM guide)
 * Environment: CHROME_PATH (default /usr/bin/chromium).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium } from "playwright-core";
import { serveSiteFolder } from "./audit-server.js";
import { buildSite } from "./build-site.js";
import { guidePage } from "./surfaces.js";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const given = process.argv[2];
const siteDir = given === undefined ? mkdtempSync(join(tmpdir(), "chainkit-audit-")) : resolve(given);
if (given === undefined) buildSite({ root, outDir: siteDir });

const html = readdirSync(siteDir).filter((file) => file.endsWith(".html"));
const largestReference = html
  .filter((file) => file !== "index.html" && !file.startsWith("guide-") && !file.startsWith("changelog-"))
  .sort((a, b) => statSync(join(siteDir, b)).size - statSync(join(siteDir, a)).size)[0];
const chosen = process.argv.slice(3);
const targets =
  chosen.length > 0 ? chosen : ["index.html", largestReference ?? "index.html", guidePage("evm")];

const server = await serveSiteFolder(siteDir);
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
const port = await freePort();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [`--remote-debugging-port=${port}`, "--no-sandbox", "--disable-gpu"],
});
try {
  for (const formFactor of ["desktop", "mobile"] as const) {
    console.log(`\n${formFactor}:\n`);
    console.log("| page | KB | performance | accessibility | best practices | SEO |");
    console.log("|---|---|---|---|---|---|");
    for (const file of targets) {
      const result = await lighthouse(
        `${base}${file}`,
        { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
        formFactor === "desktop" ? desktopConfig : undefined,
      );
      const categories = result?.lhr.categories ?? {};
      // A category without a score had an audit that failed to run: say so, never print it as 0.
      const scores = CATEGORIES.map((id) => {
        const score = categories[id]?.score;
        return typeof score === "number" ? String(Math.round(score * 100)) : "not scored";
      });
      const kb = Math.round(statSync(join(siteDir, file)).size / 1024);
      console.log(`| \`${file}\` | ${kb} | ${scores.join(" | ")} |`);
      // What keeps a score below 100, so the next fix is obvious.
      const audits = result?.lhr.audits ?? {};
      for (const id of CATEGORIES) {
        for (const ref of categories[id]?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
            console.error(`  ${file} ${id}: ${audit.id} ${audit.displayValue ?? ""} (${audit.title})`);
          }
          if (audit?.errorMessage)
            console.error(`  ${file} ${id}: ${audit.id} did not run: ${audit.errorMessage}`);
        }
      }
    }
  }
} finally {
  await browser.close();
  server.close();
  if (given === undefined) rmSync(siteDir, { recursive: true, force: true });
}

/** A port nothing listens on now, for Chromium's DevTools endpoint (which Lighthouse drives). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}
