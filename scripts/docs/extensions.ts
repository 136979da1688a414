/**
 * How the portal shows the specs' `x-` extensions to a reader: a badge, a labelled fact in plain
 * words, or nothing when the extension only steers chainkit's tools. Extension names never reach the
 * page: they are the specs' vocabulary, not the reader's.
 */

import { isObject } from "../generate/json.js";
import { anchorId } from "./anchors.js";
import { html, type SafeHtml } from "./html.js";
import { jsonInline } from "./json-block.js";
import { componentOf } from "./refs.js";

/** One extension as the reader sees it. */
export type ExtensionDisplay =
  /** A short label, explained on hover. */
  | { badge: string; title: string }
  /** A labelled value, like the schema facts (`minimum`, `format`). */
  | { fact: string; value: SafeHtml };

type Display = (value: unknown) => ExtensionDisplay | undefined;

const badge =
  (label: string, title: string): Display =>
  (value) =>
    value === true ? { badge: label, title } : undefined;

const fact =
  (label: string, show: (value: unknown) => SafeHtml = valueHtml): Display =>
  (value) => ({ fact: label, value: show(value) });

/** Each extension the specs use, and how a reader sees it (`undefined`: not shown). */
export const EXTENSION_DISPLAYS: Readonly<Record<string, Display>> = Object.freeze({
  "x-idempotent": badge(
    "safe to retry",
    "Safe to repeat, so chainkit retries it after a network error, a rate limit or a 502, 503 or 504.",
  ),
  "x-beyond-interface": badge(
    "beyond the published reference",
    "Not in the provider's published reference, but the service serves it.",
  ),
  "x-secret": badge("secret", "A credential: chainkit never logs it or shows it in errors."),
  "x-request-units": fact("request units"),
  "x-error-schema": fact("error body"),
  "x-paging": fact("pages", pagingHtml),
  "x-rule": fact("rule", ruleHtml),
  // Names the provider's own documentation uses; the descriptions say so in words.
  "x-interface-name": () => undefined,
  // Generator settings.
  "x-chainkit-validators": () => undefined,
  "x-security": () => undefined,
  // Narrows a result's TypeScript type by a param's value; the method's description says it in words.
  "x-result-when": () => undefined,
  // The document's WebSocket: shown as its own section (`websocket-view.ts`).
  "x-websocket": () => undefined,
});

/**
 * How the portal shows one extension.
 *
 * @param key - The extension's name (`x-…`).
 * @param value - Its value in the spec.
 * @returns A badge or a fact, or `undefined` when a reader has no use for it. An extension missing
 *   from {@link EXTENSION_DISPLAYS} is shown as a fact under its own name.
 * @example
 * displayExtension("x-request-units", 1); // { fact: "request units", value: <code>1</code> }
 */
export function displayExtension(key: string, value: unknown): ExtensionDisplay | undefined {
  const display = EXTENSION_DISPLAYS[key];
  return display ? display(value) : { fact: key, value: valueHtml(value) };
}

/** A value, linking a component schema reference (`#/components/schemas/X`) to its section. */
function valueHtml(value: unknown): SafeHtml {
  const component = typeof value === "string" ? componentOf(value) : undefined;
  return component?.section === "schemas"
    ? html`<a href="#${anchorId("schema", component.name)}">${component.name}</a>`
    : jsonInline(value);
}

/** `{ items: "transactions", key: ["hash"] }`: the list that pages, and what tells its items apart. */
function pagingHtml(value: unknown): SafeHtml {
  if (!isObject(value) || typeof value.items !== "string") return jsonInline(value);
  const key = Array.isArray(value.key) ? value.key.map(String) : [];
  return html`<code>${value.items}</code>${key.length > 0 && html`, an item known by <code>${key.join(" + ")}</code>`}`;
}

/** `{ field, message }`: the rule's message, as a refused request states it. */
function ruleHtml(value: unknown): SafeHtml {
  return isObject(value) && typeof value.message === "string" ? html`${value.message}` : jsonInline(value);
}
