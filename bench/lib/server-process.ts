import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The forked benchmark server: its base URL and how to stop it. */
export interface BenchServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();

/** Kills every server still running (used on errors and signals). */
export function killServers(): void {
  for (const child of children) child.kill("SIGTERM");
  children.clear();
}

/**
 * Forks a benchmark server (through tsx) and waits until it listens.
 *
 * @param script - The server, relative to bench/ (default `server.ts`; `ws-server.ts` for WebSocket rows).
 * @returns The server's URL and a `stop` that waits for the child to exit.
 */
export function startServer(script = "server.ts"): Promise<BenchServer> {
  const child = fork(fileURLToPath(new URL(`../${script}`, import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.add(child);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`bench server exited early (code ${code})`)));
    child.once("message", (message: { port: number }) => {
      child.removeAllListeners("exit");
      resolve({
        url: `http://127.0.0.1:${message.port}`,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            children.delete(child);
            child.kill("SIGTERM");
          }),
      });
    });
  });
}
