/**
 * The landing page: what chainkit covers, the surfaces with links to their reference and guide, how
 * each one authenticates, and the quick start commands from the README.
 */

import { isObject } from "../generate/json.js";
import { authNote } from "./auth-notes.js";
import { DocsError } from "./docs-error.js";
import { html } from "./html.js";
import type { BuiltPage } from "./layout.js";
import type { LoadedSpec } from "./load-specs.js";
import { renderInline, renderMarkdown } from "./markdown.js";
import { firstSentence } from "./spec-parts.js";
import { GUIDE_SURFACES, guidePage, referencePage } from "./surfaces.js";

/** The README section the quick start comes from. */
const QUICK_START_HEADING = "## On a fresh machine";

/**
 * Reads the shell commands of the fenced `sh` blocks in the README's "On a fresh machine" section, so
 * the quick start never drifts from it (the README's other shell blocks are not a quick start).
 *
 * @param readme - The README text.
 * @returns The commands, one per block, in order.
 * @throws {DocsError} When the README has no such section, or no `sh` block in it.
 * @example quickStartCommands("## On a fresh machine\n```sh\nnpm test\n```") // ["npm test"]
 */
export function quickStartCommands(readme: string): string[] {
  const start = readme.indexOf(`${QUICK_START_HEADING}\n`);
  if (start === -1)
    throw new DocsError(`README.md has no "${QUICK_START_HEADING}" section for the quick start`);
  const rest = readme.slice(start + QUICK_START_HEADING.length);
  const end = rest.search(/^## /m);
  const section = end === -1 ? rest : rest.slice(0, end);
  const blocks = [...section.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map((match) =>
    (match[1] ?? "").trim(),
  );
  if (blocks.length === 0)
    throw new DocsError(`README.md's "${QUICK_START_HEADING}" section has no \`\`\`sh block`);
  return blocks;
}

/**
 * Builds the landing page.
 *
 * @param specs - The loaded specs (for each surface's one-line summary and servers).
 * @param commands - Quick start commands (see {@link quickStartCommands}).
 * @returns The page (it adds no search entries of its own).
 * @example landingPage(specs, ["npm ci && npm run generate", "npm test"])
 */
export function landingPage(specs: readonly LoadedSpec[], commands: readonly string[]): BuiltPage {
  const rows = GUIDE_SURFACES.map((guide) => {
    const spec = specs.find((candidate) => candidate.surface.id === (guide.reference ?? guide.id));
    const info = spec && isObject(spec.doc.info) ? spec.doc.info : {};
    const summary =
      guide.summary ??
      (!spec ? "" : typeof info.summary === "string" ? info.summary : firstSentence(info.description));
    return html`<tr>
<td><strong>${guide.title}</strong><br><span class="muted">${summary}</span></td>
<td><code>${guide.entry}</code></td>
<td>${spec ? html`<a href="${referencePage(spec.surface.id)}">reference</a> · <a href="${spec.path}">spec</a>` : html`<span class="muted">no spec: the service publishes no methods for it</span>`}</td>
<td><a href="${guidePage(guide.id)}">guide</a></td>
</tr>`;
  });
  const auth = GUIDE_SURFACES.map((guide) => {
    const note = authNote(guide);
    const spec = specs.find((candidate) => candidate.surface.id === (guide.reference ?? guide.id));
    return html`<div class="auth-card" id="auth-${guide.id}">
<h3>${guide.title} <span class="muted">· ${renderInline(note.mechanism)}</span></h3>
${renderMarkdown(note.text)}
${spec && html`<p class="note">Full rules: <a href="${referencePage(spec.surface.id)}#section-authentication">${guide.title} authentication</a>.</p>`}
</div>`;
  });
  const body = html`<header class="page-head">
<h1>chainkit</h1>
<p class="lead">TypeScript clients for one blockchain infrastructure service, typed and validated from hand-written specs: a platform API that creates nodes, an exchange API with EIP-712 signed order changes, an EVM JSON-RPC node, a TRON-style wallet node, a TON-style indexer, and node credentials for gRPC.</p>
</header>
<section id="section-surfaces">
<h2>Surfaces</h2>
<p>Each surface has a spec (OpenAPI 3.1 for REST, OpenRPC for JSON-RPC) that is the single source of truth: the typed clients, the response validators and these pages are all generated from it. Every reference page lists each operation or method, its parameters, schemas, errors and examples; every guide shows a complete, type-checked example.</p>
<table class="surfaces"><thead><tr><th>Surface</th><th>Import</th><th>Reference</th><th>Guide</th></tr></thead><tbody>${rows}</tbody></table>
</section>
<section id="section-authentication">
<h2>Authentication</h2>
<p>Each surface authenticates its own way. chainkit takes the credentials once, when you create a client, and never prints them in errors, logs or inspected objects.</p>
${auth}
</section>
<section id="section-quick-start">
<h2>Quick start</h2>
<p>On a fresh clone (Node 20.19 or later), install, generate everything from the specs, then run the tests:</p>
${commands.map((command) => html`<pre class="shell"><code>${command}</code></pre>`)}
<p>These pages are built by <code>npm run docs</code> into <code>site/</code>; open <code>site/index.html</code> in a browser or serve the folder from any static host. Nothing on them loads from the network.</p>
</section>`;
  const toc = [
    { href: "#section-surfaces", title: "Surfaces" },
    { href: "#section-authentication", title: "Authentication" },
    { href: "#section-quick-start", title: "Quick start" },
  ];
  return { page: { file: "index.html", title: "Overview", toc, body }, search: [] };
}
