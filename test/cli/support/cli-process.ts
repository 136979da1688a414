import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** The repository root: the CLI runs from source through tsx's loader, in one node process. */
export const root = fileURLToPath(new URL("../../../", import.meta.url));
const CLI = ["--import", "tsx", "src/cli/main.ts"];

/** What a finished CLI run printed and how it exited. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `chainkit <args>` to completion.
 *
 * @example
 * const { code, stdout } = await runCli(["call", "evm", "eth_blockNumber"], env);
 */
export function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...CLI, ...args],
      { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? ((error as { code?: number }).code ?? 1) : 0;
        resolve({ code: typeof code === "number" ? code : 1, stdout, stderr });
      },
    );
  });
}

/**
 * Starts `chainkit <args>` and leaves it running.
 *
 * @example
 * const sandbox = startCli(["sandbox", "--json"]);
 */
export function startCli(args: readonly string[]): ChildProcess {
  return spawn(process.execPath, [...CLI, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * Resolves with everything printed on stdout once `pattern` appears; rejects if the process exits first.
 *
 * @example
 * const line = await waitForOutput(child, /\n/);
 */
export function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString("utf8");
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (pattern.test(output)) resolve(output);
    });
    child.once("exit", (code) =>
      reject(new Error(`exited with ${code} before printing ${pattern}:\n${output}\n${errors}`)),
    );
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * A base port with `count` free ports from it (tests must not depend on 8500 being free).
 *
 * @example
 * const base = await freePortBase(5);
 */
export async function freePortBase(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`found no ${count} free ports in a row`);
}

/**
 * Resolves once the process has exited, with its exit code.
 *
 * @example
 * child.kill("SIGTERM"); await exitOf(child);
 */
export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}
