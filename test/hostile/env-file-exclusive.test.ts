import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeSandboxEnvFile } from "../../src/cli/env-file.js";

/** Issue 31, finding 18: the --env file holds credentials; no file made in advance may decide its mode. */

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe("finding 18: the --env temporary file", () => {
  it("is a new file of mode 0600, whatever sits at the name it used to have", () => {
    folder = mkdtempSync(join(tmpdir(), "chainkit-env-"));
    const path = join(folder, "sandbox.env");
    // What another user could leave where the temporary file used to go: world-readable and writable.
    const planted = `${path}.${process.pid}.tmp`;
    writeFileSync(planted, "planted");
    chmodSync(planted, 0o666);

    const file = writeSandboxEnvFile(path, "CHAINKIT_NODE_TOKEN=secret-token-value\n");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8")).toBe("CHAINKIT_NODE_TOKEN=secret-token-value\n");
    expect(readFileSync(planted, "utf8")).toBe("planted");
    // No temporary file is left behind.
    expect(readdirSync(folder).sort()).toEqual(["sandbox.env", `sandbox.env.${process.pid}.tmp`].sort());
    file.remove();
    expect(readdirSync(folder)).toEqual([`sandbox.env.${process.pid}.tmp`]);
  });
});
