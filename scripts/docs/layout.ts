/**
 * The page shell every page shares: header with the search box (its index loads on the first search,
 * see `search-index.ts`), sidebar navigation (all pages, then the current page's contents), and the
 * content.
 */
import { html, type SafeHtml } from "./html.js";
import type { SearchEntry } from "./search-index.js";
import { themeBootScript, themeSwitch } from "./theme-script.js";

/** A link in the sidebar. */
export interface NavLink {
  href: string;
  title: string;
  /** Nested links (a tag's operations). */
  children?: readonly NavLink[];
}

/** A group of pages in the sidebar. */
export interface NavGroup {
  title: string;
  pages: readonly { file: string; title: string }[];
}

/** One page to render. */
export interface PageInput {
  /** Output file name, e.g. `platform.html`. */
  file: string;
  /** Page title. */
  title: string;
  /** The page's own contents, shown under "On this page". */
  toc: readonly NavLink[];
  /** The main content. */
  body: SafeHtml;
  /** One or two sentences for search engines and link previews; default: the title and what the portal is. */
  description?: string;
}

/** A built page with the search entries it contributes. */
export interface BuiltPage {
  page: PageInput;
  search: SearchEntry[];
}

/** What every page shares. */
export interface SiteShell {
  groups: readonly NavGroup[];
}

/**
 * Renders a complete HTML document.
 *
 * @param page - The page.
 * @param shell - Navigation shared by all pages.
 * @returns The document text.
 * @example renderPage({ file: "index.html", title: "chainkit", toc: [], body: html`<h1>…</h1>` }, shell)
 */
export function renderPage(page: PageInput, shell: SiteShell): string {
  const groups = shell.groups.map(
    (group) =>
      html`<div class="nav-group"><p class="nav-title">${group.title}</p><ul>${group.pages.map((entry) =>
        entry.file === page.file
          ? html`<li><a href="${entry.file}" aria-current="page">${entry.title}</a></li>`
          : html`<li><a href="${entry.file}">${entry.title}</a></li>`,
      )}</ul></div>`,
  );
  const toc =
    page.toc.length > 0
      ? html`<div class="nav-group toc"><p class="nav-title">On this page</p>${tocList(page.toc)}</div>`
      : "";
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} · chainkit docs</title>
<meta name="description" content="${page.description ?? `${page.title}: chainkit docs, the reference, guides and search of each API, generated from its spec.`}">
${themeBootScript()}
<link rel="icon" href="data:,">
<link rel="stylesheet" href="style.css">
<script src="site.js" defer></script>
<script src="copy-call.js" defer></script>
</head>
<body>
<header class="top">
<a class="brand" href="index.html">chainkit <span>docs</span></a>
<div class="search" role="search">
<label class="visually-hidden" for="search">Search</label>
<input id="search" type="search" placeholder="Search operations, methods, schemas…" autocomplete="off" spellcheck="false">
<ul id="search-results" class="search-results" hidden></ul>
</div>
${themeSwitch()}
</header>
<div class="layout">
<nav class="sidebar" aria-label="Site">${groups}${toc}</nav>
<main id="content">
${page.body}
</main>
</div>
</body>
</html>
`.value;
}

function tocList(links: readonly NavLink[]): SafeHtml {
  return html`<ul>${links.map(
    (link) =>
      html`<li><a href="${link.href}">${link.title}</a>${link.children && link.children.length > 0 && tocList(link.children)}</li>`,
  )}</ul>`;
}
