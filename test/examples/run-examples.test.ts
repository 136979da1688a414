/**
 * Every guide in `examples/` runs to the end against one sandbox, as a reader runs it: a child process
 * (`node --import tsx examples/<guide>.ts`) given the `CHAINKIT_*` variables that `chainkit sandbox --env`
 * writes for that sandbox. A guide that throws, or hangs past its time, fails here.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxVariables } from "../../examples/support/sandbox-env.js";
import { GUIDE_SURFACES } from "../../scripts/docs/surfaces.js";
import { summarizeSandbox } from "../../src/cli/sandbox-summary.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const guides = readdirSync(join(root, "examples"))
  .filter((file) => file.endsWith(".ts"))
  .sort();
const GUIDE_TIMEOUT_MS = 90_000;

let sandbox: Sandbox;
let variables: Record<string, string>;

beforeAll(async () => {
  // The same WebSocket faults the live guide asks for when it starts a sandbox itself.
  sandbox = await startSandbox({
    seed: 3,
    nodeStartupMs: 0,
    walletBlockMs: 500,
    faults: { evm: { socketDrop: 0.1, seed: 7 } },
  });
  variables = summarizeSandbox(sandbox).env;
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

interface Run {
  code: number | null;
  output: string;
}

/** Runs one guide with only the given `CHAINKIT_*` variables, killing it when it overruns. */
function runGuide(file: string, env: Record<string, string>): Promise<Run> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("CHAINKIT_")),
  );
  const child = spawn(process.execPath, ["--import", "tsx", join("examples", file)], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const timer = setTimeout(() => {
    output += `\n(killed after ${GUIDE_TIMEOUT_MS} ms)`;
    child.kill("SIGKILL");
  }, GUIDE_TIMEOUT_MS);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe("the guides in examples/", () => {
  it("are the guides the portal shows", () => {
    expect(guides).toEqual(GUIDE_SURFACES.map((guide) => guide.example.replace(/^examples\//, "")).sort());
  });

  it.each(guides)(
    "%s runs to the end against a running sandbox",
    async (file) => {
      const run = await runGuide(file, variables);
      expect(run.code, run.output).toBe(0);
      expect(run.output.trim()).not.toBe("");
    },
    GUIDE_TIMEOUT_MS + 10_000,
  );

  it("exit non-zero when a call fails (here: gRPC with a token no node has)", async () => {
    const run = await runGuide("grpc.ts", { ...variables, CHAINKIT_NODE_TOKEN: "not-a-node-token" });
    expect(run.code, run.output).not.toBe(0);
    expect(run.output).toContain("UNAUTHENTICATED");
  }, 60_000);

  it("read, when they start their own sandbox, the same variables as chainkit sandbox --env writes", () => {
    expect(sandboxVariables(sandbox)).toEqual(variables);
  });
});
