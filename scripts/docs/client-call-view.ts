/**
 * The "Call" block of an operation or method in a team's portal: the generated client's function,
 * its signature and, when the spec has examples, the generator's example call.
 */
import type { ClientCall } from "./client-calls.js";
import { highlightTypeScript } from "./highlight.js";
import { html, type SafeHtml } from "./html.js";

/** The generated client of a spec, as the portal shows it. */
export interface GeneratedClientView {
  /** The variable the examples call through, e.g. `nodes`. */
  variable: string;
  /** Each operation's call, keyed `GET /nodes` (OpenAPI) or by method name (OpenRPC). */
  calls: ReadonlyMap<string, ClientCall>;
}

/**
 * Renders the call of one operation, or nothing when the client has none for it (a chainkit surface,
 * or an operation the generator left out).
 *
 * @param client - The spec's generated client, if the portal has one.
 * @param key - `GET /nodes`, or a JSON-RPC method's name.
 * @example clientCallView(spec.client, "GET /nodes")
 */
export function clientCallView(client: GeneratedClientView | undefined, key: string): SafeHtml {
  const call = client?.calls.get(key);
  if (!client || !call) return html``;
  const source = `${client.variable}.${call.member}${call.signature}${call.example ? `\n\n${call.example}` : ""}`;
  return html`<h4>Call</h4>
<pre class="source"><code class="language-ts">${highlightTypeScript(source)}</code></pre>`;
}
