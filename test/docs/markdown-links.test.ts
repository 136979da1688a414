/**
 * Nothing a reader needs is a dead end: every relative link of the README, ARCHITECTURE.md, the
 * READMEs of the generator and the bench, and the docs/ pages names a file of the repository, and
 * its `#anchor`, when it has one, a heading of that file (GitHub's anchor for it).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

const DOCUMENTS = [
  "README.md",
  "ARCHITECTURE.md",
  "scripts/generate/README.md",
  "bench/README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** The text outside code blocks and inline code, where a `[text](target)` is a link. */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, "");
}

/** The link targets of a Markdown text: inline links and reference definitions. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1] as string,
  );
  const defined = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map(
    (match) => match[1] as string,
  );
  return [...inline, ...defined];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown file's headings. */
function anchorsOf(file: string): Set<string> {
  const headings = withoutFences(readFileSync(file, "utf8")).match(/^#{1,6}\s+.+$/gm) ?? [];
  return new Set(headings.map((line) => headingAnchor(line.replace(/^#+\s+/, "").replace(/`/g, ""))));
}

/** What is wrong with one link of `document`, or `undefined` when it lands. */
function deadEnd(document: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto: …: not a file here
  const [path = "", anchor] = target.split("#");
  const file = path === "" ? join(root, document) : join(root, dirname(document), decodeURI(path));
  if (!existsSync(file)) return `${target}: no file ${relative(root, file)}`;
  if (anchor === undefined || anchor === "" || statSync(file).isDirectory() || !file.endsWith(".md"))
    return undefined;
  return anchorsOf(file).has(decodeURIComponent(anchor))
    ? undefined
    : `${target}: ${relative(root, file)} has no heading #${anchor}`;
}

describe("the Markdown pages' links", () => {
  it.each(DOCUMENTS)("%s links only to files and headings that exist", (document) => {
    const targets = linkTargets(readFileSync(join(root, document), "utf8"));
    const dead = targets
      .map((target) => deadEnd(document, target))
      .filter((problem) => problem !== undefined);
    expect(dead).toEqual([]);
  });

  it("reach every docs/ page from the README, directly or through other pages", () => {
    const reached = new Set<string>();
    const queue = ["README.md"];
    for (let document = queue.shift(); document !== undefined; document = queue.shift()) {
      if (reached.has(document) || !existsSync(join(root, document))) continue;
      reached.add(document);
      for (const target of linkTargets(readFileSync(join(root, document), "utf8"))) {
        const path = target.split("#")[0] ?? "";
        if (path.endsWith(".md") && !/^[a-z][a-z0-9+.-]*:/i.test(path))
          queue.push(relative(root, join(root, dirname(document), decodeURI(path))));
      }
    }
    expect(DOCUMENTS.filter((document) => document.startsWith("docs/") && !reached.has(document))).toEqual(
      [],
    );
  });

  it("reads the links of a page, in prose only", () => {
    const page =
      "See [a](docs/a.md#b-c), [x][y] and `[not](a link)`.\n\n[y]: ../z.md\n\n```md\n[nor](this)\n```\n";
    expect(linkTargets(page)).toEqual(["docs/a.md#b-c", "../z.md"]);
    expect(headingAnchor("OpenAPI 3.2: streams, QUERY and other methods")).toBe(
      "openapi-32-streams-query-and-other-methods",
    );
  });
});
