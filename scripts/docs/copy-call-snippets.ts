/**
 * A {@link CallRequest} written out two ways a reader can paste: a `curl` command for a POSIX shell
 * and a `fetch` call with no library (Node 18+ or a browser). Every value is quoted for where it
 * goes: single quotes in the shell, JSON string literals in JavaScript.
 */
import type { CallRequest } from "./copy-call-requests.js";

/**
 * The request as a curl command.
 *
 * @param request - The request.
 * @returns The command, one option per line.
 * @example curlCommand({ method: "GET", url: "https://a.example/x", headers: [], credentialsNote: "" }) // "curl 'https://a.example/x'"
 */
export function curlCommand(request: CallRequest): string {
  const parts = [
    `curl${request.method === "GET" ? "" : ` -X ${request.method}`} ${shellQuote(request.url)}`,
    ...(request.basicAuth !== undefined ? [`-u ${shellQuote(request.basicAuth)}`] : []),
    ...request.headers.map(([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`),
    ...(request.body !== undefined ? [`-d ${shellQuote(JSON.stringify(request.body))}`] : []),
  ];
  return parts.join(" \\\n  ");
}

/**
 * The request as a `fetch` call that prints the status and the JSON answer.
 *
 * @param request - The request.
 * @returns A module's worth of JavaScript (top-level `await`).
 * @example fetchCall({ method: "GET", url: "https://a.example/x", headers: [], credentialsNote: "" })
 */
export function fetchCall(request: CallRequest): string {
  const headerLines = request.headers.map(
    ([name, value]) => `    ${JSON.stringify(name)}: ${JSON.stringify(value)},`,
  );
  if (request.basicAuth !== undefined) {
    headerLines.push(`    Authorization: \`Basic \${btoa(${JSON.stringify(request.basicAuth)})}\`,`);
  }
  const init = [
    ...(request.method === "GET" ? [] : [`  method: ${JSON.stringify(request.method)},`]),
    ...(headerLines.length > 0 ? ["  headers: {", ...headerLines, "  },"] : []),
    ...(request.body !== undefined ? [`  body: JSON.stringify(${jsonLiteral(request.body, "  ")}),`] : []),
  ];
  const call =
    init.length > 0
      ? `const response = await fetch(${JSON.stringify(request.url)}, {\n${init.join("\n")}\n});`
      : `const response = await fetch(${JSON.stringify(request.url)});`;
  return `${call}\nconsole.log(response.status, await response.json());`;
}

/** Single-quotes text for a POSIX shell: a `'` inside becomes `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** JSON indented by two spaces, continuing at `indent` (so it nests inside the call). */
function jsonLiteral(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
}
