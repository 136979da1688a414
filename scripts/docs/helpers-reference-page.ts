/**
 * The helpers reference: a page per package entry with its hand-written exports (functions, clients'
 * helper methods, signers, errors and their fields, constants, types), each with its doc, signature,
 * parameters and examples, read from the TSDoc in `src/` (`helpers-reference-read.ts`). Every
 * function, method and class is in the portal's search.
 */

import type { EntryDocs, HelperDoc } from "./helpers-reference-read.js";
import { highlightTypeScript } from "./highlight.js";
import { html, type SafeHtml } from "./html.js";
import type { BuiltPage, NavLink } from "./layout.js";
import { renderInline, renderMarkdown } from "./markdown.js";
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

/**
 * Builds one entry's page.
 *
 * @param docs - The entry's exports (a shared one links to its entry's page).
 * @returns The page and its search entries.
 * @example helpersReferencePage(readEntryDocs(root)[0])
 */
export function helpersReferencePage(docs: EntryDocs): BuiltPage {
  const file = helpersPage(docs.id);
  const sections = SECTIONS.map((section) => ({
    ...section,
    items: docs.own.filter((item) => section.kinds.includes(item.kind)),
  })).filter((section) => section.items.length > 0);
  const body = html`<header class="page-head">
<h1><code>${docs.entry}</code> helpers</h1>
<p class="meta"><span class="badge">import from <code>${docs.entry}</code></span></p>
</header>
<section class="intro" id="section-about">
<p>The hand-written part of <code>${docs.entry}</code>: what a spec cannot say (helpers, signers, errors and their fields, iterators), read from the TSDoc of <code>src/</code> when the portal is built. The operations of the specs are on the reference pages.</p>
</section>
${sections.map(
  (section) => html`<section id="section-${section.id}">
<h2>${section.title}</h2>
${section.items.map((item) => helperView(item, 3))}
</section>`,
)}
${
  docs.shared.length > 0 &&
  html`<section id="section-shared">
<h2>Also exported here</h2>
<p>Documented with the entry they come from:</p>
<ul class="calls">${docs.shared.map((item) => html`<li><a href="${helpersPage(item.home)}#${helperAnchor(item.name)}"><code>${item.name}</code></a> <span class="muted">chainkit/${item.home}</span></li>`)}</ul>
</section>`
}`;
  const toc: NavLink[] = sections.map((section) => ({
    href: `#section-${section.id}`,
    title: section.title,
    children: section.items.map((item) => ({ href: `#${helperAnchor(item.name)}`, title: item.name })),
  }));
  const search: SearchEntry[] = docs.own
    .filter((item) => item.kind !== "type")
    .flatMap((item) => [item, ...item.members.flatMap((member) => [member, ...member.members])])
    .filter((item) => item.kind !== "property" || item.members.length > 0)
    .map((item) => ({
      kind: "helper" as const,
      name: item.name,
      detail: firstLine(item.summary) || item.signature,
      surface: docs.entry,
      href: `${file}#${helperAnchor(item.name)}`,
    }));
  return { page: { file, title: `${docs.entry} helpers`, toc, body }, search };
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
