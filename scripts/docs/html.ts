/**
 * Safe HTML building: every interpolated value is escaped unless it is already `SafeHtml`, so spec text can
 * never inject markup into a page.
 */

/** A fragment of HTML that is already safe to insert as is. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

/** Values a template may interpolate: `false`, `null` and `undefined` render nothing (for `cond && html\`…\``). */
export type HtmlValue = SafeHtml | string | number | false | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for HTML element content and double- or single-quoted attribute values.
 *
 * @param text - Untrusted text.
 * @returns The text with `& < > " '` replaced by entities.
 * @example escapeHtml('<b class="x">') // "&lt;b class=&quot;x&quot;&gt;"
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function renderValue(value: HtmlValue): string {
  if (value === false || value === null || value === undefined) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join("");
  return escapeHtml(String(value));
}

/**
 * Tagged template for HTML: the literal parts are trusted, every interpolation is escaped.
 *
 * @returns The assembled fragment.
 * @example html`<p>${userText}</p>` // escapes userText
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += renderValue(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(out);
}

/**
 * Joins fragments (escaping plain strings) into one fragment.
 *
 * @param parts - Fragments or text.
 * @param separator - Trusted HTML placed between parts.
 * @returns The joined fragment.
 * @example joinHtml([html`<b>a</b>`, "b"], ", ")
 */
export function joinHtml(parts: readonly HtmlValue[], separator = ""): SafeHtml {
  return new SafeHtml(parts.map(renderValue).join(separator));
}
