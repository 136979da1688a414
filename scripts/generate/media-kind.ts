/**
 * How a body of a media type travels, which decides its TypeScript type and how the runtime sends
 * or reads it:
 * - `json`: `application/json` and any `…+json`: parsed, validated, typed by its schema;
 * - `form`: `application/x-www-form-urlencoded`: an object sent as form fields;
 * - `multipart`: `multipart/*`: a `FormData`;
 * - `text`: `text/*`, XML, YAML, CSV: a string;
 * - `binary`: everything else (octet-stream, images, PDF, `*∕*`): bytes, never decoded as text.
 */
export type MediaKind = "json" | "form" | "multipart" | "text" | "binary";

/** The {@link MediaKind} of a media type (parameters such as `; charset=utf-8` are ignored). */
export function mediaKind(mediaType: string): MediaKind {
  const type = mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type)) return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type.startsWith("multipart/")) return "multipart";
  if (type.startsWith("text/") || /^application\/([\w.+-]+\+)?(xml|yaml|x-yaml|csv)$/.test(type))
    return "text";
  return "binary";
}
