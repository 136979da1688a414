/**
 * The "Copy a call" block of an operation or method: the same call three ways in tabs (the chainkit
 * client, curl, fetch), each with a copy button. The tabs follow the WAI-ARIA tabs pattern (real
 * buttons, `role="tab"`, arrow keys move between them, `copy-call.js`); without script every panel
 * shows, one under the other.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SpecError } from "../generate/spec-error.js";
import type { GeneratedClientView } from "./client-call-view.js";
import { chainkitCalls, WALLET_ELSEWHERE } from "./copy-call-chainkit.js";
import { type CallRequest, callRequests } from "./copy-call-requests.js";
import { curlCommand, fetchCall } from "./copy-call-snippets.js";
import { highlightTypeScript } from "./highlight.js";
import { html, type SafeHtml } from "./html.js";
import type { LoadedSpec } from "./load-specs.js";
import { renderInline } from "./markdown.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A spec's calls, worked out once per spec (a page renders its operations one by one). */
interface SpecCalls {
  requests: Map<string, CallRequest>;
  chainkit: Map<string, string>;
}

const bySpec = new WeakMap<LoadedSpec, SpecCalls>();

function specCalls(spec: LoadedSpec): SpecCalls {
  let calls = bySpec.get(spec);
  if (!calls) {
    const requests = readableRequests(spec);
    // chainkit's own surfaces have generated clients in this repository; a team's spec brings its own.
    const own = spec.client === undefined && existsSync(join(ROOT, "generated", spec.surface.id));
    calls = { requests, chainkit: own ? chainkitCalls(ROOT, spec.surface, requests) : new Map() };
    bySpec.set(spec, calls);
  }
  return calls;
}

/**
 * The spec's requests, or none when the generator's model refuses the spec (an operation without an
 * id, a path parameter missing from its template): the reference still documents what it can.
 */
function readableRequests(spec: LoadedSpec): Map<string, CallRequest> {
  try {
    return callRequests(spec);
  } catch (error) {
    if (error instanceof SpecError) return new Map();
    throw error;
  }
}

/** One tab: its label and its code. */
interface CallTab {
  id: string;
  label: string;
  language: "ts" | "sh" | "js";
  code: string;
}

/**
 * Renders the tabs of one operation, or nothing when the spec's model has no request for it.
 *
 * @param spec - The spec the page documents.
 * @param key - `GET /v1/nodes/`, or a JSON-RPC method's name.
 * @param anchor - The operation's anchor (`op-getNode`), to give the tabs unique ids.
 * @example copyCallView(spec, "GET /v1/organization/", "op-getOrganization")
 */
export function copyCallView(spec: LoadedSpec, key: string, anchor: string): SafeHtml {
  const { requests, chainkit } = specCalls(spec);
  const request = requests.get(key);
  if (!request) return html``;
  const signed = spec.surface.id === "exchange" && key.startsWith("POST /exchange#");
  const tabs: CallTab[] = [];
  const client = teamClientCall(spec.client, key) ?? chainkit.get(key);
  if (client !== undefined) tabs.push({ id: "chainkit", label: "chainkit", language: "ts", code: client });
  if (!signed) {
    tabs.push({ id: "curl", label: "curl", language: "sh", code: curlCommand(request) });
    tabs.push({ id: "fetch", label: "fetch", language: "js", code: fetchCall(request) });
  }
  const member = key.split("#")[1];
  const elsewhere = spec.surface.id === "wallet" ? helperFor(key) : undefined;
  const id = `call-${anchor}`;
  return html`<div class="copy-call" id="${id}">
<h4>Copy a call</h4>
${
  tabs.length > 0 &&
  html`<div class="call-tabs" role="tablist" aria-label="The call, three ways">${tabs.map(
    (tab, index) =>
      html`<button type="button" role="tab" id="${id}-tab-${tab.id}" aria-controls="${id}-${tab.id}" aria-selected="${index === 0 ? "true" : "false"}" tabindex="${index === 0 ? "0" : "-1"}">${tab.label}</button>`,
  )}</div>
${tabs.map(
  (
    tab,
  ) => html`<div class="call-panel" role="tabpanel" id="${id}-${tab.id}" aria-labelledby="${id}-tab-${tab.id}" tabindex="0">
<button type="button" class="copy-button" aria-label="Copy the ${tab.label} call">Copy</button>
<pre class="source"><code class="language-${tab.language}">${tab.language === "sh" ? tab.code : highlightTypeScript(tab.code)}</code></pre>
</div>`,
)}`
}
${signed && html`<p class="note">Signed action: the body carries an EIP-712 signature over the action and a fresh millisecond nonce, so a fixed curl or fetch cannot work. The chainkit call signs it for you (the key stays on your machine); to sign by hand, <code>signL1Action</code> and <code>actionHash</code> in <code>chainkit/exchange</code> give the signature${member !== undefined && html` for a <code>${member}</code> action`}.</p>`}
${elsewhere !== undefined && html`<p class="note">In chainkit this is <code>${elsewhere}(…)</code>: it builds the transaction, checks what the node answers before signing, signs it locally and broadcasts it.</p>`}
${tabs.length > 0 && html`<p class="note call-credentials">${renderInline(request.credentialsNote)}</p>`}
</div>`;
}

/** A team's portal shows its generated client's call, as `chainkit generate` made it. */
function teamClientCall(client: GeneratedClientView | undefined, key: string): string | undefined {
  const call = client?.calls.get(key);
  if (!client || !call) return undefined;
  return `${client.variable}.${call.member}${call.signature}${call.example ? `\n\n${call.example}` : ""}`;
}

function helperFor(key: string): string | undefined {
  const path = key.split(" ")[1] ?? "";
  for (const [member, helper] of WALLET_ELSEWHERE) {
    if (path.toLowerCase().endsWith(`/${member.toLowerCase()}`)) return helper;
  }
  return undefined;
}
