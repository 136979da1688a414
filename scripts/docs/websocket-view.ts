/**
 * The WebSocket section of an OpenAPI page, from the spec's `x-websocket`: what the socket carries,
 * then one row per subscription type with the channel its messages arrive on and links to the
 * schemas of the subscription object and of each message's `data`.
 */

import { isObject, type JsonObject as Json } from "../generate/json.js";
import { anchorId } from "./anchors.js";
import { html, type SafeHtml } from "./html.js";
import { renderMarkdown } from "./markdown.js";
import { componentOf, refOf } from "./refs.js";
import type { SchemaContext } from "./schema-view.js";

/**
 * Renders `x-websocket`, or nothing when the spec has none.
 *
 * @param doc - The spec.
 * @param ctx - The page context (its code links reach the schemas).
 * @returns The section, or `undefined`.
 * @example websocketView(spec.doc, ctx)
 */
export function websocketView(doc: Json, ctx: SchemaContext): SafeHtml | undefined {
  const socket = doc["x-websocket"];
  if (!isObject(socket)) return undefined;
  const channels = isObject(socket.channels) ? Object.entries(socket.channels) : [];
  const rows = channels.map(([type, entry]) => {
    const channel = isObject(entry) ? entry : {};
    return html`<tr><td><code>${type}</code></td><td><code>${String(channel.channel ?? type)}</code></td><td>${schemaLink(channel.subscription)}</td><td>${schemaLink(channel.data)}</td></tr>`;
  });
  return html`<section id="${anchorId("section", "websocket")}">
<h2>WebSocket <code>${String(socket.path ?? "")}</code></h2>
${renderMarkdown(socket.description as string | undefined, { codeLink: ctx.codeLink })}
<table><thead><tr><th>subscription <code>type</code></th><th>channel</th><th>subscription</th><th>message <code>data</code></th></tr></thead>
<tbody>${rows}</tbody></table>
</section>`;
}

function schemaLink(value: unknown): SafeHtml | string {
  const ref = refOf(value);
  const name = ref === undefined ? undefined : componentOf(ref)?.name;
  return name === undefined ? "" : html`<a href="#${anchorId("schema", name)}"><code>${name}</code></a>`;
}
