/**
 * The Node entries (package.json's `node` conditions, rollup's bundle in dist/node/) are the
 * package's public API as tsc's files give it, with one copy of each class, and cost Node fewer
 * files. Checked on the package compiled as `npm run build` publishes it, laid out as an app
 * installs it, in child `node` processes: the real ESM loader resolves `chainkit/<entry>` there.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installedLayout } from "../../scripts/build/installed-layout.js";
import { nodeEntries } from "../../scripts/build/node-bundle.js";

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), "chainkit-node-bundle-"));
let app = "";

/** Runs an ES module in the app directory and returns what it printed, parsed. */
async function inApp<T>(name: string, code: string, nodeArgs: string[] = []): Promise<T> {
  const file = join(app, name);
  writeFileSync(file, code);
  const { stdout } = await run(process.execPath, [...nodeArgs, file], { cwd: app });
  return JSON.parse(stdout) as T;
}

beforeAll(async () => {
  app = await installedLayout(scratch);
}, 180_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the Node entries (dist/node/)", () => {
  const entries = Object.keys(nodeEntries());

  it("are what Node resolves chainkit/<entry> to, and export exactly what tsc's entries export", async () => {
    expect(entries).toEqual(["platform", "evm", "exchange", "wallet", "indexer", "grpc", "viem", "runtime"]);
    const found = await inApp<Record<string, { resolved: string; node: string[]; tsc: string[] }>>(
      "names.mjs",
      `const out = {};
for (const entry of ${JSON.stringify(entries)}) {
  const node = await import("chainkit/" + entry);
  const tsc = await import("./node_modules/chainkit/dist/src/" + entry + ".js");
  out[entry] = { resolved: import.meta.resolve("chainkit/" + entry), node: Object.keys(node).sort(), tsc: Object.keys(tsc).sort() };
}
console.log(JSON.stringify(out));`,
    );
    for (const entry of entries) {
      const { resolved, node, tsc } = found[entry] as { resolved: string; node: string[]; tsc: string[] };
      expect(resolved, entry).toMatch(new RegExp(`/node_modules/chainkit/dist/node/${entry}\\.js$`));
      expect(node.length, entry).toBeGreaterThan(0);
      expect(node, entry).toEqual(tsc);
    }
  });

  it("hold one copy of whatever two entries export as one value in tsc's files", async () => {
    // Each surface has its own privateKeySigner: same name, another function, in both trees.
    const { shared, different } = await inApp<{ shared: number; different: string[] }>(
      "identity.mjs",
      `const node = {}, tsc = {};
for (const entry of ${JSON.stringify(entries)}) {
  node[entry] = await import("chainkit/" + entry);
  tsc[entry] = await import("./node_modules/chainkit/dist/src/" + entry + ".js");
}
let shared = 0;
const different = [];
const names = Object.keys(node);
for (let i = 0; i < names.length; i++)
  for (let j = i + 1; j < names.length; j++)
    for (const name of Object.keys(tsc[names[i]]))
      if (name in tsc[names[j]] && tsc[names[i]][name] === tsc[names[j]][name]) {
        shared++;
        if (node[names[i]][name] !== node[names[j]][name]) different.push(names[i] + " and " + names[j] + ": " + name);
      }
console.log(JSON.stringify({ shared, different }));`,
    );
    expect(different).toEqual([]);
    expect(shared).toBeGreaterThan(100); // the errors, secrets and JSON helpers every surface re-exports
  });

  it("load their lazy chunks on first use: a validated call, and a bad answer's error is chainkit/runtime's class", async () => {
    const outcome = await inApp<{
      organization: unknown;
      chainId: string;
      rejected: Record<string, unknown>;
    }>(
      "first-call.mjs",
      `import { createPlatformClient } from "chainkit/platform";
import { createEvmClient } from "chainkit/evm";
import { ChainkitError, ResponseValidationError } from "chainkit/runtime";
const answer = (body) => async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
const rpc = (result) => async (_url, init) => answer({ jsonrpc: "2.0", id: JSON.parse(init.body).id, result })();
const platform = createPlatformClient({ apiKey: "key-0123456789", baseUrl: "http://127.0.0.1:9", fetch: answer({ id: "RG-123-456", name: "My organization" }) });
const organization = await platform.getOrganization();
const chainId = await createEvmClient({ url: "http://127.0.0.1:9", credentials: { token: "t0k3n-0123456789" }, fetch: rpc("0x3e7") }).eth_chainId();
const bad = createEvmClient({ url: "http://127.0.0.1:9", credentials: { token: "t0k3n-0123456789" }, fetch: rpc("not hex") });
const error = await bad.eth_chainId().catch((caught) => caught);
console.log(JSON.stringify({ organization, chainId, rejected: {
  validation: error instanceof ResponseValidationError, chainkit: error instanceof ChainkitError, name: error?.name } }));`,
    );
    expect(outcome.organization).toEqual({ id: "RG-123-456", name: "My organization" });
    expect(outcome.chainId).toBe("0x3e7");
    expect(outcome.rejected).toEqual({ validation: true, chainkit: true, name: "ResponseValidationError" });
  });

  it("cost Node less than half the files of tsc's entries to import", async () => {
    const counted = await inApp<Record<string, number>>(
      "files.mjs",
      `import { readFileSync } from "node:fs";
const seen = new Set();
// Every module file an import loads: the entry and what it imports statically, transitively.
function reach(url) {
  if (seen.has(url.href)) return;
  seen.add(url.href);
  const text = readFileSync(url, "utf8");
  for (const [, spec] of text.matchAll(/\\b(?:import|export)\\s*(?:[^'";]*?\\sfrom\\s*)?['"](\\.\\.?\\/[^'"]+)['"]/g))
    reach(new URL(spec, url));
}
const out = {};
for (const tree of ["node", "src"])
  for (const entry of ["platform", "evm"]) {
    seen.clear();
    reach(new URL("./node_modules/chainkit/dist/" + tree + "/" + entry + ".js", import.meta.url));
    out[tree + " " + entry] = seen.size;
  }
console.log(JSON.stringify(out));`,
    );
    for (const entry of ["platform", "evm"]) {
      const node = counted[`node ${entry}`] as number;
      const tsc = counted[`src ${entry}`] as number;
      expect(tsc, entry).toBeGreaterThan(50);
      expect(node * 2, `${entry}: ${node} files against tsc's ${tsc}`).toBeLessThan(tsc);
    }
  });
});
