/**
 * In-memory `fetch` functions: no socket, so the time measured is the client's own CPU. Every client
 * gets the same function (chainkit's `fetch`, viem's `fetchFn`, openapi-fetch's `fetch`), and each
 * call answers `new Response(bytes)` with the body the loopback server would send.
 */

/** What the in-memory fetches accept: `fetch(url, init)` or `fetch(request)`. */
export type MemoryFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const encoder = new TextEncoder();
const JSON_HEADERS = { "content-type": "application/json" };
const ID = /"id":\s*(\d+)/;

/**
 * A fetch answering every JSON-RPC call with `result`, echoing the request's numeric id (chainkit
 * checks it). The answer's bytes are assembled from pre-encoded parts.
 *
 * @param resultJson - The `result` member, as JSON text.
 */
export function rpcMemoryFetch(resultJson: string): MemoryFetch {
  const head = encoder.encode('{"jsonrpc":"2.0","id":');
  const tail = encoder.encode(`,"result":${resultJson}}`);
  return async (_input, init) => {
    const body = typeof init?.body === "string" ? init.body : "";
    const id = encoder.encode(ID.exec(body)?.[1] ?? "null");
    const bytes = new Uint8Array(head.length + id.length + tail.length);
    bytes.set(head, 0);
    bytes.set(id, head.length);
    bytes.set(tail, head.length + id.length);
    return new Response(bytes, { status: 200, headers: JSON_HEADERS });
  };
}

/**
 * A fetch answering every request with the same JSON body (a REST GET needs no id).
 *
 * @param body - The value to answer, serialized once.
 */
export function restMemoryFetch(body: unknown): MemoryFetch {
  const bytes = encoder.encode(JSON.stringify(body));
  return async () => new Response(bytes.slice(), { status: 200, headers: JSON_HEADERS });
}
