/**
 * What readers see speaks of the service and its API, in words a reader knows: never "the interface"
 * (in the specs, the READMEs and docs/, the TSDoc of src/ and generated/, the guides and the built portal), and
 * no spec extension name (`x-…`) as a label, tooltip or sentence on a portal page.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildSite } from "../../scripts/docs/build-site.js";
import { displayExtension, EXTENSION_DISPLAYS } from "../../scripts/docs/extensions.js";
import { SEARCH_INDEX_FILE } from "../../scripts/docs/search-index.js";
import { readSearchIndex } from "../portal/search-index-file.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const THE_INTERFACE = /\bthe\s+interface\b/i;

let site: string;

beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), "chainkit-wording-"));
  buildSite({ root, outDir: site });
});

afterAll(() => {
  rmSync(site, { recursive: true, force: true });
});

/** Every file under a folder whose name ends with one of `endings`. */
function filesUnder(folder: string, endings: readonly string[]): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && endings.some((ending) => entry.name.endsWith(ending)))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `file:line: text` for each line that matches. */
function linesMatching(
  files: readonly (string | { file: string; text: string })[],
  pattern: RegExp,
  base: string,
): string[] {
  return files.flatMap((given) => {
    const { file, text } =
      typeof given === "string" ? { file: given, text: readFileSync(given, "utf8") } : given;
    return text
      .split("\n")
      .flatMap((line, index) =>
        pattern.test(line) ? [`${relative(base, file)}:${index + 1}: ${line.trim().slice(0, 160)}`] : [],
      );
  });
}

/** Every `x-` key in a parsed spec. */
function extensionKeys(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) extensionKeys(item, found);
  else if (typeof node === "object" && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-")) found.add(key);
      extensionKeys(value, found);
    }
  }
  return found;
}

const specFiles = () => filesUnder(join(root, "specs"), [".yaml", ".yml", ".json"]);

describe('"the interface" is not what readers read', () => {
  it("in the specs, the READMEs, docs/, the TSDoc of src/ and generated/, or the guides", () => {
    const files = [
      ...specFiles(),
      join(root, "README.md"),
      join(root, "bench/README.md"),
      ...filesUnder(join(root, "docs"), [".md"]),
      ...filesUnder(join(root, "src"), [".ts"]),
      ...filesUnder(join(root, "generated"), [".ts", ".json"]),
      ...filesUnder(join(root, "examples"), [".ts"]),
    ];
    expect(files.length).toBeGreaterThan(100);
    expect(linesMatching(files, THE_INTERFACE, root)).toEqual([]);
  });

  it("in the built portal", () => {
    const files = filesUnder(site, [".html", ".js", ".css", ".yaml", ".json"]);
    expect(files.some((file) => file.endsWith("index.html"))).toBe(true);
    expect(linesMatching(files, THE_INTERFACE, site)).toEqual([]);
  });

  it("and the check would see it", () => {
    expect(THE_INTERFACE.test("as the Interface describes")).toBe(true);
    expect(THE_INTERFACE.test("the interfaces detected in an address book")).toBe(false);
  });
});

describe("spec extensions on portal pages", () => {
  it("each one the specs use has a reader's view (a badge, a fact in words, or nothing)", () => {
    const used = new Set<string>();
    for (const file of specFiles()) extensionKeys(parse(readFileSync(file, "utf8")), used);
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((key) => !(key in EXTENSION_DISPLAYS)).sort()).toEqual([]);
  });

  it("shows none of their names, and says what the provider's reference lacks in words", () => {
    const names = Object.keys(EXTENSION_DISPLAYS).map((key) => key.replace(/[-]/g, "\\-"));
    const anyName = new RegExp(`\\b(${names.join("|")})\\b`);
    // The spec's own pages only: the helpers reference and the docs pages teach how to write a spec,
    // extensions included, so they name them on purpose (and so do their entries in the search index).
    const aboutTheToolkit = (href: string) => /^(docs|helpers)-/.test(basename(href));
    // try-it/ holds the generated validators bundled for the browser: code the reader never reads.
    const pages = filesUnder(site, [".html", ".js"]).filter(
      (file) => !aboutTheToolkit(file) && !relative(site, file).startsWith("try-it/"),
    );
    const withoutIndex = pages
      .filter((file) => relative(site, file) !== SEARCH_INDEX_FILE)
      .map((file) => ({ file, text: readFileSync(file, "utf8") }));
    expect(linesMatching(withoutIndex, anyName, site)).toEqual([]);
    const entries = readSearchIndex(site);
    expect(entries.length).toBeGreaterThan(100);
    const specEntries = entries.filter((entry) => !aboutTheToolkit(entry.href));
    expect(specEntries.filter((entry) => anyName.test(JSON.stringify(entry)))).toEqual([]);
    const evm = readFileSync(join(site, "evm--tag-state.html"), "utf8");
    expect(evm).toContain(
      'title="Not in the provider&#39;s published reference, but the service serves it."',
    );
  });

  it("renders each kind as a reader reads it", () => {
    expect(displayExtension("x-interface-name", { gcloud: "provider_a" })).toBeUndefined();
    expect(displayExtension("x-beyond-interface", true)).toEqual({
      badge: "beyond the published reference",
      title: "Not in the provider's published reference, but the service serves it.",
    });
    const paging = displayExtension("x-paging", { items: "transactions", key: ["hash"] });
    expect(paging && "value" in paging && String(paging.value)).toBe(
      "<code>transactions</code>, an item known by <code>hash</code>",
    );
  });
});
