/**
 * The reference page of an OpenAPI 3.1 surface: overview, servers, authentication, every operation
 * (grouped by tag) with parameters, request body, responses and examples, and every component schema.
 */

import { isObject, type JsonObject as Json } from "../generate/json.js";
import { anchorId } from "./anchors.js";
import { copyCallView } from "./copy-call-view.js";
import { fieldAnchor, selfLink } from "./deep-links.js";
import { html, joinHtml, type SafeHtml } from "./html.js";
import { jsonBlock, jsonInline } from "./json-block.js";
import type { BuiltPage, NavLink } from "./layout.js";
import type { LoadedSpec } from "./load-specs.js";
import { renderMarkdown } from "./markdown.js";
import { offscreenHeight } from "./offscreen-height.js";
import { partPages, schemasNavLink, splitReference, type TagPart } from "./reference-parts.js";
import { PAGE_BYTES } from "./reference-split.js";
import { derefObject } from "./refs.js";
import { type SchemaContext, schemaDetails, schemaSection, typeLabel } from "./schema-view.js";
import type { SearchEntry } from "./search-index.js";
import {
  codeLinker,
  extensionFacts,
  firstSentence,
  infoHeader,
  namedExamples,
  serversView,
} from "./spec-parts.js";
import { referencePage } from "./surfaces.js";
import { nestTags } from "./tag-tree.js";
import { tryItView } from "./try-it-view.js";
import { websocketView } from "./websocket-view.js";

// `query` is OpenAPI 3.2's; 3.2's `additionalOperations` carry any other method by its name.
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"] as const;

// Operation keys with their own view; the rest are listed as JSON so nothing is hidden.
const OPERATION_KEYS = new Set([
  "operationId",
  "summary",
  "description",
  "tags",
  "parameters",
  "requestBody",
  "responses",
  "security",
  "deprecated",
  "servers",
  "externalDocs",
]);

/** One operation with where it lives. */
export interface Operation {
  id: string;
  /** Lower case: `get`, `query`, or an `additionalOperations` method such as `copy`. */
  method: string;
  path: string;
  pathItem: Json;
  op: Json;
}

/**
 * Builds the reference of one OpenAPI surface: one page, or, when that page would hold more than
 * {@link PAGE_BYTES} of HTML, an index page (`<id>.html`: overview, servers, authentication, every
 * operation listed by tag) with a page per tag (`<id>--tag-<tag>.html`, then `--2`, `--3` for the
 * parts of a tag too large for one) and the schemas in pages (`<id>--schemas-<n>.html`).
 *
 * @param spec - The loaded spec.
 * @returns The pages, the index first, each with its search entries.
 * @throws {DocsError} On a ref that cannot be resolved.
 * @example const [{ page }] = openapiPages(specs[0]);
 */
export function openapiPages(spec: LoadedSpec): BuiltPage[] {
  const { doc, surface } = spec;
  const file = referencePage(surface.id);
  const operations = collectOperations(doc);
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const groups = groupByTag(doc, operations);
  const schemaNames = Object.keys(schemas);
  const targets = new Map<string, string>();
  for (const name of schemaNames) targets.set(name, anchorId("schema", name));
  for (const operation of operations) targets.set(operation.id, anchorId("op", operation.id));
  // Rendered once, as for one page; a split reference then points each link at its page.
  const ctx: SchemaContext = { doc, codeLink: codeLinker(targets) };
  const operationHtml = new Map(
    operations.map((operation) => [operation, operationView(operation, ctx, spec, surface.id)]),
  );
  const schemaHtml = new Map(schemaNames.map((name) => [name, schemaSection(name, schemas[name], ctx)]));

  const info = isObject(doc.info) ? doc.info : {};
  const head = html`${infoHeader(info, spec.path, ctx)}
<section id="${anchorId("section", "servers")}">
<h2>Servers</h2>
${serversView(doc.servers, ctx)}
</section>
<section id="${anchorId("section", "authentication")}">
<h2>Authentication</h2>
${securityView(doc.security, components, ctx)}
</section>
${websocketView(doc, ctx)}`;
  const tagSection = (group: TagGroup, part?: TagPart<TagGroup, Operation>) =>
    html`<section class="tag" id="${anchorId("tag", group.name)}">
<h2>${group.summary ?? group.name}${part !== undefined && part.of > 1 && ` (${part.at + 1} of ${part.of})`}</h2>
${(part === undefined || part.at === 0) && tagIntro(group, groups, ctx)}
${(part?.items ?? group.operations).map((operation) => operationHtml.get(operation))}
</section>`;
  const schemasSection = (names: readonly string[]) => html`<section id="${anchorId("section", "schemas")}">
<h2>Schemas</h2>
${names.map((name) => schemaHtml.get(name))}
</section>`;
  const headToc: NavLink[] = [
    { href: `#${anchorId("section", "overview")}`, title: "Overview" },
    { href: `#${anchorId("section", "servers")}`, title: "Servers" },
    { href: `#${anchorId("section", "authentication")}`, title: "Authentication" },
    ...(isObject(doc["x-websocket"])
      ? [{ href: `#${anchorId("section", "websocket")}`, title: "WebSocket" }]
      : []),
  ];
  const operationLinks = (group: TagGroup) =>
    group.operations.map((operation) => ({ href: `#${anchorId("op", operation.id)}`, title: operation.id }));
  const searchEntries = (at: (anchor: string) => string): SearchEntry[] => [
    ...operations.map((operation) => ({
      kind: "operation" as const,
      name: operation.id,
      detail: `${operation.method.toUpperCase()} ${operation.path} · ${String(operation.op.summary ?? "")}`,
      surface: surface.title,
      href: at(anchorId("op", operation.id)),
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
  ];

  const body = html`${head}
${groups.map((group) => tagSection(group))}
${schemasSection(schemaNames)}`;
  if (body.value.length <= PAGE_BYTES) {
    const toc: NavLink[] = [
      ...headToc,
      ...nestTags(groups, (group) => ({
        href: `#${anchorId("tag", group.name)}`,
        title: group.summary ?? group.name,
        children: operationLinks(group),
      })),
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
    itemsOf: (group) => group.operations,
    itemAnchor: (operation) => anchorId("op", operation.id),
    itemHtml: (operation) => operationHtml.get(operation),
    schemaNames,
    schemaHtml: (name) => schemaHtml.get(name),
  });
  const { schemaPages, at, linked } = split;
  const index = html`${head}
<section id="${anchorId("section", "operations")}">
<h2>Operations</h2>
<p>This reference is split in pages, one per tag${schemaNames.length > 0 ? " and the schemas apart" : ""}; the search box finds any operation or schema.</p>
${groups.map(
  (group) => html`<h3><a href="${at(anchorId("tag", group.name))}">${group.summary ?? group.name}</a></h3>
<ul class="operation-index">${group.operations.map(
    (operation) =>
      html`<li><a href="${at(anchorId("op", operation.id))}"><code>${operation.id}</code></a> <span class="muted">${operation.method.toUpperCase()} ${operation.path}</span></li>`,
  )}</ul>`,
)}
${schemaPages.map((page) => html`<p><a href="${page.file}">${page.title}</a></p>`)}
</section>`;
  return [
    {
      page: {
        file,
        title: surface.title,
        toc: [
          ...headToc,
          { href: `#${anchorId("section", "operations")}`, title: "Operations" },
          ...nestTags(groups, (group) => ({
            href: at(anchorId("tag", group.name)),
            title: group.summary ?? group.name,
          })),
        ],
        body: linked(file, index),
      },
      search: searchEntries(at),
    },
    ...partPages(split, {
      file,
      referenceTitle: surface.title,
      titleOf: (group) => group.summary ?? group.name,
      linksOf: operationLinks,
      sectionOf: (part) => tagSection(part.group, part),
      schemasSection,
    }),
  ];
}

/** A tag's badges (its parent, its kind) and description, shown once, above its first operation. */
function tagIntro(group: TagGroup, groups: readonly TagGroup[], ctx: SchemaContext): SafeHtml {
  const parent = groups.find((other) => other.name === group.parent);
  return html`${(group.parent !== undefined || group.kind !== undefined) && html`<p class="badges">${group.parent !== undefined && html`<span class="ext"><span class="fact">part of</span> <a href="#${anchorId("tag", group.parent)}">${parent?.summary ?? group.parent}</a></span> `}${group.kind !== undefined && html`<span class="badge">${group.kind}</span>`}</p>`}
${renderMarkdown(group.description, { codeLink: ctx.codeLink })}`;
}

/** Every operation of the document, in path order; one without an `operationId` is named `<method>-<path>`. */
export function collectOperations(doc: Json): Operation[] {
  const paths = isObject(doc.paths) ? doc.paths : {};
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const pathItem = derefObject(doc, rawItem, `path ${path}`);
    const additional = isObject(pathItem.additionalOperations) ? pathItem.additionalOperations : {};
    const entries: [string, unknown][] = [
      ...METHODS.map((method): [string, unknown] => [method, pathItem[method]]),
      ...Object.entries(additional).map(([method, op]): [string, unknown] => [method.toLowerCase(), op]),
    ];
    for (const [method, op] of entries) {
      if (!isObject(op)) continue;
      const id = typeof op.operationId === "string" ? op.operationId : `${method}-${path}`;
      operations.push({ id, method, path, pathItem, op });
    }
  }
  return operations;
}

interface TagGroup {
  name: string;
  description: string | undefined;
  /** OpenAPI 3.2: the tag's parent, its short title, and its kind (`nav`, `badge`, `audience`…). */
  parent?: string;
  summary?: string;
  kind?: string;
  operations: Operation[];
}

function groupByTag(doc: Json, operations: readonly Operation[]): TagGroup[] {
  const declared = Array.isArray(doc.tags) ? doc.tags.filter(isObject) : [];
  const groups = new Map<string, TagGroup>();
  for (const tag of declared) {
    const name = String(tag.name);
    groups.set(name, {
      name,
      description: tag.description as string | undefined,
      ...(typeof tag.parent === "string" && { parent: tag.parent }),
      ...(typeof tag.summary === "string" && { summary: tag.summary }),
      ...(typeof tag.kind === "string" && { kind: tag.kind }),
      operations: [],
    });
  }
  for (const operation of operations) {
    const tags =
      Array.isArray(operation.op.tags) && operation.op.tags.length > 0 ? operation.op.tags : ["Operations"];
    // An operation is documented once, under its first tag.
    const name = String(tags[0]);
    const group = groups.get(name) ?? { name, description: undefined, operations: [] };
    group.operations.push(operation);
    groups.set(name, group);
  }
  // A parent tag stays, even without operations of its own, when a tag under it has some.
  const used = new Set<string>();
  for (const group of groups.values()) {
    if (group.operations.length === 0) continue;
    for (let at: TagGroup | undefined = group; at && !used.has(at.name); ) {
      used.add(at.name);
      at = at.parent === undefined ? undefined : groups.get(at.parent);
    }
  }
  return [...groups.values()].filter((group) => used.has(group.name));
}

function securityView(security: unknown, components: Json, ctx: SchemaContext): SafeHtml {
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const requirement = securityRequirement(security);
  const schemeViews = Object.entries(schemes).map(([name, raw]) => {
    const scheme = derefObject(ctx.doc, raw, `security scheme ${name}`);
    const facts = ["type", "scheme", "bearerFormat", "in", "name", "openIdConnectUrl"]
      .filter((key) => scheme[key] !== undefined)
      .map((key) => html`<li><span class="fact">${key}</span> ${jsonInline(scheme[key])}</li>`);
    return html`<div class="scheme" id="${anchorId("section", `scheme-${name}`)}">
<h3><code>${name}</code></h3>
<ul class="facts">${facts}</ul>
${renderMarkdown(scheme.description as string | undefined, { codeLink: ctx.codeLink })}
</div>`;
  });
  return html`<p>${requirement}</p>${schemeViews}`;
}

function securityRequirement(security: unknown): SafeHtml {
  if (!Array.isArray(security)) return html`No security requirement is declared.`;
  if (security.length === 0)
    return html`No security scheme applies (<code>security: []</code>); see the overview for how requests are authorised.`;
  const options = security.filter(isObject).map((requirement) => {
    const names = Object.keys(requirement);
    if (names.length === 0) return html`no scheme (credentials in the server URL)`;
    return joinHtml(
      names.map((name) => html`<a href="#${anchorId("section", `scheme-${name}`)}"><code>${name}</code></a>`),
      " and ",
    );
  });
  return options.length === 1
    ? html`Every request uses ${options[0]}.`
    : html`Each request uses one of: ${joinHtml(options, "; ")}.`;
}

function operationView(
  operation: Operation,
  ctx: SchemaContext,
  spec: LoadedSpec,
  surface: string,
): SafeHtml {
  const { op, pathItem, method, path } = operation;
  const parameters = mergeParameters(ctx.doc, pathItem.parameters, op.parameters);
  const rest = Object.entries(op).filter(([key]) => !OPERATION_KEYS.has(key) && !key.startsWith("x-"));
  const id = anchorId("op", operation.id);
  const content = html`<h3>${String(op.summary ?? operation.id)}${selfLink(id, `operation ${operation.id}`)}</h3>
<p class="signature"><span class="verb verb-${method}">${method.toUpperCase()}</span> <code class="path">${path}</code> <span class="op-id">operationId <code>${operation.id}</code></span></p>
${op.deprecated === true && html`<p class="badges"><span class="badge badge-warn">deprecated</span></p>`}
${extensionFacts(op)}
${typeof pathItem.description === "string" && html`<div class="path-note">${renderMarkdown(pathItem.description, { codeLink: ctx.codeLink })}</div>`}
${renderMarkdown(op.description as string | undefined, { codeLink: ctx.codeLink })}
${op.security !== undefined && html`<p class="note">Authentication: ${securityRequirement(op.security)}</p>`}
${copyCallView(spec, `${method.toUpperCase()} ${path}`, anchorId("op", operation.id))}
${tryItView(surface)}
${parameters.length > 0 && parametersView(parameters, ctx, id)}
${op.requestBody !== undefined && requestBodyView(op.requestBody, ctx, fieldAnchor(id, "body"))}
${responsesView(op.responses, ctx, id)}
${rest.length > 0 && html`<h4>Other fields</h4>${jsonBlock(Object.fromEntries(rest), "fields")}`}`;
  return html`<section class="operation" id="${id}" style="${offscreenHeight(content)}">
${content}
</section>`;
}

function mergeParameters(doc: Json, shared: unknown, own: unknown): Json[] {
  const byKey = new Map<string, Json>();
  for (const list of [shared, own]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const parameter = derefObject(doc, raw, "parameter");
      byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
    }
  }
  return [...byKey.values()];
}

function parametersView(parameters: readonly Json[], ctx: SchemaContext, operation: string): SafeHtml {
  const rows = parameters.map((parameter) => {
    const schema = parameter.schema;
    const id = fieldAnchor(operation, String(parameter.in), String(parameter.name));
    const facts = ["style", "explode", "allowReserved", "allowEmptyValue"]
      .filter((key) => parameter[key] !== undefined)
      .map((key) => html`<li><span class="fact">${key}</span> ${jsonInline(parameter[key])}</li>`);
    return html`<tr id="${id}">
<td class="field-name"><code>${String(parameter.name)}</code>${selfLink(id, `parameter ${String(parameter.name)}`)} <span class="in">${String(parameter.in)}</span>${parameter.required === true ? html` <span class="required">required</span>` : html` <span class="optional">optional</span>`}${parameter.deprecated === true && html` <span class="badge badge-warn">deprecated</span>`}</td>
<td class="field-type">${schema !== undefined ? typeLabel(schema, ctx) : contentLabel(parameter.content, ctx)}</td>
<td class="field-doc">${renderMarkdown(parameter.description as string | undefined, { codeLink: ctx.codeLink })}
${schema !== undefined && schemaDetails(schema, ctx, { anchor: id })}
${facts.length > 0 && html`<ul class="facts">${facts}</ul>`}
${"example" in parameter && html`<p class="note">Example: ${jsonInline(parameter.example)}</p>`}
${namedExamples(parameter.examples, ctx)}
${parameter.content !== undefined && contentView(parameter.content, ctx)}</td>
</tr>`;
  });
  return html`<h4>Parameters</h4>
<table class="fields params"><thead><tr><th>Name</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function contentLabel(content: unknown, ctx: SchemaContext): SafeHtml {
  if (!isObject(content)) return html``;
  return joinHtml(
    Object.values(content)
      .filter(isObject)
      .map((media) => typeLabel(media.schema ?? media.itemSchema, ctx)),
    " | ",
  );
}

function requestBodyView(raw: unknown, ctx: SchemaContext, anchor: string): SafeHtml {
  const body = derefObject(ctx.doc, raw, "request body");
  return html`<h4>Request body ${body.required === true ? html`<span class="required">required</span>` : html`<span class="optional">optional</span>`}</h4>
${renderMarkdown(body.description as string | undefined, { codeLink: ctx.codeLink })}
${contentView(body.content, ctx, anchor)}`;
}

/** `anchor`: where the body's fields are named (`op-x.body`, `op-x.200`); under each media type when there are several. */
function contentView(content: unknown, ctx: SchemaContext, anchor?: string): SafeHtml {
  if (!isObject(content)) return html``;
  const several = Object.keys(content).length > 1;
  return joinHtml(
    Object.entries(content).map(([mediaType, rawMedia]) => {
      const media = isObject(rawMedia) ? rawMedia : {};
      // OpenAPI 3.2: a stream's `itemSchema` describes each item (an event, a line, a record).
      const item = media.itemSchema;
      const fields = anchor !== undefined && several ? fieldAnchor(anchor, mediaType) : anchor;
      return html`<div class="media">
<p class="media-type"><code>${mediaType}</code>${media.schema !== undefined && html` · ${typeLabel(media.schema, ctx)}`}${item !== undefined && html` · a stream of ${typeLabel(item, ctx)}`}</p>
${media.schema !== undefined && html`<div class="schema-box">${schemaDetails(media.schema, ctx, { expandRef: true, anchor: fields })}</div>`}
${item !== undefined && html`<p class="example-title">Each item</p><div class="schema-box">${schemaDetails(item, ctx, { expandRef: true })}</div>`}
${"example" in media && html`<p class="example-title">Example</p>${jsonBlock(media.example)}`}
${namedExamples(media.examples, ctx)}
</div>`;
    }),
  );
}

function responsesView(responses: unknown, ctx: SchemaContext, operation: string): SafeHtml {
  if (!isObject(responses)) return html``;
  const items = Object.entries(responses).map(([status, raw]) => {
    const response = derefObject(ctx.doc, raw, `response ${status}`);
    const headers = isObject(response.headers) ? Object.entries(response.headers) : [];
    const headerRows = headers.map(([name, rawHeader]) => {
      const header = derefObject(ctx.doc, rawHeader, `header ${name}`);
      return html`<tr><td><code>${name}</code></td><td>${typeLabel(header.schema, ctx)}</td><td>${renderMarkdown(header.description as string | undefined, { codeLink: ctx.codeLink })}</td></tr>`;
    });
    const kind = status.startsWith("2")
      ? "ok"
      : status.startsWith("4") || status.startsWith("5")
        ? "err"
        : "other";
    return html`<div class="response">
<p class="status"><span class="status-code status-${kind}">${status}</span></p>
${extensionFacts(response)}
${renderMarkdown(response.description as string | undefined, { codeLink: ctx.codeLink })}
${headerRows.length > 0 && html`<table class="fields"><thead><tr><th>Header</th><th>Type</th><th>Description</th></tr></thead><tbody>${headerRows}</tbody></table>`}
${contentView(response.content, ctx, fieldAnchor(operation, status))}
</div>`;
  });
  return html`<h4>Responses</h4>${items}`;
}
