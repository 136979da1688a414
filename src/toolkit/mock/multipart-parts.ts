/** One part of a `multipart/form-data` body: its field name, its text, and whether it is a file. */
export interface MultipartPart {
  name: string;
  value: string;
  file: boolean;
}

/**
 * The parts of a `multipart/form-data` body, read as text (a file's bytes matter to the mock only
 * in that they are there). A body with no boundary in its content type, or none in the text, has
 * no parts.
 *
 * @param contentType - The request's `Content-Type`, with its `boundary`.
 * @param body - The body as text.
 * @returns The parts in order.
 * @example
 * multipartParts('multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n');
 * // [{ name: "a", value: "1", file: false }]
 */
export function multipartParts(contentType: string, body: string): MultipartPart[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary === undefined) return [];
  const parts: MultipartPart[] = [];
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith("--")) break;
    const split = chunk.indexOf("\r\n\r\n");
    if (split === -1) continue;
    const head = chunk.slice(0, split);
    const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) continue;
    parts.push({
      name,
      value: chunk.slice(split + 4).replace(/\r\n$/, ""),
      file: /\bfilename\*?=/i.test(disposition),
    });
  }
  return parts;
}
