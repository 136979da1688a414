/**
 * The helpers reference: a page per package entry with its hand-written exports (functions, clients'
 * helper methods, signers, errors and their fields, constants, types), each with its doc, signature,
 * parameters and examples, read from the TSDoc in `src/` (`helpers-reference-read.ts`). Every
 * export (types too: deep-links.js finds the page of a split entry that holds an anchor through the
 * search index) and every method is in the portal's search.
 */

import type { EntryDocs, HelperDoc } from "./helpers-reference-read.js";
import { highlightTypeScript } from "./highlight.js";
import { html, type SafeHtml } from "./html.js";
import type { BuiltPage, NavLink } from "./layout.js";
import { renderInline, renderMarkdown } from "./markdown.js";
import { PAGE_BYTES, packBySize, pointLinksAtPages } from "./reference-split.js";
import type { SearchEntry } from "./search-index.js";

/** Sections of an entry's page, in order, and the kinds each holds. */
const SECTIONS: { id: string; title: string; kinds: HelperDoc["kind"][] }[] = [
  { id: "functions", title: "Functions", kinds: ["function"] },
  { id: "interfaces", title: "Clients and interfaces", kinds: ["interface"] },
  { id: "classes", title: "Classes and errors", kinds: ["class"] },
  { id: "constants", title: "Constants", kinds: ["const"] },
  { id: "types", title: "Types", kinds: ["type"] },
];

/**
 * File name of an entry's helpers page.
 *
 * @param id - The entry's id, `evm` for `chainkit/evm`.
 * @example helpersPage("evm") // "helpers-evm.html"
 */
export function helpersPage(id: string): string {
  return `helpers-${id}.html`;
}

/** The anchor of a documented name: `wallet.stake.freeze()` → `helper-wallet.stake.freeze`. */
export function helperAnchor(name: string): string {
  return `helper-${name.replace(/\(\)$/, "").replace(/[^A-Za-z0-9_.-]+/g, "-")}`;
}

/** Room left on a page for its heading, introduction and section titles, so its content stays within PAGE_BYTES. */
const FRAME_BYTES = 2_000;

/** An entry's helpers laid out: its sections, each top-level item's HTML, and the file holding each anchor. */
interface EntryLayout {
  docs: EntryDocs;
  file: string;
  sections: ((typeof SECTIONS)[number] & { items: HelperDoc[] })[];
  views: Map<HelperDoc, SafeHtml>;
  /** The pages of a split entry (`helpers-evm--1.html`, …) and the items each holds; empty when one page is enough. */
  parts: { file: string; items: HelperDoc[] }[];
  /** The file holding each of the entry's anchors, members included. */
  where: Map<string, string>;
}

/**
 * Builds every entry's pages: one page per entry, or, when its content would pass
 * {@link PAGE_BYTES}, an index page (`helpers-evm.html`, keeping its address: every export listed
 * by section) and the exports in pages by size (`helpers-evm--1.html`, …), as the spec references
 * are split.
 *
 * @param entries - Every entry's exports (a shared one links to the page of its entry that holds it).
 * @returns Each entry's pages, its index first, in the order of `entries`.
 * @example helpersReferencePages(readEntryDocs(root))[0]?.[0]?.page.file // "helpers-platform.html"
 */
export function helpersReferencePages(entries: readonly EntryDocs[]): BuiltPage[][] {
  const layouts = entries.map(layoutOf);
  const homes = new Map(layouts.map((layout) => [layout.docs.id, layout]));
  const sharedHref = (item: { name: string; home: string }) => {
    const anchor = helperAnchor(item.name);
    return `${homes.get(item.home)?.where.get(anchor) ?? helpersPage(item.home)}#${anchor}`;
  };
  return layouts.map((layout) => entryPages(layout, sharedHref));
}

function layoutOf(docs: EntryDocs): EntryLayout {
  const file = helpersPage(docs.id);
  const sections = SECTIONS.map((section) => ({
    ...section,
    items: docs.own.filter((item) => section.kinds.includes(item.kind)),
  })).filter((section) => section.items.length > 0);
  const views = new Map(
    sections.flatMap((section) => section.items.map((item) => [item, helperView(item, 3)] as const)),
  );
  const bytes = [...views.values()].reduce((sum, view) => sum + view.value.length, 0);
  const parts =
    bytes <= PAGE_BYTES - FRAME_BYTES
      ? []
      : packBySize(
          sections.flatMap((section) =>
            section.items.map((item) => ({ item, bytes: views.get(item)?.value.length ?? 0 })),
          ),
          PAGE_BYTES - FRAME_BYTES,
        ).map((items, at) => ({ file: file.replace(/\.html$/, `--${at + 1}.html`), items }));
  const where = new Map<string, string>();
  for (const part of parts) {
    for (const item of part.items) {
      for (const anchor of anchorsOf(item)) where.set(anchor, part.file);
    }
  }
  return { docs, file, sections, views, parts, where };
}

function entryPages(
  layout: EntryLayout,
  sharedHref: (item: { name: string; home: string }) => string,
): BuiltPage[] {
  const { docs, file, sections, views, parts, where } = layout;
  const at = (anchor: string) => `${where.get(anchor) ?? file}#${anchor}`;
  const head = html`<header class="page-head">
<h1><code>${docs.entry}</code> helpers</h1>
<p class="meta"><span class="badge">import from <code>${docs.entry}</code></span></p>
</header>
<section class="intro" id="section-about">
<p>The hand-written part of <code>${docs.entry}</code>: what a spec cannot say (helpers, signers, errors and their fields, iterators), read from the TSDoc of <code>src/</code> when the portal is built. The operations of the specs are on the reference pages.</p>
</section>`;
  const shared =
    docs.shared.length > 0 &&
    html`<section id="section-shared">
<h2>Also exported here</h2>
<p>Documented with the entry they come from:</p>
<ul class="calls">${docs.shared.map((item) => html`<li><a href="${sharedHref(item)}"><code>${item.name}</code></a> <span class="muted">chainkit/${item.home}</span></li>`)}</ul>
</section>`;
  const search: SearchEntry[] = docs.own
    .flatMap((item) => [item, ...item.members.flatMap((member) => [member, ...member.members])])
    .filter((item) => item.kind !== "property" || item.members.length > 0)
    .map((item) => ({
      kind: "helper" as const,
      name: item.name,
      detail: firstLine(item.summary) || item.signature,
      surface: docs.entry,
      href: at(helperAnchor(item.name)),
    }));
  const title = `${docs.entry} helpers`;

  if (parts.length === 0) {
    const body = html`${head}
${sections.map(
  (section) => html`<section id="section-${section.id}">
<h2>${section.title}</h2>
${section.items.map((item) => views.get(item))}
</section>`,
)}
${shared}`;
    const toc: NavLink[] = sections.map((section) => ({
      href: `#section-${section.id}`,
      title: section.title,
      children: section.items.map((item) => ({ href: `#${helperAnchor(item.name)}`, title: item.name })),
    }));
    return [{ page: { file, title, toc, body }, search }];
  }

  const partTitle = (at: number) => `${title} (${at + 1} of ${parts.length})`;
  const index = html`${head}
${sections.map(
  (section) => html`<section id="section-${section.id}">
<h2>${section.title}</h2>
<ul class="operation-index">${section.items.map((item) => html`<li><a href="${at(helperAnchor(item.name))}"><code>${item.name}</code></a> <span class="muted">${item.kind}</span></li>`)}</ul>
</section>`,
)}
${shared}`;
  return [
    {
      page: {
        file,
        title,
        toc: [
          ...sections.map((section) => ({ href: `#section-${section.id}`, title: section.title })),
          ...parts.map((part, number) => ({ href: part.file, title: partTitle(number) })),
        ],
        body: pointLinksAtPages(index, file, where, file),
      },
      search,
    },
    ...parts.map((part, number) => {
      const held = new Set(part.items);
      const body = html`<h1>${partTitle(number)}</h1><p class="see">Part of the <a href="${file}"><code>${docs.entry}</code> helpers</a>.</p>
${sections
  .filter((section) => section.items.some((item) => held.has(item)))
  .map(
    (section) => html`<section id="section-${section.id}">
<h2>${section.title}</h2>
${section.items.filter((item) => held.has(item)).map((item) => views.get(item))}
</section>`,
  )}`;
      return {
        page: {
          file: part.file,
          title: partTitle(number),
          toc: [
            { href: file, title: `${docs.entry} helpers` },
            ...part.items.map((item) => ({ href: `#${helperAnchor(item.name)}`, title: item.name })),
          ],
          body: pointLinksAtPages(body, part.file, where, file),
        },
        search: [],
      };
    }),
  ];
}

/** The anchors an item's section holds: its own and its members'. */
function anchorsOf(item: HelperDoc): string[] {
  return [helperAnchor(item.name), ...item.members.flatMap(anchorsOf)];
}

function helperView(item: HelperDoc, level: 3 | 4): SafeHtml {
  const heading =
    level === 3 ? html`<h3><code>${item.name}</code></h3>` : html`<h4><code>${item.name}</code></h4>`;
  return html`<section class="helper" id="${helperAnchor(item.name)}">
${heading}
<p class="badges"><span class="badge">${item.kind}</span> <span class="muted">${item.source}</span></p>
<pre class="source"><code class="language-ts">${highlightTypeScript(item.signature)}</code></pre>
${renderMarkdown(item.summary)}
${item.params.length > 0 && html`<table class="fields params"><thead><tr><th>Parameter</th><th>Description</th></tr></thead><tbody>${item.params.map((param) => html`<tr><td class="field-name"><code>${param.name}</code></td><td class="field-doc">${renderInline(param.text)}</td></tr>`)}</tbody></table>`}
${item.returns && html`<p><span class="fact">Returns</span> ${renderInline(item.returns)}</p>`}
${item.throws.map((text) => html`<p><span class="fact">Throws</span> ${renderInline(text)}</p>`)}
${item.examples.map((example) => html`<p class="example-title">Example</p><pre class="source"><code class="language-ts">${highlightTypeScript(example)}</code></pre>`)}
${item.members.length > 0 && html`<div class="members">${item.members.map((member) => helperView(member, 4))}</div>`}
</section>`;
}

function firstLine(text: string): string {
  const sentence = /^[\s\S]*?[.!?](?=\s|$)/.exec(text.replace(/\s+/g, " ").trim());
  return (sentence?.[0] ?? text).slice(0, 160);
}
