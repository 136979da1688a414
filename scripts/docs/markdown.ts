/**
 * A small, safe Markdown subset for spec descriptions: paragraphs, headings, bullet and numbered lists,
 * fenced code blocks, code spans, bold, italics and links. Text is escaped before any markup is added,
 * and links only keep targets on the portal's own site and plain http(s) links (`link-target.ts`).
 */
import { escapeHtml, SafeHtml } from "./html.js";
import { linkTarget } from "./link-target.js";

/** Options for {@link renderMarkdown}. */
export interface MarkdownOptions {
  /** Returns a link target for a code span naming something on the site (a schema, an operation), if any. */
  codeLink?: (code: string) => string | undefined;
}

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;
// A private-use character stands in for a finished link while emphasis runs, so `*` in a URL can never
// become a tag (it is removed from the input first, so spec text cannot forge one).
const LINK_SLOT = /\uE000(\d+)\uE000/g;

/**
 * Renders Markdown text to HTML.
 *
 * @param text - Untrusted Markdown from a spec.
 * @param options - Optional code-span linking.
 * @returns Safe HTML.
 * @example renderMarkdown("Use `Node` **now**.") // <p>Use <code>Node</code> <strong>now</strong>.</p>
 */
export function renderMarkdown(text: string | undefined, options: MarkdownOptions = {}): SafeHtml {
  if (!text) return new SafeHtml("");
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? "";
    if (line.trim() === "") {
      index += 1;
      continue;
    }
    const fence = /^\s*(```+|~~~+)\s*([\w-]*)\s*$/.exec(line);
    if (fence) {
      const [, marker = "```", language] = fence;
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !(lines[index] ?? "").trim().startsWith(marker)) {
        body.push(lines[index] ?? "");
        index += 1;
      }
      index += 1;
      const languageClass = language ? ` class="language-${escapeHtml(language)}"` : "";
      out.push(`<pre tabindex="0"><code${languageClass}>${escapeHtml(body.join("\n"))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(6, (heading[1] ?? "#").length + 3);
      out.push(`<h${level}>${renderInline(heading[2] ?? "", options)}</h${level}>`);
      index += 1;
      continue;
    }
    const listKind = listItemKind(line);
    if (listKind) {
      const items: string[] = [];
      while (index < lines.length) {
        const current = lines[index] ?? "";
        if (listItemKind(current) === listKind) {
          items.push(current.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ""));
        } else if (/^\s+\S/.test(current) && items.length > 0) {
          items[items.length - 1] += ` ${current.trim()}`;
        } else {
          break;
        }
        index += 1;
      }
      const tag = listKind === "bullet" ? "ul" : "ol";
      out.push(`<${tag}>${items.map((item) => `<li>${renderInline(item, options)}</li>`).join("")}</${tag}>`);
      continue;
    }
    const paragraph: string[] = [];
    while (index < lines.length) {
      const current = lines[index] ?? "";
      if (current.trim() === "" || listItemKind(current) || /^\s*(```|~~~|#{1,6}\s)/.test(current)) break;
      paragraph.push(current.trim());
      index += 1;
    }
    out.push(`<p>${renderInline(paragraph.join(" "), options)}</p>`);
  }
  return new SafeHtml(out.join("\n"));
}

function listItemKind(line: string): "bullet" | "ordered" | undefined {
  if (/^\s{0,3}[-*+]\s+\S/.test(line)) return "bullet";
  if (/^\s{0,3}\d+[.)]\s+\S/.test(line)) return "ordered";
  return undefined;
}

/**
 * Renders one line of inline Markdown (code spans, bold, italics, links).
 *
 * @param text - Untrusted Markdown text.
 * @param options - Optional code-span linking.
 * @returns Safe HTML without a wrapping element.
 * @example renderInline("`a` and **b**")
 */
export function renderInline(text: string, options: MarkdownOptions = {}): SafeHtml {
  const parts = text.split(/(`+[^`]*?`+)/);
  const html = parts
    .map((part, position) => {
      if (position % 2 === 1) {
        const code = part.replace(/^`+\s?|\s?`+$/g, "");
        const codeHtml = `<code>${escapeHtml(code)}</code>`;
        const target = options.codeLink?.(code);
        return target ? `<a href="${escapeHtml(target)}">${codeHtml}</a>` : codeHtml;
      }
      return emphasis(escapeHtml(part));
    })
    .join("");
  return new SafeHtml(html);
}

// Runs on already-escaped text: the patterns only add tags around text that stays escaped. Links are
// set aside first, so emphasis applies to their labels and around them but never inside an href.
function emphasis(escaped: string): string {
  const links: string[] = [];
  const withSlots = escaped.replace(/\uE000/g, "").replace(LINK, (whole, label: string, url: string) => {
    const target = linkTarget(url.replace(/&amp;/g, "&"));
    if (target === undefined) return whole;
    const rel = target.external ? ' rel="external noopener noreferrer"' : "";
    links.push(`<a href="${url}"${rel}>${strongAndEm(label)}</a>`);
    return `\uE000${links.length - 1}\uE000`;
  });
  return strongAndEm(withSlots).replace(LINK_SLOT, (_slot, index: string) => links[Number(index)] ?? "");
}

function strongAndEm(escaped: string): string {
  return escaped
    .replace(/\*\*([^*]+?)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*\w])\*([^*\s](?:[^*]*?[^*\s])?)\*(?![*\w])/g, "$1<em>$2</em>");
}
