import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/** Most bytes of a decoded body the checks read: beyond it, a body is not checked (it still passes through whole). */
const MAX_DECODED_BYTES = 32 * 1024 * 1024;

/**
 * A body's text for the checks, undoing its `Content-Encoding` (gzip, deflate, br); the bytes that
 * pass through the proxy are never touched. An encoding it cannot undo gives `undefined`.
 *
 * @example
 * import { gzipSync } from "node:zlib";
 * decodedBody(gzipSync("{}"), "gzip"); // "{}"
 */
export function decodedBody(bytes: Buffer, encoding: string | undefined): string | undefined {
  const codings = (encoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  let body = bytes;
  try {
    for (const coding of codings.reverse()) {
      const options = { maxOutputLength: MAX_DECODED_BYTES };
      if (coding === "gzip" || coding === "x-gzip") body = gunzipSync(body, options);
      else if (coding === "deflate") body = inflateSync(body, options);
      else if (coding === "br") body = brotliDecompressSync(body, options);
      else return undefined;
    }
  } catch {
    return undefined;
  }
  return body.length > MAX_DECODED_BYTES ? undefined : body.toString("utf8");
}
