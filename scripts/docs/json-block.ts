/**
 * Pretty-printed JSON examples; long ones fold away so a page stays readable.
 */
import { type HtmlValue, html, type SafeHtml } from "./html.js";

const FOLD_AFTER_LINES = 30;

/**
 * Renders a value as an indented JSON code block, folded when it is long.
 *
 * @param value - The example value.
 * @param label - Shown on the fold ("Show example").
 * @returns The code block.
 * @example jsonBlock({ id: 1 })
 */
export function jsonBlock(value: unknown, label = "example"): SafeHtml {
  const text = value === undefined ? "undefined" : JSON.stringify(value, null, 2);
  const lines = text.split("\n").length;
  // Focusable: a long example scrolls inside its box, and keyboard readers must be able to scroll it too.
  const block = html`<pre class="json" tabindex="0"><code>${text}</code></pre>`;
  if (lines <= FOLD_AFTER_LINES) return block;
  return html`<details class="fold"><summary>Show ${label} (${lines} lines)</summary>${block}</details>`;
}

/**
 * Renders a short inline JSON literal (`"latest"`, `1`, `null`).
 *
 * @param value - A JSON value.
 * @returns A code element.
 * @example jsonInline("latest") // <code>"latest"</code>
 */
export function jsonInline(value: unknown): SafeHtml {
  return html`<code>${JSON.stringify(value)}</code>`;
}

/**
 * Renders a titled example: name, summary, Markdown description and the value.
 *
 * @param title - The example's name.
 * @param summary - One line about it.
 * @param description - Already rendered description.
 * @param value - The example value.
 * @returns The example block.
 * @example exampleBlock("first", "A page", undefined, { count: 1 })
 */
export function exampleBlock(
  title: string,
  summary: unknown,
  description: HtmlValue,
  value: unknown,
): SafeHtml {
  return html`<div class="example">
<p class="example-title"><span class="example-name">${title}</span>${typeof summary === "string" && html` — ${summary}`}</p>
${description}
${jsonBlock(value)}
</div>`;
}
