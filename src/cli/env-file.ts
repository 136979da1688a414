import { randomBytes } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";

/**
 * An env file that `chainkit sandbox --env` keeps while it runs. It is written whole or not at all
 * (to a temporary file, then renamed), once every surface listens, so a script that waits for the
 * file to exist never reads half of it or a sandbox that is not ready; and it is removed when the
 * sandbox stops, so a file that exists describes a running sandbox.
 */
export interface SandboxEnvFile {
  /** Removes the file, unless another sandbox has written its own there since. */
  remove(): void;
}

/**
 * Writes `text` to `path` atomically, readable by its owner only.
 *
 * @param path - The env file.
 * @param text - Its content.
 * @returns A handle that removes the file again.
 * @example
 * const summary = summarizeSandbox(await startSandbox({ seed: 1 }));
 * const file = writeSandboxEnvFile("sandbox.env", sandboxEnvFile(summary));
 * process.on("exit", () => file.remove());
 */
export function writeSandboxEnvFile(path: string, text: string): SandboxEnvFile {
  // A new file, never one already there: a file someone made in advance (mode 666, or a link
  // elsewhere) would keep its mode or target. The random name makes one hard to place in advance.
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600, flag: "wx" });
  renameSync(temporary, path);
  return {
    remove() {
      try {
        if (readFileSync(path, "utf8") === text) rmSync(path);
      } catch {
        // Already gone: nothing to remove.
      }
    },
  };
}
