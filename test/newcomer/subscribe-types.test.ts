/**
 * Issue 46, the `evm.subscribe` row as TypeScript sees it: on a client over HTTP, TypeScript said
 * "Property 'subscribe' does not exist", without naming `transport: "websocket"`. A tiny file is
 * compiled with the project's TypeScript 5.9 and with TypeScript 7; each call of `subscribe` or `watch`
 * on an HTTP client must be an error whose text names the option, and the same calls on a WebSocket
 * client, or an HTTP client handed to what takes an `EvmClient`, must compile.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
let dir: string;

const USE = `import { createEvmClient, type EvmClient, erc20 } from "chainkit/evm";
const url = "https://node.example";
const credentials = { token: "t0k3n-0123456789" };
const evm = createEvmClient({ url, credentials });
export const heads = evm.subscribe("newHeads");
export const logs = evm.subscribe("logs", { address: "0x0000000000000000000000000000000000000001" });
export const stop = evm.watch("newHeads", { onEvent() {} });
const live = createEvmClient({ url, credentials, transport: "websocket" });
export const liveHeads = live.subscribe("newHeads");
const asClient: EvmClient = evm;
export const token = erc20(asClient, "0x0000000000000000000000000000000000000001");
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "chainkit-subscribe-types-"));
  await writeFile(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  await writeFile(join(dir, "use.ts"), USE);
  await writeFile(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      extends: join(repoRoot, "tsconfig.json"),
      compilerOptions: { noEmit: true, types: ["node"], typeRoots: [join(repoRoot, "node_modules/@types")] },
      include: [join(dir, "use.ts")],
    }),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The compiler's errors for use.ts, one per line (`use.ts(5,37): error TS2345: …`). */
async function errorsOf(compiler: "typescript" | "typescript7"): Promise<string[]> {
  const tsc = join(repoRoot, "node_modules", compiler, "bin/tsc");
  const output = await promisify(execFile)(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")], {
    maxBuffer: 1 << 24,
  }).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  return output
    .split("\n")
    .filter((line) => /error TS/.test(line))
    .map((line) => line.replace(/^.*use\.ts/, "use.ts"));
}

describe.each(["typescript", "typescript7"] as const)("subscribe on an HTTP client, under %s", (compiler) => {
  it('is an error that names transport: "websocket", line by line', async () => {
    const errors = await errorsOf(compiler);
    const lines = errors.map((error) => Number(/^use\.ts\((\d+),/.exec(error)?.[1]));
    // Lines 5, 6 and 7 call subscribe and watch over HTTP; the WebSocket client (9) and the HTTP
    // client handed to erc20 as an EvmClient (10, 11) compile.
    expect(lines).toEqual([5, 6, 7]);
    expect(errors[0]).toContain(
      "subscribe needs createEvmClient({ url, credentials, transport: 'websocket' })",
    );
    expect(errors[1]).toContain(
      "subscribe needs createEvmClient({ url, credentials, transport: 'websocket' })",
    );
    expect(errors[2]).toContain("watch needs createEvmClient({ url, credentials, transport: 'websocket' })");
    for (const error of errors) expect(error).toContain("over HTTP the node cannot push events");
  }, 120_000);
});
