/**
 * Renders JSON Schemas (OpenAPI 3.1 and OpenRPC alike): a short type label that links to named
 * components, and a detailed view with fields, required flags, enums, patterns, bounds and variants.
 * Keywords the renderer has no special view for are still shown, as JSON, so nothing in a spec is hidden.
 */

import { isObject, type JsonObject as Json } from "../generate/json.js";
import { anchorId } from "./anchors.js";
import { fieldAnchor, selfLink } from "./deep-links.js";
import { displayExtension } from "./extensions.js";
import { html, joinHtml, type SafeHtml } from "./html.js";
import { jsonBlock, jsonInline } from "./json-block.js";
import { renderMarkdown } from "./markdown.js";
import { offscreenHeight } from "./offscreen-height.js";
import { componentOf, deref, refOf } from "./refs.js";

/** What the renderer needs from the page it renders for. */
export interface SchemaContext {
  /** The whole spec, to follow refs. */
  doc: Json;
  /** Links code spans in descriptions to items of the page. */
  codeLink: (code: string) => string | undefined;
}

// Keywords with their own view below; any other keyword falls through to "Other keywords".
const HANDLED = new Set([
  "$ref",
  "$schema",
  "$id",
  "$comment",
  "type",
  "title",
  "description",
  "properties",
  "required",
  "items",
  "prefixItems",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "enum",
  "const",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "default",
  "examples",
  "example",
  "deprecated",
  "readOnly",
  "writeOnly",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "contentEncoding",
  "contentMediaType",
]);

/**
 * A short label for a schema's type: `string`, `array of Hash32`, `Node | null`; named components link to
 * their section.
 *
 * @param schema - A schema (or reference object).
 * @param ctx - The page context.
 * @returns The label.
 * @example typeLabel({ type: "array", items: { $ref: "#/components/schemas/Node" } }, ctx)
 */
export function typeLabel(schema: unknown, ctx: SchemaContext): SafeHtml {
  if (schema === true || schema === undefined) return html`<span class="type">any</span>`;
  if (schema === false) return html`<span class="type">nothing</span>`;
  if (!isObject(schema)) return html`<span class="type">?</span>`;
  const ref = refOf(schema);
  if (ref !== undefined) {
    const component = componentOf(ref);
    if (component?.section === "schemas") {
      return html`<a class="type type-ref" href="${schemaLink(component.name)}">${component.name}</a>`;
    }
    return typeLabel(deref(ctx.doc, schema), ctx);
  }
  if ("const" in schema) return html`<span class="type">const</span> ${jsonInline(schema.const)}`;
  const variants = (schema.oneOf ?? schema.anyOf) as unknown;
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.length === 0 && Array.isArray(variants)) {
    return joinHtml(
      variants.map((variant) => typeLabel(variant, ctx)),
      ' <span class="type-sep">|</span> ',
    );
  }
  if (types.length === 0 && Array.isArray(schema.allOf) && schema.properties === undefined) {
    return joinHtml(
      schema.allOf.map((part) => typeLabel(part, ctx)),
      ' <span class="type-sep">&amp;</span> ',
    );
  }
  if (types.length === 0 && Array.isArray(schema.enum)) return html`<span class="type">enum</span>`;
  const names = types.length > 0 ? types.map(String) : [untypedName(schema)];
  const parts = names.map((name) => {
    if (name === "array" && schema.items !== undefined) {
      return html`<span class="type">array of</span> ${typeLabel(schema.items, ctx)}`;
    }
    const format =
      typeof schema.format === "string" && name !== "null"
        ? html` <span class="format">(${schema.format})</span>`
        : "";
    return html`<span class="type">${name}</span>${format}`;
  });
  const label = joinHtml(parts, ' <span class="type-sep">|</span> ');
  return Array.isArray(schema.enum) ? html`${label} <span class="type">enum</span>` : label;
}

function untypedName(schema: Json): string {
  if (schema.properties !== undefined || schema.required !== undefined) return "object";
  if (schema.if !== undefined) return "conditional";
  return "any";
}

/** Options for {@link schemaDetails}. */
export interface DetailOptions {
  /** Leave the description out (the caller already showed it). */
  skipDescription?: boolean;
  /** Expand a reference to a named schema one level (show the fields of the target). */
  expandRef?: boolean;
  /** The component name the schema is shown under; a `title` equal to it is not repeated. */
  name?: string;
  /** The anchor of what the schema describes (an operation's body, a schema): its fields get anchors under it. */
  anchor?: string;
}

/**
 * The detailed view of a schema: description, constraints, fields and variants.
 *
 * @param schema - A schema (or reference object).
 * @param ctx - The page context.
 * @param options - What to leave out or expand.
 * @returns The view (empty for a plain reference unless `expandRef`).
 * @example schemaDetails(spec.components.schemas.Node, ctx)
 */
export function schemaDetails(schema: unknown, ctx: SchemaContext, options: DetailOptions = {}): SafeHtml {
  if (!isObject(schema)) return html``;
  const ref = refOf(schema);
  if (ref !== undefined) {
    const siblings = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== "$ref"));
    const own = Object.keys(siblings).length > 0 ? schemaDetails(siblings, ctx, options) : html``;
    if (!options.expandRef) return own;
    const component = componentOf(ref);
    const target = deref(ctx.doc, schema);
    const skip = options.skipDescription || typeof siblings.description === "string";
    return html`${own}${component && html`<p class="see">Schema <a href="${schemaLink(component.name)}">${component.name}</a>:</p>`}${schemaDetails(target, ctx, { skipDescription: skip, name: component?.name, anchor: options.anchor })}`;
  }
  return html`${!options.skipDescription && typeof schema.title === "string" && schema.title !== options.name && html`<p class="schema-title">${schema.title}</p>`}
${!options.skipDescription && renderMarkdown(schema.description as string | undefined, { codeLink: ctx.codeLink })}
${constraints(schema)}
${propertiesTable(schema, ctx, options.anchor)}
${itemsView(schema, ctx, options.anchor)}
${variantsView(schema, ctx, options.anchor)}
${conditionalView(schema, ctx)}
${structuredExamples(schema)}
${otherKeywords(schema)}`;
}

function constraints(schema: Json): SafeHtml {
  const facts: SafeHtml[] = [];
  const add = (label: string, value: unknown) => {
    if (value !== undefined)
      facts.push(html`<li><span class="fact">${label}</span> ${jsonInline(value)}</li>`);
  };
  if (typeof schema.format === "string")
    facts.push(html`<li><span class="fact">format</span> <code>${schema.format}</code></li>`);
  if (typeof schema.pattern === "string")
    facts.push(
      html`<li><span class="fact">pattern</span> <code class="pattern">${schema.pattern}</code></li>`,
    );
  add("min length", schema.minLength);
  add("max length", schema.maxLength);
  add("minimum", schema.minimum);
  add("maximum", schema.maximum);
  add("greater than", schema.exclusiveMinimum);
  add("less than", schema.exclusiveMaximum);
  add("multiple of", schema.multipleOf);
  add("min items", schema.minItems);
  add("max items", schema.maxItems);
  add("min properties", schema.minProperties);
  add("max properties", schema.maxProperties);
  if (schema.uniqueItems === true) facts.push(html`<li><span class="fact">unique items</span></li>`);
  add("default", schema.default);
  add("content encoding", schema.contentEncoding);
  add("content media type", schema.contentMediaType);
  if (schema.deprecated === true) facts.push(html`<li><span class="badge badge-warn">deprecated</span></li>`);
  if (schema.readOnly === true) facts.push(html`<li><span class="badge">read-only</span></li>`);
  if (schema.writeOnly === true) facts.push(html`<li><span class="badge">write-only</span></li>`);
  if (Array.isArray(schema.enum)) {
    facts.push(
      html`<li><span class="fact">one of</span> ${joinHtml(schema.enum.map(jsonInline), ", ")}</li>`,
    );
  }
  for (const [key, value] of Object.entries(schema)) {
    const shown = key.startsWith("x-") ? displayExtension(key, value) : undefined;
    if (shown && "badge" in shown)
      facts.push(html`<li><span class="badge" title="${shown.title}">${shown.badge}</span></li>`);
    else if (shown) facts.push(html`<li><span class="fact">${shown.fact}</span> ${shown.value}</li>`);
  }
  const examples = Array.isArray(schema.examples)
    ? schema.examples
    : "example" in schema
      ? [schema.example]
      : [];
  const simple = examples.every((example) => !isObject(example) && !Array.isArray(example));
  if (examples.length > 0 && simple) {
    facts.push(
      html`<li><span class="fact">example${examples.length > 1 && "s"}</span> ${joinHtml(examples.map(jsonInline), ", ")}</li>`,
    );
  }
  return facts.length > 0 ? html`<ul class="facts">${facts}</ul>` : html``;
}

// Object and array examples get code blocks after the fields; scalar ones are listed with the facts.
function structuredExamples(schema: Json): SafeHtml {
  const examples = Array.isArray(schema.examples)
    ? schema.examples
    : "example" in schema
      ? [schema.example]
      : [];
  if (examples.every((example) => !isObject(example) && !Array.isArray(example))) return html``;
  return html`<div class="schema-examples">${examples.map((example, index) => html`<p class="example-title">Example${examples.length > 1 && ` ${index + 1}`}</p>${jsonBlock(example)}`)}</div>`;
}

function propertiesTable(schema: Json, ctx: SchemaContext, anchor: string | undefined): SafeHtml {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const names = Object.keys(properties);
  const rows = names.map((name) => {
    const property = properties[name];
    const isRequired = required.includes(name);
    const id = anchor === undefined ? undefined : fieldAnchor(anchor, name);
    return html`<tr${id !== undefined && html` id="${id}"`}>
<td class="field-name"><code>${name}</code>${id !== undefined && selfLink(id, `field ${name}`)}${isRequired ? html` <span class="required">required</span>` : html` <span class="optional">optional</span>`}</td>
<td class="field-type">${typeLabel(property, ctx)}</td>
<td class="field-doc">${schemaDetails(property, ctx, { anchor: id })}</td>
</tr>`;
  });
  const missing = required.filter((name) => !names.includes(name));
  const extra: SafeHtml[] = [];
  if (missing.length > 0) {
    extra.push(
      html`<p class="note">Required: ${joinHtml(
        missing.map((name) => html`<code>${name}</code>`),
        ", ",
      )}</p>`,
    );
  }
  if (schema.additionalProperties === false) {
    extra.push(html`<p class="note">No other properties are allowed.</p>`);
  } else if (schema.additionalProperties !== undefined && schema.additionalProperties !== true) {
    extra.push(
      html`<div class="sub"><p class="note">Other properties: ${typeLabel(schema.additionalProperties, ctx)}</p>${schemaDetails(schema.additionalProperties, ctx)}</div>`,
    );
  } else if (schema.additionalProperties === true && names.length > 0) {
    extra.push(html`<p class="note">Other properties are allowed.</p>`);
  }
  if (isObject(schema.patternProperties)) {
    for (const [pattern, sub] of Object.entries(schema.patternProperties)) {
      extra.push(
        html`<div class="sub"><p class="note">Properties matching <code class="pattern">${pattern}</code>: ${typeLabel(sub, ctx)}</p>${schemaDetails(sub, ctx)}</div>`,
      );
    }
  }
  if (schema.propertyNames !== undefined) {
    extra.push(
      html`<div class="sub"><p class="note">Property names:</p>${schemaDetails(schema.propertyNames, ctx)}</div>`,
    );
  }
  if (rows.length === 0) return joinHtml(extra);
  return html`<table class="fields"><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>${extra}`;
}

function itemsView(schema: Json, ctx: SchemaContext, anchor: string | undefined): SafeHtml {
  const parts: SafeHtml[] = [];
  if (Array.isArray(schema.prefixItems)) {
    schema.prefixItems.forEach((item, index) => {
      parts.push(
        html`<div class="sub"><p class="note">Item ${index}: ${typeLabel(item, ctx)}</p>${schemaDetails(item, ctx)}</div>`,
      );
    });
  }
  const items = schema.items;
  // A referenced item type is already a link in the label; only inline item schemas need their own view.
  if (isObject(items) && refOf(items) === undefined) {
    const inner = schemaDetails(items, ctx, { anchor: anchor && fieldAnchor(anchor, "items") });
    if (inner.value.trim() !== "")
      parts.push(html`<div class="sub"><p class="note">Items:</p>${inner}</div>`);
  }
  return joinHtml(parts);
}

function variantsView(schema: Json, ctx: SchemaContext, anchor: string | undefined): SafeHtml {
  const blocks: SafeHtml[] = [];
  for (const [keyword, title] of [
    ["oneOf", "Exactly one of"],
    ["anyOf", "Any of"],
    ["allOf", "All of"],
  ] as const) {
    const variants = schema[keyword];
    if (!Array.isArray(variants)) continue;
    // Each variant's fields are named under it (`…oneOf1.kind`): two variants may share a field name.
    const items = variants.map(
      (variant, index) =>
        html`<li><div class="variant-label">${typeLabel(variant, ctx)}</div>${schemaDetails(variant, ctx, { anchor: anchor && fieldAnchor(anchor, `${keyword}${index + 1}`) })}</li>`,
    );
    blocks.push(html`<div class="variants"><p class="note">${title}:</p><ol>${items}</ol></div>`);
  }
  if (schema.not !== undefined) {
    blocks.push(
      html`<div class="variants"><p class="note">Must not match: ${typeLabel(schema.not, ctx)}</p>${schemaDetails(schema.not, ctx)}</div>`,
    );
  }
  return joinHtml(blocks);
}

function conditionalView(schema: Json, ctx: SchemaContext): SafeHtml {
  if (schema.if === undefined) return html``;
  const branch = (label: string, value: unknown) =>
    value === undefined
      ? ""
      : html`<div class="cond-branch"><p class="note">${label}</p>${schemaDetails(value, ctx)}</div>`;
  return html`<div class="conditional">${branch("If the value matches:", schema.if)}${branch("then it must match:", schema.then)}${branch("otherwise it must match:", schema.else)}</div>`;
}

function otherKeywords(schema: Json): SafeHtml {
  const rest = Object.entries(schema).filter(([key]) => !HANDLED.has(key) && !key.startsWith("x-"));
  if (rest.length === 0) return html``;
  return html`<div class="other"><p class="note">Other keywords:</p>${jsonBlock(Object.fromEntries(rest), "keywords")}</div>`;
}

/**
 * Renders a named component schema as its own section with an anchor.
 *
 * @param name - The component name.
 * @param schema - The schema.
 * @param ctx - The page context.
 * @returns The section.
 * @example schemaSection("Node", spec.components.schemas.Node, ctx)
 */
export function schemaSection(name: string, schema: unknown, ctx: SchemaContext): SafeHtml {
  const id = anchorId("schema", name);
  const content = html`<h3>${name}${selfLink(id, `schema ${name}`)}</h3>
<p class="schema-type">${typeLabel(schema, ctx)}</p>
${schemaDetails(schema, ctx, { name, anchor: id })}`;
  return html`<section class="schema" id="${id}" style="${offscreenHeight(content)}">
${content}
</section>`;
}

/** The link to a component schema's section. */
function schemaLink(name: string): string {
  return `#${anchorId("schema", name)}`;
}
