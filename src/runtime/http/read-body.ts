import { ResponseTooLargeError } from "../errors/response-too-large-error.js";

/** Where an answer came from, for the error when it is too large. */
export interface BodySource {
  /** The request URL with credentials replaced by `***`. */
  url: string;
}

/**
 * Reads a response body as text, stopping as soon as it passes `limit` bytes: a server cannot make
 * the client buffer more than that, whatever it sends. A body that declares a `Content-Length` over
 * the limit is refused before a byte of it is read.
 *
 * A body with a `Content-Length` within the limit and no `Content-Encoding` is read with
 * `response.text()`: fetch reads exactly that many bytes, so it cannot grow past the limit. Any
 * other body (chunked, or compressed, which fetch inflates and which may inflate to far more than
 * it declares) is read chunk by chunk and counted after inflation.
 *
 * @param response - The fetch response.
 * @param limit - The most bytes to read (`Infinity`: no limit).
 * @param source - Names the request in the error.
 * @returns The body as UTF-8 text.
 * @throws {ResponseTooLargeError} when the body is larger than `limit`; the rest is not read.
 * @example
 * const response = await fetch("http://127.0.0.1:8080/big");
 * const text = await readBodyWithin(response, 1024 * 1024, { url: "http://127.0.0.1:8080/big" });
 */
export async function readBodyWithin(response: Response, limit: number, source: BodySource): Promise<string> {
  if (response.body === null) return "";
  if (limit === Number.POSITIVE_INFINITY) return response.text();
  const declared = declaredLength(response);
  if (declared !== undefined) {
    if (declared <= limit) return response.text();
    await response.body.cancel().catch(ignore);
    throw new ResponseTooLargeError({ limit, url: source.url });
  }
  // One decode of the whole body: most answers arrive as a single chunk.
  return DECODER.decode(await readChunksWithin(response.body, limit, source));
}

/**
 * Reads a response body as bytes, never decoded (an image, a PDF, a tarball), within `limit` bytes
 * like {@link readBodyWithin}.
 *
 * @example
 * const response = await fetch("http://127.0.0.1:8080/logo.png");
 * const bytes = await readBytesWithin(response, 1024 * 1024, { url: "http://127.0.0.1:8080/logo.png" });
 */
export async function readBytesWithin(
  response: Response,
  limit: number,
  source: BodySource,
): Promise<Uint8Array> {
  if (response.body === null) return new Uint8Array();
  const declared = declaredLength(response);
  if (declared !== undefined && declared > limit) {
    await response.body.cancel().catch(ignore);
    throw new ResponseTooLargeError({ limit, url: source.url });
  }
  return readChunksWithin(response.body, limit, source);
}

async function readChunksWithin(
  body: ReadableStream<Uint8Array>,
  limit: number,
  source: BodySource,
): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(ignore);
      throw new ResponseTooLargeError({ limit, url: source.url });
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : joined(chunks, size);
}

const DECODER = new TextDecoder();

function joined(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

/** The body's length as sent, when the answer says it and the bytes are not compressed. */
function declaredLength(response: Response): number | undefined {
  const encoding = response.headers.get("content-encoding");
  if (encoding !== null && encoding.trim().toLowerCase() !== "identity") return undefined;
  const header = response.headers.get("content-length");
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header);
}

function ignore(): void {}
