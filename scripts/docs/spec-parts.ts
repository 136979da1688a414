/**
 * Pieces both reference pages share: the page header from `info`, servers with their variables,
 * extension badges, named examples, and the code-span linker.
 */

import { isObject, type JsonObject as Json } from "../generate/json.js";
import { anchorId } from "./anchors.js";
import { displayExtension } from "./extensions.js";
import { html, joinHtml, type SafeHtml } from "./html.js";
import { exampleBlock, jsonInline } from "./json-block.js";
import { renderMarkdown } from "./markdown.js";
import { componentOf, deref, refOf } from "./refs.js";
import type { SchemaContext } from "./schema-view.js";

/**
 * Renders an object's `x-` extensions as a reader sees them (see `extensions.ts`): badges and facts
 * in plain words; extensions that only steer chainkit's tools are left out.
 *
 * @param node - An operation, method, response or schema.
 * @returns The badges and facts, or nothing.
 * @example extensionFacts({ "x-idempotent": true })
 */
export function extensionFacts(node: Json): SafeHtml {
  const parts: SafeHtml[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith("x-")) continue;
    const shown = displayExtension(key, value);
    if (shown && "badge" in shown)
      parts.push(html`<span class="badge" title="${shown.title}">${shown.badge}</span>`);
    else if (shown)
      parts.push(html`<span class="ext"><span class="fact">${shown.fact}</span> ${shown.value}</span>`);
  }
  return parts.length > 0 ? html`<p class="badges">${parts}</p>` : html``;
}

/**
 * Renders the page heading from a spec's `info`.
 *
 * @param info - The `info` object.
 * @param specHref - Link to the published spec file.
 * @param ctx - The page context.
 * @returns Title, version, summary, description, licence.
 * @example infoHeader(spec.info, "specs/platform.openapi.yaml", ctx)
 */
export function infoHeader(info: Json, specHref: string, ctx: SchemaContext): SafeHtml {
  const license = isObject(info.license) ? info.license : undefined;
  return html`<header class="page-head">
<h1>${String(info.title ?? "API")}</h1>
<p class="meta"><span class="badge">version ${String(info.version ?? "")}</span>${license && html` <span class="badge">licence ${String(license.name ?? "")}</span>`} <a class="download" href="${specHref}">Download the spec</a></p>
${typeof info.summary === "string" && html`<p class="lead">${info.summary}</p>`}
</header>
<section class="intro" id="${anchorId("section", "overview")}">
<h2>Overview</h2>
${renderMarkdown(info.description as string | undefined, { codeLink: ctx.codeLink })}
</section>`;
}

/**
 * Renders a list of servers with their variables.
 *
 * @param servers - The `servers` array.
 * @param ctx - The page context.
 * @returns The servers section body.
 * @example serversView(spec.servers, ctx)
 */
export function serversView(servers: unknown, ctx: SchemaContext): SafeHtml {
  if (!Array.isArray(servers) || servers.length === 0) return html`<p>No servers are listed.</p>`;
  return joinHtml(
    servers.filter(isObject).map((server) => {
      const variables = isObject(server.variables) ? Object.entries(server.variables) : [];
      const rows = variables.map(([name, variable]) => {
        const info = isObject(variable) ? variable : {};
        return html`<tr><td><code>${name}</code></td><td>${info.default !== undefined && jsonInline(info.default)}${Array.isArray(info.enum) && html`<br>one of ${joinHtml(info.enum.map(jsonInline), ", ")}`}</td><td>${renderMarkdown(info.description as string | undefined, { codeLink: ctx.codeLink })}</td></tr>`;
      });
      const title = [server.name, server.summary].filter((part) => typeof part === "string").join(": ");
      return html`<div class="server">
<p><code class="server-url">${String(server.url ?? "")}</code>${title && html` <span class="server-name">${title}</span>`}</p>
${renderMarkdown(server.description as string | undefined, { codeLink: ctx.codeLink })}
${rows.length > 0 && html`<table class="fields"><thead><tr><th>Variable</th><th>Default</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`}
</div>`;
    }),
  );
}

/**
 * Renders a map of named examples (`examples:` of a parameter or media type), following refs.
 *
 * @param examples - The `examples` map.
 * @param ctx - The page context.
 * @returns One block per example.
 * @example namedExamples(media.examples, ctx)
 */
export function namedExamples(examples: unknown, ctx: SchemaContext): SafeHtml {
  if (!isObject(examples)) return html``;
  return joinHtml(
    Object.entries(examples).map(([name, raw]) => {
      const example = deref(ctx.doc, raw);
      if (!isObject(example)) return html``;
      const ref = refOf(raw);
      const component = ref ? componentOf(ref) : undefined;
      const title = component ? `${name} (${component.name})` : name;
      const value = "value" in example ? example.value : { externalValue: example.externalValue };
      return exampleBlock(
        title,
        example.summary,
        renderMarkdown(example.description as string | undefined, { codeLink: ctx.codeLink }),
        value,
      );
    }),
  );
}

/**
 * The first sentence of a description, for search results.
 *
 * @param text - A description.
 * @returns Up to 140 characters of its first sentence, without Markdown markers.
 * @example firstSentence("Returns a node. Safe to retry.") // "Returns a node."
 */
export function firstSentence(text: unknown): string {
  if (typeof text !== "string") return "";
  const flat = text.replace(/\s+/g, " ").replace(/[`*]/g, "").trim();
  const end = flat.search(/\.(\s|$)/);
  const sentence = end >= 0 ? flat.slice(0, end + 1) : flat;
  return sentence.length > 140 ? `${sentence.slice(0, 139)}…` : sentence;
}

/**
 * Builds the code-span linker of a page: a code span naming an item of the page links to it.
 *
 * @param targets - Map from name to anchor id.
 * @returns The linker for {@link SchemaContext.codeLink}.
 * @example codeLinker(new Map([["Node", "schema-Node"]]))("Node") // "#schema-Node"
 */
export function codeLinker(targets: ReadonlyMap<string, string>): (code: string) => string | undefined {
  return (code) => {
    const id = targets.get(code);
    return id === undefined ? undefined : `#${id}`;
  };
}
