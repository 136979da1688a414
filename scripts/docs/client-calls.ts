/**
 * The generated client's call for each operation or method, read from the `client.ts` the generator
 * wrote for the spec, so a team's portal shows exactly the function their client has (its name, as
 * made up or renamed by the generator, its arguments and its example) and never a second guess of it.
 */

/** How the generated client calls one operation or method. */
export interface ClientCall {
  /** The function's name on the client, e.g. `listNodes`. */
  member: string;
  /** Its parameters and result type, e.g. `(query?: ListNodesQuery, options?: CallOptions): Promise<ListNodesResponse>`. */
  signature: string;
  /** The generator's example call and its result, when the spec has examples. */
  example?: string;
}

// One member of the client's interface: its JSDoc, then `name(args): Promise<T>;` on one line.
const MEMBER = /^ {2}\/\*\*\n((?: {3}\*.*\n)*?) {3}\*\/\n {2}([A-Za-z_$][\w$]*)(\(.*\): .*);$/gm;

/**
 * The calls of a generated `client.ts`, keyed as the portal finds its operations: `GET /nodes` for
 * an OpenAPI operation, the wire name for a JSON-RPC method.
 *
 * @param clientTs - The generated `client.ts`.
 * @example clientCalls(files.get("client.ts") ?? "").get("GET /nodes")?.member // "listNodes"
 */
export function clientCalls(clientTs: string): Map<string, ClientCall> {
  const calls = new Map<string, ClientCall>();
  for (const [, docLines = "", member = "", signature = ""] of clientTs.matchAll(MEMBER)) {
    const lines = docLines.split("\n").map((line) => line.replace(/^ {3}\* ?/, ""));
    const key = callKey(lines);
    if (key === undefined) continue;
    const example = exampleBlock(lines);
    calls.set(key, { member, signature, ...(example !== undefined && { example }) });
  }
  return calls;
}

/**
 * `GET /nodes` from the line "`GET /nodes`", `addition` from "JSON-RPC method `addition`.": the
 * generator writes it after the spec's summary and description, before the tags, so the last such
 * line before the first tag is the generator's own.
 */
function callKey(lines: readonly string[]): string | undefined {
  const firstTag = lines.findIndex((line) => line.startsWith("@"));
  let key: string | undefined;
  for (const line of firstTag < 0 ? lines : lines.slice(0, firstTag)) {
    key = /^`([A-Z]+ \/.*)`$/.exec(line)?.[1] ?? /^JSON-RPC method `(.+)`\.$/.exec(line)?.[1] ?? key;
  }
  return key;
}

function exampleBlock(lines: readonly string[]): string | undefined {
  const start = lines.indexOf("```ts");
  if (start < 0) return undefined;
  const end = lines.indexOf("```", start + 1);
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}
