/**
 * The portal's copied curl and fetch calls work as a reader pastes them: one read per surface, its
 * placeholders swapped for a sandbox started here (URL, API key, node token), run for real (curl in a
 * shell, fetch in a Node child process), answers 200 with a body the operation's generated response
 * validator accepts.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALL_PLACEHOLDERS, callRequests } from "../../scripts/docs/copy-call-requests.js";
import { curlCommand, fetchCall } from "../../scripts/docs/copy-call-snippets.js";
import { loadSpecs } from "../../scripts/docs/load-specs.js";
import type { Validator } from "../../src/runtime/operation.js";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.js";
import { packedValidators } from "../support/spec-validators.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const specs = new Map(loadSpecs(root).map((spec) => [spec.surface.id, spec]));

/** One read per surface: its key on the reference page and the validator module and export of its answer. */
const READS = [
  { surface: "platform", key: "GET /v1/organization/", validator: "getOrganization" },
  { surface: "exchange", key: "POST /info#meta", validator: "meta" },
  { surface: "evm", key: "eth_blockNumber", validator: "eth_blockNumber" },
  { surface: "wallet", key: "GET /wallet/getnowblock", validator: "getNowBlock" },
  { surface: "indexer", key: "GET /api/v3/masterchainInfo", validator: "getMasterchainInfo" },
] as const;

let sandbox: Sandbox;
let folder: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 1 });
  folder = mkdtempSync(join(tmpdir(), "chainkit-copy-call-"));
});

afterAll(async () => {
  await sandbox?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The snippet with its placeholders pointed at the sandbox. */
function againstSandbox(snippet: string, surface: string): string {
  const url = sandbox.urls[surface as keyof Sandbox["urls"]] ?? "";
  return snippet
    .replaceAll("https://api.chainstack.com", url)
    .replaceAll("https://api.hyperliquid.xyz", url)
    .replaceAll(CALL_PLACEHOLDERS.nodeUrl, url)
    .replaceAll(CALL_PLACEHOLDERS.apiKey, sandbox.credentials.apiKey)
    .replaceAll(CALL_PLACEHOLDERS.token, sandbox.credentials.nodeToken);
}

/** Whether the operation's generated validator accepts the answer (JSON-RPC: the envelope's `result`). */
async function accepts(surface: string, validator: string, body: unknown): Promise<boolean> {
  const module = (await packedValidators(root, surface, validator)).part as {
    responses?: Record<string, { validate?: Validator }>;
    result?: Validator;
  };
  if (module.result) {
    const envelope = body as { result?: unknown; error?: unknown };
    return envelope.error === undefined && module.result(envelope.result);
  }
  return module.responses?.["200"]?.validate?.(body) === true;
}

describe.each(READS)("the copied $surface read ($key)", ({ surface, key, validator }) => {
  const request = specs.get(surface) && callRequests(specs.get(surface) as never).get(key);

  it("has a request", () => {
    expect(request).toBeDefined();
  });

  it("runs as curl and answers 200 with a valid body", async () => {
    if (!request) throw new Error(`no request for ${key}`);
    const command = `${againstSandbox(curlCommand(request), surface)} --silent --write-out '\\n%{http_code}'`;
    const { stdout } = await run("sh", ["-c", command]);
    const lines = stdout.trimEnd().split("\n");
    const status = lines.pop();
    expect(status).toBe("200");
    expect(await accepts(surface, validator, JSON.parse(lines.join("\n")))).toBe(true);
  });

  it("runs as fetch in Node and answers 200 with a valid body", async () => {
    if (!request) throw new Error(`no request for ${key}`);
    const file = join(folder, `${surface}.mjs`);
    const printed = againstSandbox(fetchCall(request), surface).replace(
      "console.log(response.status, await response.json());",
      "console.log(JSON.stringify({ status: response.status, body: await response.json() }));",
    );
    writeFileSync(file, printed);
    const { stdout } = await run(process.execPath, [file]);
    const { status, body } = JSON.parse(stdout) as { status: number; body: unknown };
    expect(status).toBe(200);
    expect(await accepts(surface, validator, body)).toBe(true);
  });
});
