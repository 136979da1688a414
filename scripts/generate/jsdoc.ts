import { commentText } from "./source-text.js";

/** The parts of a doc comment, each optional; empty parts are left out. */
export interface DocParts {
  summary?: string | undefined;
  description?: string | undefined;
  /** Free paragraphs after the description (e.g. the HTTP method and path). */
  notes?: readonly string[];
  params?: readonly { name: string; text?: string | undefined }[];
  returns?: string | undefined;
  /** TypeScript code shown under `@example`. */
  example?: string | undefined;
  deprecated?: boolean;
}

/**
 * The inner text of a doc comment (no `/**` or ` * ` prefixes), paragraphs separated by blank lines.
 * ts-morph adds the prefixes; `renderDoc` adds them for hand-built files.
 */
export function docText(parts: DocParts): string {
  const paragraphs: string[] = [];
  const summary = parts.summary?.trim();
  const description = parts.description?.trim();
  if (summary) paragraphs.push(summary);
  if (description && description !== summary) paragraphs.push(description);
  for (const note of parts.notes ?? []) paragraphs.push(note);
  const tags: string[] = [];
  for (const param of parts.params ?? [])
    tags.push(`@param ${param.name}${param.text ? ` - ${oneLine(param.text)}` : ""}`);
  if (parts.returns) tags.push(`@returns ${oneLine(parts.returns)}`);
  if (parts.deprecated) tags.push("@deprecated");
  if (parts.example) tags.push(`@example\n\`\`\`ts\n${parts.example}\n\`\`\``);
  if (tags.length > 0) paragraphs.push(tags.join("\n"));
  return commentText(paragraphs.join("\n\n"));
}

/** A complete doc comment indented by `indent`. */
export function renderDoc(parts: DocParts, indent = ""): string {
  const lines = docText(parts).split("\n");
  return [
    `${indent}/**`,
    ...lines.map((line) => `${indent} *${line ? ` ${line}` : ""}`),
    `${indent} */`,
  ].join("\n");
}

function oneLine(text: string): string {
  return text.trim().replace(/\s*\n\s*/g, " ");
}
