/**
 * The reference page of an OpenRPC surface: overview, servers, authentication, every method (grouped by
 * tag) with its parameters, result, errors and example request/response pairs, then the shared errors
 * and schemas. No maintained offline OpenRPC renderer exists on Node 20, so this is ours.
 */

import { isObject, type JsonObject as Json } from "../generate/json.js";
import { anchorId } from "./anchors.js";
import { copyCallView } from "./copy-call-view.js";
import { fieldAnchor, selfLink } from "./deep-links.js";
import { html, type SafeHtml } from "./html.js";
import { jsonBlock, jsonInline } from "./json-block.js";
import type { BuiltPage, NavLink } from "./layout.js";
import type { LoadedSpec } from "./load-specs.js";
import { renderMarkdown } from "./markdown.js";
import { offscreenHeight } from "./offscreen-height.js";
import { partPages, schemasNavLink, splitReference, type TagPart } from "./reference-parts.js";
import { PAGE_BYTES } from "./reference-split.js";
import { componentOf, deref, derefObject, refOf } from "./refs.js";
import { type SchemaContext, schemaDetails, schemaSection, typeLabel } from "./schema-view.js";
import type { SearchEntry } from "./search-index.js";
import { codeLinker, extensionFacts, firstSentence, infoHeader, serversView } from "./spec-parts.js";
import { referencePage } from "./surfaces.js";
import { tryItView } from "./try-it-view.js";

// Method keys with their own view; the rest are listed as JSON so nothing is hidden.
const METHOD_KEYS = new Set([
  "name",
  "summary",
  "description",
  "tags",
  "params",
  "result",
  "errors",
  "examples",
  "paramStructure",
  "deprecated",
  "servers",
  "externalDocs",
]);

/**
 * Builds the reference of one OpenRPC surface: one page, or, when that page would hold more than
 * {@link PAGE_BYTES} of HTML, an index page (overview, servers, authentication, every method listed
 * by tag, the shared errors) with a page per tag (in parts when a tag is too large for one) and the
 * schemas in pages, as `openapiPages` splits an OpenAPI reference.
 *
 * @param spec - The loaded spec.
 * @returns The pages, the index first, each with its search entries.
 * @throws {DocsError} On a ref that cannot be resolved.
 * @example const [{ page }] = openrpcPages(evmSpec);
 */
export function openrpcPages(spec: LoadedSpec): BuiltPage[] {
  const { doc, surface } = spec;
  const file = referencePage(surface.id);
  const methods = (Array.isArray(doc.methods) ? doc.methods : []).map((raw) =>
    derefObject(doc, raw, "method"),
  );
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const errors = isObject(components.errors) ? components.errors : {};
  const schemaNames = Object.keys(schemas);
  const targets = new Map<string, string>();
  for (const name of schemaNames) targets.set(name, anchorId("schema", name));
  for (const method of methods) targets.set(String(method.name), anchorId("method", String(method.name)));
  // Rendered once, as for one page; a split reference then points each link at its page.
  const ctx: SchemaContext = { doc, codeLink: codeLinker(targets) };
  const groups = groupByTag(doc, methods);
  const info = isObject(doc.info) ? doc.info : {};
  const methodHtml = new Map(methods.map((method) => [method, methodView(method, ctx, spec, surface.id)]));
  const schemaHtml = new Map(schemaNames.map((name) => [name, schemaSection(name, schemas[name], ctx)]));

  const head = html`${infoHeader(info, spec.path, ctx)}
<section id="${anchorId("section", "servers")}">
<h2>Servers</h2>
${serversView(doc.servers, ctx)}
</section>
<section id="${anchorId("section", "authentication")}">
<h2>Authentication</h2>
${authenticationView(doc, ctx)}
</section>`;
  const tagSection = (group: TagGroup, part?: TagPart<TagGroup, Json>) =>
    html`<section class="tag" id="${anchorId("tag", group.name)}">
<h2>${group.name}${part !== undefined && part.of > 1 && ` (${part.at + 1} of ${part.of})`}</h2>
${(part === undefined || part.at === 0) && renderMarkdown(group.description, { codeLink: ctx.codeLink })}
${(part?.items ?? group.methods).map((method) => methodHtml.get(method))}
</section>`;
  const errorsSection = html`<section id="${anchorId("section", "errors")}">
<h2>Errors</h2>
${errorsTable(
  Object.entries(errors).map(([name, error]) => ({
    name,
    error: derefObject(doc, error, `error ${name}`),
    anchor: true,
  })),
  ctx,
)}
</section>`;
  const schemasSection = (names: readonly string[]) => html`<section id="${anchorId("section", "schemas")}">
<h2>Schemas</h2>
${names.map((name) => schemaHtml.get(name))}
</section>`;
  const headToc: NavLink[] = [
    { href: `#${anchorId("section", "overview")}`, title: "Overview" },
    { href: `#${anchorId("section", "servers")}`, title: "Servers" },
    { href: `#${anchorId("section", "authentication")}`, title: "Authentication" },
  ];
  const methodLinks = (group: TagGroup) =>
    group.methods.map((method) => ({
      href: `#${anchorId("method", String(method.name))}`,
      title: String(method.name),
    }));
  const searchEntries = (at: (anchor: string) => string): SearchEntry[] => [
    ...methods.map((method) => ({
      kind: "method" as const,
      name: String(method.name),
      detail: String(method.summary ?? firstSentence(method.description)),
      surface: surface.title,
      href: at(anchorId("method", String(method.name))),
    })),
    ...schemaNames.map((name) => {
      const schema = schemas[name];
      return {
        kind: "schema" as const,
        name,
        detail: firstSentence(isObject(schema) ? schema.description : undefined),
        surface: surface.title,
        href: at(anchorId("schema", name)),
      };
    }),
    ...Object.entries(errors).map(([name, raw]) => {
      const error = derefObject(doc, raw, `error ${name}`);
      return {
        kind: "error" as const,
        name,
        detail: `${String(error.code)} ${String(error.message ?? "")}`,
        surface: surface.title,
        href: `${file}#${anchorId("error", name)}`,
      };
    }),
  ];

  const body = html`${head}
${groups.map((group) => tagSection(group))}
${errorsSection}
${schemasSection(schemaNames)}`;
  if (body.value.length <= PAGE_BYTES) {
    const toc: NavLink[] = [
      ...headToc,
      ...groups.map((group) => ({
        href: `#${anchorId("tag", group.name)}`,
        title: group.name,
        children: methodLinks(group),
      })),
      { href: `#${anchorId("section", "errors")}`, title: "Errors" },
      schemasNavLink(schemaNames),
    ];
    return [
      {
        page: { file, title: surface.title, toc, body },
        search: searchEntries((anchor) => `${file}#${anchor}`),
      },
    ];
  }

  const split = splitReference({
    file,
    groups,
    itemsOf: (group) => group.methods,
    itemAnchor: (method) => anchorId("method", String(method.name)),
    itemHtml: (method) => methodHtml.get(method),
    schemaNames,
    schemaHtml: (name) => schemaHtml.get(name),
  });
  const { schemaPages, at, linked } = split;
  const index = html`${head}
<section id="${anchorId("section", "methods")}">
<h2>Methods</h2>
<p>This reference is split in pages, one per tag${schemaNames.length > 0 ? " and the schemas apart" : ""}; the search box finds any method, schema or error.</p>
${groups.map(
  (group) => html`<h3><a href="${at(anchorId("tag", group.name))}">${group.name}</a></h3>
<ul class="operation-index">${group.methods.map(
    (method) =>
      html`<li><a href="${at(anchorId("method", String(method.name)))}"><code>${String(method.name)}</code></a> <span class="muted">${String(method.summary ?? "")}</span></li>`,
  )}</ul>`,
)}
${schemaPages.map((page) => html`<p><a href="${page.file}">${page.title}</a></p>`)}
</section>
${errorsSection}`;
  return [
    {
      page: {
        file,
        title: surface.title,
        toc: [
          ...headToc,
          { href: `#${anchorId("section", "methods")}`, title: "Methods" },
          ...groups.map((group) => ({ href: at(anchorId("tag", group.name)), title: group.name })),
          { href: `#${anchorId("section", "errors")}`, title: "Errors" },
        ],
        body: linked(file, index),
      },
      search: searchEntries(at),
    },
    ...partPages(split, {
      file,
      referenceTitle: surface.title,
      titleOf: (group) => group.name,
      linksOf: methodLinks,
      sectionOf: (part) => tagSection(part.group, part),
      schemasSection,
    }),
  ];
}

interface TagGroup {
  name: string;
  description: string | undefined;
  methods: Json[];
}

function groupByTag(doc: Json, methods: readonly Json[]): TagGroup[] {
  const components = isObject(doc.components) ? doc.components : {};
  const declared = isObject(components.tags) ? Object.values(components.tags).filter(isObject) : [];
  const groups = new Map<string, TagGroup>();
  for (const tag of declared) {
    const name = String(tag.name);
    groups.set(name, { name, description: tag.description as string | undefined, methods: [] });
  }
  for (const method of methods) {
    const tags = Array.isArray(method.tags) ? method.tags.map((tag) => derefObject(doc, tag, "tag")) : [];
    // A method is documented once, under its first tag.
    const first = tags[0];
    const name = first ? String(first.name) : "Methods";
    const group = groups.get(name) ?? {
      name,
      description: first?.description as string | undefined,
      methods: [],
    };
    group.methods.push(method);
    groups.set(name, group);
  }
  return [...groups.values()].filter((group) => group.methods.length > 0);
}

function authenticationView(doc: Json, ctx: SchemaContext): SafeHtml {
  const security = doc["x-security"];
  if (!isObject(security)) {
    return html`<p>The servers above say how requests are authorised; see the overview.</p>`;
  }
  const schemes = isObject(security.schemes) ? Object.entries(security.schemes) : [];
  return html`${renderMarkdown(security.description as string | undefined, { codeLink: ctx.codeLink })}
${schemes.map(([name, raw]) => {
  const scheme = isObject(raw) ? raw : {};
  const facts = Object.entries(scheme)
    .filter(([key]) => key !== "description")
    .map(([key, value]) => html`<li><span class="fact">${key}</span> ${jsonInline(value)}</li>`);
  return html`<div class="scheme"><h3><code>${name}</code></h3><ul class="facts">${facts}</ul>${renderMarkdown(scheme.description as string | undefined, { codeLink: ctx.codeLink })}</div>`;
})}`;
}

function methodView(method: Json, ctx: SchemaContext, spec: LoadedSpec, surface: string): SafeHtml {
  const name = String(method.name);
  const params = Array.isArray(method.params)
    ? method.params.map((raw) => derefObject(ctx.doc, raw, `param of ${name}`))
    : [];
  const byName = method.paramStructure === "by-name";
  const rest = Object.entries(method).filter(([key]) => !METHOD_KEYS.has(key) && !key.startsWith("x-"));
  const errors = Array.isArray(method.errors)
    ? method.errors.map((raw) => {
        const ref = refOf(raw);
        const component = ref ? componentOf(ref) : undefined;
        return { name: component?.name, error: derefObject(ctx.doc, raw, `error of ${name}`), anchor: false };
      })
    : [];
  const examples = Array.isArray(method.examples)
    ? method.examples.map((raw) => derefObject(ctx.doc, raw, `example of ${name}`))
    : [];
  const id = anchorId("method", name);
  const content = html`<h3><code>${name}</code>${selfLink(id, `method ${name}`)}</h3>
${typeof method.summary === "string" && html`<p class="lead">${method.summary}</p>`}
<p class="signature"><span class="verb verb-rpc">RPC</span> <code class="path">${name}(${params.map((param, index) => `${index > 0 ? ", " : ""}${String(param.name)}`)})</code>${method.paramStructure !== undefined && html` <span class="op-id">params <code>${String(method.paramStructure)}</code></span>`}</p>
${method.deprecated === true && html`<p class="badges"><span class="badge badge-warn">deprecated</span></p>`}
${extensionFacts(method)}
${renderMarkdown(method.description as string | undefined, { codeLink: ctx.codeLink })}
${copyCallView(spec, name, anchorId("method", name))}
${tryItView(surface)}
<h4>Parameters</h4>
${params.length === 0 ? html`<p class="note">None: send <code>"params": []</code>.</p>` : paramsTable(params, byName, ctx, fieldAnchor(id, "params"))}
${resultView(method.result, ctx, fieldAnchor(id, "result"))}
${errors.length > 0 && html`<h4>Errors</h4>${errorsTable(errors, ctx)}`}
${examples.length > 0 && html`<h4>Examples</h4>${examples.map((pairing) => pairingView(name, pairing, byName, ctx))}`}
${rest.length > 0 && html`<h4>Other fields</h4>${jsonBlock(Object.fromEntries(rest), "fields")}`}`;
  return html`<section class="operation rpc-method" id="${id}" style="${offscreenHeight(content)}">
${content}
</section>`;
}

function paramsTable(params: readonly Json[], byName: boolean, ctx: SchemaContext, anchor: string): SafeHtml {
  const rows = params.map((param, index) => {
    const id = fieldAnchor(anchor, String(param.name));
    return html`<tr id="${id}">
<td class="field-name">${!byName && html`<span class="in">#${index}</span> `}<code>${String(param.name)}</code>${selfLink(id, `parameter ${String(param.name)}`)}${param.required === true ? html` <span class="required">required</span>` : html` <span class="optional">optional</span>`}${param.deprecated === true && html` <span class="badge badge-warn">deprecated</span>`}</td>
<td class="field-type">${typeLabel(param.schema, ctx)}</td>
<td class="field-doc">${typeof param.summary === "string" && html`<p>${param.summary}</p>`}${renderMarkdown(param.description as string | undefined, { codeLink: ctx.codeLink })}${schemaDetails(param.schema, ctx, { anchor: id })}</td>
</tr>`;
  });
  return html`<table class="fields params"><thead><tr><th>Parameter</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function resultView(raw: unknown, ctx: SchemaContext, anchor: string): SafeHtml {
  if (raw === undefined) return html`<h4>Result</h4><p class="note">None (a notification).</p>`;
  const result = derefObject(ctx.doc, raw, "result");
  return html`<h4>Result</h4>
<p class="media-type"><code>${String(result.name ?? "result")}</code> · ${typeLabel(result.schema, ctx)}</p>
${typeof result.summary === "string" && html`<p>${result.summary}</p>`}
${renderMarkdown(result.description as string | undefined, { codeLink: ctx.codeLink })}
<div class="schema-box">${schemaDetails(result.schema, ctx, { expandRef: true, anchor })}</div>`;
}

interface NamedError {
  name: string | undefined;
  error: Json;
  /** Give the row the error's anchor (the shared errors section). */
  anchor: boolean;
}

function errorsTable(errors: readonly NamedError[], ctx: SchemaContext): SafeHtml {
  const rows = errors.map(({ name, error, anchor }) => {
    const label = name
      ? anchor
        ? html`<code>${name}</code>`
        : html`<a href="#${anchorId("error", name)}"><code>${name}</code></a>`
      : "";
    return html`<tr${anchor && name ? html` id="${anchorId("error", name)}"` : ""}>
<td><code>${String(error.code)}</code></td>
<td>${label}</td>
<td>${renderMarkdown(String(error.message ?? ""), { codeLink: ctx.codeLink })}${"data" in error && html`<p class="note">data: ${jsonInline(error.data)}</p>`}</td>
</tr>`;
  });
  return html`<table class="fields errors"><thead><tr><th>Code</th><th>Name</th><th>Message</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function pairingView(method: string, pairing: Json, byName: boolean, ctx: SchemaContext): SafeHtml {
  const params = Array.isArray(pairing.params)
    ? pairing.params.map((raw) => derefObject(ctx.doc, raw, "example param"))
    : [];
  const values = byName
    ? Object.fromEntries(params.map((param) => [String(param.name), param.value]))
    : params.map((param) => param.value);
  const request = { jsonrpc: "2.0", id: 1, method, params: values };
  const result = pairing.result === undefined ? undefined : deref(ctx.doc, pairing.result);
  const response =
    isObject(result) && "value" in result ? { jsonrpc: "2.0", id: 1, result: result.value } : undefined;
  return html`<div class="example">
<p class="example-title"><span class="example-name">${String(pairing.name ?? "example")}</span>${typeof pairing.summary === "string" && html` — ${pairing.summary}`}</p>
${renderMarkdown(pairing.description as string | undefined, { codeLink: ctx.codeLink })}
<div class="pair">
<div><p class="pair-label">Request</p>${jsonBlock(request, "request")}</div>
${response && html`<div><p class="pair-label">Response</p>${jsonBlock(response, "response")}</div>`}
</div>
</div>`;
}
