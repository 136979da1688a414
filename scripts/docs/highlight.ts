/**
 * A tiny TypeScript highlighter for the guide examples: comments, strings, keywords and numbers get a
 * class; every token is escaped.
 */
import { escapeHtml, SafeHtml } from "./html.js";

const TOKEN =
  /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)|\b(import|export|from|const|let|await|async|function|return|for|of|if|else|new|try|catch|finally|throw|type|interface|as|true|false|null|undefined|typeof)\b|\b(0x[0-9a-fA-F_]+|\d[\d_]*n?)\b/g;

const CLASSES = ["tok-comment", "tok-string", "tok-keyword", "tok-number"];

/**
 * Highlights TypeScript source.
 *
 * @param source - The source text.
 * @returns HTML for inside a `<code>` element.
 * @example highlightTypeScript('const a = "b";')
 */
export function highlightTypeScript(source: string): SafeHtml {
  let out = "";
  let last = 0;
  for (const match of source.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    out += escapeHtml(source.slice(last, index));
    const group = [1, 2, 3, 4].find((position) => match[position] !== undefined) ?? 1;
    out += `<span class="${CLASSES[group - 1]}">${escapeHtml(match[0])}</span>`;
    last = index + match[0].length;
  }
  out += escapeHtml(source.slice(last));
  return new SafeHtml(out);
}
