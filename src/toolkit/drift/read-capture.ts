import { readFile } from "node:fs/promises";
import type { CapturedExchange } from "./captured-exchange.js";
import { DriftSourceError } from "./drift-source-error.js";
import { isObject, type Loose } from "./spec-schemas.js";

/**
 * Reads recorded traffic: a HAR file (HTTP Archive 1.2, as browsers, proxies and HAR-writing
 * clients save it: `log.entries[].request` and `.response`, a body's `content.text` maybe base64)
 * or the NDJSON the proxy writes (`--record`). Entries with no answer (`status` 0) are skipped.
 *
 * @param file - The capture file.
 * @returns The exchanges, in the file's order.
 * @throws {DriftSourceError} When the file is neither, naming the entry or line at fault.
 * @example
 * const exchanges = await readCapture("traffic.har");
 */
export async function readCapture(file: string): Promise<CapturedExchange[]> {
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new DriftSourceError(
      file,
      `cannot be read (${error.code ?? error.message}); give a .har file or the NDJSON chainkit proxy --record writes`,
    );
  });
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{")) {
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      return readNdjson(file, text);
    }
    if (isObject(document) && isObject(document.log)) return readHar(file, document.log);
    return readNdjson(file, text);
  }
  if (trimmed === "") return [];
  throw new DriftSourceError(file, "is neither a HAR file nor NDJSON of chainkit proxy --record");
}

function readHar(file: string, log: Loose): CapturedExchange[] {
  if (!Array.isArray(log.entries)) throw new DriftSourceError(file, "is a HAR file without log.entries");
  const exchanges: CapturedExchange[] = [];
  log.entries.forEach((entry: unknown, index) => {
    const where = `${file}: log.entries[${index}]`;
    if (!isObject(entry) || !isObject(entry.request) || !isObject(entry.response)) {
      throw new DriftSourceError(where, "needs a request and a response");
    }
    const { request, response } = entry;
    if (typeof request.url !== "string" || typeof request.method !== "string") {
      throw new DriftSourceError(`${where}.request`, "needs a method and a url");
    }
    const status = Number(response.status);
    if (!Number.isInteger(status) || status <= 0) return;
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      throw new DriftSourceError(`${where}.request.url`, "is not an absolute URL");
    }
    const postData = isObject(request.postData) ? request.postData : {};
    const content = isObject(response.content) ? response.content : {};
    const requestHeaders = harHeaders(request.headers);
    if ((url.username || url.password) && requestHeaders.authorization === undefined) {
      // Credentials in the URL act as basic auth: keep them as such, so they are masked like one.
      const user = decodeURIComponent(url.username);
      const password = decodeURIComponent(url.password);
      requestHeaders.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
    }
    exchanges.push({
      method: request.method,
      target: `${url.pathname}${url.search}`,
      requestHeaders,
      requestBody: typeof postData.text === "string" ? postData.text : "",
      status,
      responseHeaders: harHeaders(response.headers),
      responseBody:
        typeof content.text !== "string"
          ? ""
          : content.encoding === "base64"
            ? Buffer.from(content.text, "base64").toString("utf8")
            : content.text,
    });
  });
  return exchanges;
}

function harHeaders(list: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!Array.isArray(list)) return headers;
  for (const header of list) {
    if (!isObject(header) || typeof header.name !== "string" || typeof header.value !== "string") continue;
    const name = header.name.toLowerCase();
    // HTTP/2 pseudo-headers (:authority, :path) are not headers of the message.
    if (name.startsWith(":")) continue;
    headers[name] = Object.hasOwn(headers, name) ? `${headers[name]}, ${header.value}` : header.value;
  }
  return headers;
}

function readNdjson(file: string, text: string): CapturedExchange[] {
  const exchanges: CapturedExchange[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    const where = `${file}: line ${index + 1}`;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      throw new DriftSourceError(where, "is not JSON; each line of the proxy's NDJSON is one exchange");
    }
    if (
      !isObject(entry) ||
      typeof entry.method !== "string" ||
      typeof entry.target !== "string" ||
      !Number.isInteger(entry.status)
    ) {
      throw new DriftSourceError(
        where,
        "is not an exchange of chainkit proxy --record (method, target, status, headers, bodies)",
      );
    }
    exchanges.push({
      method: entry.method,
      target: entry.target,
      requestHeaders: stringRecord(entry.requestHeaders),
      requestBody: typeof entry.requestBody === "string" ? entry.requestBody : "",
      status: entry.status as number,
      responseHeaders: stringRecord(entry.responseHeaders),
      responseBody: typeof entry.responseBody === "string" ? entry.responseBody : "",
    });
  });
  return exchanges;
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
