/**
 * `chainkit docs <spec…> --out <dir>`: a team's portal for a multi-file OpenAPI 3.0 spec and a
 * Swagger 2.0 spec, built by the CLI in a child process, has a reference page per spec, an index
 * listing every operation for the search, each operation's generated-client call, and its search
 * works in headless Chromium from file://.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isReferencePage } from "../../scripts/docs/surfaces.js";
import { openSession, type Session } from "./browser.js";
import { readSearchIndex } from "./search-index-file.js";

const root = join(import.meta.dirname, "../..");
const corpus = join(root, "test/fixtures/spec-corpus");
const out = mkdtempSync(join(tmpdir(), "chainkit-team-portal-"));
let printed = "";

beforeAll(async () => {
  const cli = join(root, "src/cli/main.ts");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      cli,
      "docs",
      join(corpus, "petstore-multi-file/openapi.yaml"),
      join(corpus, "readme-petstore.2.0.yaml"),
      join(root, "test/fixtures/openapi-3.2/ledger.openapi.yaml"),
      join(root, "test/fixtures/openapi-3.2/feed.openapi.yaml"),
      "--out",
      out,
    ],
    { cwd: root },
  );
  printed = stdout;
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** A spec's reference pages in the portal: its index, and the pages of it when split. */
function referencePages(id: string): string[] {
  return readdirSync(out).filter((file) => file.endsWith(".html") && isReferencePage(id, file));
}

describe("the team portal", () => {
  test("a page per spec, the specs as read, each spec's time printed", () => {
    const files = readFileSync(join(out, "index.html"), "utf8");
    expect(files).toContain('href="openapi.html"');
    expect(files).toContain('href="readmePetstore.html"');
    expect(JSON.parse(readFileSync(join(out, "specs/readmePetstore.openapi.json"), "utf8")).openapi).toBe(
      "3.1.0",
    );
    // A reference of more than PAGE_BYTES is split: the count printed is the pages written.
    for (const [spec, id] of [
      ["openapi\\.yaml", "openapi"],
      ["readme-petstore\\.2\\.0\\.yaml", "readmePetstore"],
    ] as const) {
      const count = Number(new RegExp(`${spec}: (\\d+) reference pages? in \\d+ ms`).exec(printed)?.[1]);
      expect(count, id).toBe(referencePages(id).length);
    }
  });

  test("the search index lists every operation of both specs, the 2.0 one's ids as the client names them", () => {
    const operations = readSearchIndex(out).filter((entry) => entry.kind === "operation");
    const names = operations.map((entry) => entry.href);
    // petstore 3.0 split into files, and petstore 2.0: the same 20 operations each.
    const of = (id: string) => names.filter((href) => isReferencePage(id, href.split("#")[0] ?? ""));
    expect(of("openapi")).toHaveLength(20);
    expect(of("readmePetstore")).toHaveLength(20);
    expect(of("readmePetstore").filter((href) => href.endsWith("#op-findPetsByStatus"))).toHaveLength(1);
  });

  test("each operation shows the generated client's call, curl and fetch", () => {
    const page = referencePages("readmePetstore")
      .map((file) => readFileSync(join(out, file), "utf8"))
      .join("\n");
    expect(page.match(/<h4>Copy a call<\/h4>/g)).toHaveLength(20);
    expect(page.match(/role="tab"[^>]*>chainkit</g)).toHaveLength(20);
    expect(page.match(/role="tab"[^>]*>curl</g)).toHaveLength(20);
    expect(page.match(/role="tab"[^>]*>fetch</g)).toHaveLength(20);
    expect(page).toMatch(/readmePetstore\.findPetsByStatus\(query: FindPetsByStatusQuery/);
  });
});

describe("an OpenAPI 3.2 spec's page", () => {
  test("nests tags under their parent, titled by their summary, and lists QUERY and additionalOperations", () => {
    const page = readFileSync(join(out, "ledger.html"), "utf8");
    const toc = page.slice(page.indexOf("On this page"));
    expect(toc).toMatch(
      />Chain data<\/a><ul><li><a href="#tag-blocks">Blocks<\/a>.*<li><a href="#tag-search">Search<\/a>/s,
    );
    expect(page).toContain('<span class="verb verb-query">QUERY</span>');
    expect(page).toContain('<span class="verb verb-link">LINK</span>');
  });

  test("shows the client's call of QUERY and additionalOperations operations", () => {
    // The call is highlighted: its text is read without the markup.
    const page = readFileSync(join(out, "ledger.html"), "utf8").replace(/<[^>]+>/g, "");
    expect(page).toContain("ledger.queryBlocks(body?: QueryBlocksBody, options?: CallOptions)");
    expect(page).toContain("ledger.linkBlocks(options?: CallOptions): Promise&lt;LinkBlocksResponse&gt;");
  });

  test("shows a stream's item schema, and the call that returns its items", () => {
    const page = readFileSync(join(out, "feed.html"), "utf8");
    const section = page.slice(page.indexOf('id="op-watchBlocks"'), page.indexOf('id="op-watchNotices"'));
    const watch = section.replace(/<[^>]+>/g, "");
    expect(watch).toContain("a stream of");
    expect(watch).toContain("Each item");
    expect(watch).toContain("Promise&lt;WatchBlocksResponse&gt;");
    expect(watch).toContain("for await (const item of await feed.watchBlocks()) console.log(item);");
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

  test("the search box finds a Swagger 2.0 operation and opens it", async () => {
    const page = await session.newPage();
    await page.goto(`${base}index.html`, { waitUntil: "load" });
    await page.locator("#search").fill("findPetsByStatus");
    const href = readSearchIndex(out).find(
      (entry) =>
        entry.name === "findPetsByStatus" &&
        isReferencePage("readmePetstore", entry.href.split("#")[0] ?? ""),
    )?.href;
    expect(href).toMatch(/^readmePetstore(--tag-pet)?\.html#op-findPetsByStatus$/);
    const result = page.locator(`#search-results a[href="${href}"]`);
    await result.waitFor({ state: "visible" });
    await result.click();
    await page.waitForURL((url) => url.href.endsWith("#op-findPetsByStatus"));
    await page.close();
    expect(session.problems).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      outsideRequests: [],
    });
  });
});
