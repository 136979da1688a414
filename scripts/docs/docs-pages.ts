/**
 * The pages of `docs/` (guides, the CLI reference, the sandbox, what "verified" means, …) as portal
 * pages: one per Markdown file, a section per `##` heading with GitHub's anchor for it (so
 * `cli.md#chainkit-generate` still lands), tables, and links between the pages pointing at their
 * portal pages. Each page and each of its sections is in the search.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { html, type SafeHtml } from "./html.js";
import type { BuiltPage, NavLink } from "./layout.js";
import { renderInline, renderMarkdown } from "./markdown.js";
import type { SearchEntry } from "./search-index.js";

/** One `docs/*.md` file's page. */
export interface DocsPage {
  built: BuiltPage;
  /** The page's title, its first `#` heading. */
  title: string;
}

/**
 * File name of a docs page.
 *
 * @param name - The Markdown file's name without `.md`, e.g. `cli`.
 * @example docsPage("cli") // "docs-cli.html"
 */
export function docsPage(name: string): string {
  return `docs-${name}.html`;
}

/**
 * Builds a page per `docs/*.md`, in file name order.
 *
 * @param root - Repository root.
 * @returns The pages.
 * @example docsPages(process.cwd()).map((page) => page.title)
 */
export function docsPages(root: string): DocsPage[] {
  const folder = join(root, "docs");
  return readdirSync(folder)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => docsPageOf(name.slice(0, -".md".length), readFileSync(join(folder, name), "utf8")));
}

function docsPageOf(name: string, markdown: string): DocsPage {
  const file = docsPage(name);
  const text = portalLinks(markdown.replace(/<!--[\s\S]*?-->/g, ""));
  const title = /^#\s+(.+)$/m.exec(text)?.[1]?.replace(/`/g, "") ?? name;
  const [intro = "", ...parts] = text.replace(/^#\s+.+$/m, "").split(/^(?=##\s)/m);
  const sections = parts.map((part) => {
    const heading = /^##\s+(.+)$/m.exec(part)?.[1] ?? "";
    return { heading, id: slug(heading), body: part.replace(/^##\s+.+$/m, "") };
  });
  const body = html`<header class="page-head"><h1>${renderInline(/^#\s+(.+)$/m.exec(text)?.[1] ?? name)}</h1></header>
<section class="intro">${markdownWithTables(intro)}</section>
${sections.map((section) => html`<section id="${section.id}"><h2>${renderInline(section.heading)}</h2>${markdownWithTables(section.body)}</section>`)}`;
  const toc: NavLink[] = sections.map((section) => ({
    href: `#${section.id}`,
    title: section.heading.replace(/`/g, ""),
  }));
  const search: SearchEntry[] = [
    { kind: "guide", name: title, detail: firstParagraph(intro), surface: "Docs", href: file },
    ...sections.map((section) => ({
      kind: "guide" as const,
      name: section.heading.replace(/`/g, ""),
      detail: title,
      surface: "Docs",
      href: `${file}#${section.id}`,
    })),
  ];
  return { title, built: { page: { file, title, toc, body }, search } };
}

/**
 * Points links between the docs at their portal pages (`cli.md#x` → `docs-cli.html#x`) and the
 * README at the landing page; a link to another file of the repository keeps its words only.
 */
function portalLinks(markdown: string): string {
  return markdown.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, target: string) => {
    if (/^https?:\/\//.test(target) || target.startsWith("#")) return whole;
    const page = /^(?:\.\/)?([\w-]+)\.md(#[\w-]*)?$/.exec(target);
    if (page) return `[${label}](${docsPage(page[1] ?? "")}${page[2] ?? ""})`;
    if (/^\.\.\/README\.md(#.*)?$/.test(target)) return `[${label}](index.html)`;
    return label;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as `-`. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
}

/** Markdown with GitHub tables (`| a | b |` rows under a `|---|` line) rendered as tables. */
function markdownWithTables(text: string): SafeHtml {
  const out: SafeHtml[] = [];
  const lines = text.split("\n");
  let prose: string[] = [];
  let fenced = false;
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at] ?? "";
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && isRow(line) && /^\s*\|?\s*:?-{3,}/.test(lines[at + 1] ?? "")) {
      out.push(renderMarkdown(prose.join("\n")));
      prose = [];
      const rows = [cells(line)];
      at += 2;
      while (at < lines.length && isRow(lines[at] ?? "")) rows.push(cells(lines[at++] ?? ""));
      at -= 1;
      const [head = [], ...rest] = rows;
      out.push(
        html`<table class="fields"><thead><tr>${head.map((cell) => html`<th>${renderInline(cell)}</th>`)}</tr></thead><tbody>${rest.map((row) => html`<tr>${row.map((cell) => html`<td>${renderInline(cell)}</td>`)}</tr>`)}</tbody></table>`,
      );
      continue;
    }
    prose.push(line);
  }
  out.push(renderMarkdown(prose.join("\n")));
  return html`${out}`;
}

function isRow(line: string): boolean {
  return /^\s*\|.*\|\s*$/.test(line);
}

/** A row's cells; `\|` inside a cell is a pipe, not a border. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

function firstParagraph(text: string): string {
  const paragraph = text.trim().split(/\n\s*\n/)[0] ?? "";
  return paragraph.replace(/\s+/g, " ").replace(/[`*]/g, "").slice(0, 160);
}
