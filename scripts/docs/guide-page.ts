/**
 * A guide page per surface, built around its example in `examples/`: the example's leading comment is the
 * prose, the whole file is shown, and the operations it calls link to the reference.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { authNote } from "./auth-notes.js";
import { DocsError } from "./docs-error.js";
import { highlightTypeScript } from "./highlight.js";
import { html } from "./html.js";
import type { BuiltPage } from "./layout.js";
import { renderMarkdown } from "./markdown.js";
import type { SearchEntry } from "./search-index.js";
import { type GuideSurface, guidePage, isReferencePage, referencePage, SPEC_SURFACES } from "./surfaces.js";

/**
 * Splits an example into its leading doc comment (as Markdown) and the full source.
 *
 * @param source - The example file.
 * @returns The prose of the first `/** … *\/` block (empty when there is none).
 * @example leadingComment("/** Hello *\/\nconst a = 1;") // "Hello"
 */
function leadingComment(source: string): string {
  // The first line may say what the guide needs besides chainkit (`// Needs chainkit and viem; …`).
  const match = /^\s*(?:\/\/ ?([^\n]*)\n\s*)?\/\*\*([\s\S]*?)\*\//.exec(source);
  if (!match) return "";
  const prose = (match[2] ?? "")
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, ""))
    .join("\n")
    .trim();
  return match[1] ? `${match[1].trim()}\n\n${prose}` : prose;
}

/**
 * Builds one guide page.
 *
 * @param root - Repository root (the example is read from there).
 * @param guide - The surface.
 * @param reference - Search entries of every reference page (to link the calls the example makes).
 * @returns The page and its search entry.
 * @throws {DocsError} When the example file is missing.
 * @example guidePageFor(root, GUIDE_SURFACES[0], entries)
 */
export function guidePageFor(
  root: string,
  guide: GuideSurface,
  reference: readonly SearchEntry[],
): BuiltPage {
  const path = join(root, guide.example);
  if (!existsSync(path)) throw new DocsError(`the ${guide.id} guide needs its example, ${guide.example}`);
  const source = readFileSync(path, "utf8");
  const file = guidePage(guide.id);
  const spec = SPEC_SURFACES.find((surface) => surface.id === (guide.reference ?? guide.id));
  const calls = reference.filter(
    (entry) =>
      (entry.kind === "operation" || entry.kind === "method") &&
      spec !== undefined &&
      isReferencePage(spec.id, entry.href.split("#")[0] ?? "") &&
      new RegExp(`\\b${entry.name}\\b`).test(source),
  );
  const note = authNote(guide);
  const body = html`<header class="page-head">
<h1>${guide.title} guide</h1>
<p class="meta"><span class="badge">import from <code>${guide.entry}</code></span>${spec && html` <a class="download" href="${referencePage(spec.id)}">Reference</a>`}</p>
</header>
<section id="section-about">
<h2>What it does</h2>
${renderMarkdown(leadingComment(source))}
</section>
<section id="section-authentication">
<h2>Authentication</h2>
${renderMarkdown(note.text)}
</section>
${calls.length > 0 && html`<section id="section-calls"><h2>Calls in this example</h2><ul class="calls">${calls.map((entry) => html`<li><a href="${entry.href}"><code>${entry.name}</code></a> <span class="muted">${entry.detail}</span></li>`)}</ul></section>`}
<section id="section-example">
<h2>The example</h2>
<p><code>${guide.example}</code> is compiled by <code>npm run typecheck</code> with the rest of the code, and the tests run it against the sandbox, so it follows the API as it changes. Run it with <code>npx tsx ${guide.example}</code> from a checkout, or <code>npx tsx node_modules/chainkit/${guide.example}</code> where the package is installed (the package ships the guides; add <code>tsx</code>): it starts a sandbox of its own. To run it against a sandbox that is already up, start one with <code>npx chainkit sandbox --env sandbox.env</code> and run <code>node --env-file=sandbox.env --import tsx ${guide.example}</code>${source.includes("sandboxEnv(") && html`: <code>sandboxEnv()</code> (in <code>examples/support/sandbox-env.ts</code>) reads the <code>CHAINKIT_*</code> variables that file holds`}.</p>
<pre class="source"><code class="language-ts">${highlightTypeScript(source)}</code></pre>
</section>`;
  const toc = [
    { href: "#section-about", title: "What it does" },
    { href: "#section-authentication", title: "Authentication" },
    ...(calls.length > 0 ? [{ href: "#section-calls", title: "Calls in this example" }] : []),
    { href: "#section-example", title: "The example" },
  ];
  const search: SearchEntry[] = [
    { kind: "guide", name: `${guide.title} guide`, detail: guide.entry, surface: guide.title, href: file },
  ];
  return { page: { file, title: `${guide.title} guide`, toc, body }, search };
}
