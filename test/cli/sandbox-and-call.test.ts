import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitOf, freePortBase, runCli, startCli, waitForOutput } from "./support/cli-process.js";

interface Summary {
  urls: Record<string, string>;
  credentials: Record<string, string>;
  fixtures: Record<string, unknown>;
  evm: { chainId: number; path: string };
  env: Record<string, string>;
}

const folder = mkdtempSync(join(tmpdir(), "chainkit-cli-"));
const envFile = join(folder, "sandbox.env");
let sandbox: ChildProcess;
let summary: Summary;
let base: number;

beforeAll(async () => {
  base = await freePortBase(6);
  sandbox = startCli(["sandbox", "--seed", "7", "--port", String(base), "--json", "--env", envFile]);
  summary = JSON.parse(await waitForOutput(sandbox, /\n/)) as Summary;
}, 60_000);

afterAll(async () => {
  if (sandbox.exitCode === null) {
    sandbox.kill("SIGKILL");
    await exitOf(sandbox);
  }
  rmSync(folder, { recursive: true, force: true });
});

/** The env file as name -> value, unquoting the shell quotes it may use. */
function readEnvFile(): Record<string, string> {
  const entries = readFileSync(envFile, "utf8")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const equals = line.indexOf("=");
      const raw = line.slice(equals + 1);
      const value = raw.startsWith("'") ? raw.slice(1, -1).replaceAll("'\\''", "'") : raw;
      return [line.slice(0, equals), value] as const;
    });
  return Object.fromEntries(entries);
}

describe("chainkit sandbox --seed --port --json --env", () => {
  it("puts each surface on its documented port and prints one JSON line of URLs and credentials", () => {
    expect(summary.urls).toEqual({
      platform: `http://127.0.0.1:${base}`,
      exchange: `http://127.0.0.1:${base + 1}`,
      evm: `http://127.0.0.1:${base + 2}`,
      wallet: `http://127.0.0.1:${base + 3}`,
      indexer: `http://127.0.0.1:${base + 4}`,
      grpc: `127.0.0.1:${base + 5}`,
    });
    expect(summary.credentials.nodeToken).toMatch(/^[0-9a-f]{32}$/);
    expect(summary.credentials.exchangePrivateKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(summary.evm).toEqual({ chainId: 999, path: "/evm" });
    // Every credential and fixture gets a variable, so additions need no CLI change.
    for (const [key, value] of Object.entries(summary.credentials)) {
      const name = `CHAINKIT_${key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase()}`;
      expect(summary.env[name]).toBe(value);
    }
    expect(summary.env.CHAINKIT_EVM_URL).toBe(summary.urls.evm);
    expect(summary.env.CHAINKIT_RESTING_OIDS).toBe((summary.fixtures.restingOids as number[]).join(","));
  });

  it("writes the same variables to the --env file", () => {
    expect(readEnvFile()).toEqual(summary.env);
  });
});

describe("chainkit call", () => {
  it("calls a JSON-RPC method and a REST operation with the credentials of the --env file", async () => {
    const head = await runCli(["call", "--env", envFile, "evm", "eth_blockNumber", "--json"]);
    expect(head.stderr).toBe("");
    expect(JSON.parse(head.stdout)).toMatch(/^0x[0-9a-f]+$/);

    const organization = await runCli(["call", "platform", "getOrganization"], summary.env);
    expect(JSON.parse(organization.stdout)).toEqual({ id: "RG-100-001", name: "Sandbox organization" });
  });

  it("reads --param values by their schema and prints int64 values exactly", async () => {
    const assets = await runCli(
      ["call", "wallet", "getAssetIssueListByName", "--param", "value=SEED", "--param", "visible=true"],
      summary.env,
    );
    expect(assets.code).toBe(0);
    // SEED's total supply is 2^63 - 1: a Number would print 9223372036854776000.
    expect(assets.stdout).toContain('"total_supply": 9223372036854775807');

    const block = await runCli(
      [
        "call",
        "evm",
        "eth_getBlockByNumber",
        "--param",
        "block=0x1",
        "--param",
        "fullTransactionObjects=false",
      ],
      summary.env,
    );
    expect(JSON.parse(block.stdout)).toMatchObject({ number: "0x1" });
  });

  it("refuses invalid input before sending, with the library's error naming the field", async () => {
    const refused = await runCli(
      ["call", "evm", "eth_getBlockByHash", "--json-params", '["0x12", false]'],
      summary.env,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("eth_getBlockByHash");
    expect(refused.stderr).toContain("/params/0");
  });

  it("names the inputs an operation has when given one it does not", async () => {
    const wrong = await runCli(["call", "platform", "listNodes", "--param", "colour=red"], summary.env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('listNodes has no input "colour"; its inputs: page, order_by');
  });

  it("names the variable to set when a URL or credential is missing", async () => {
    const { code, stderr } = await runCli(["call", "evm", "eth_blockNumber"], {
      CHAINKIT_EVM_URL: "",
      CHAINKIT_NODE_TOKEN: "",
    });
    expect(code).toBe(2);
    expect(stderr).toContain("set CHAINKIT_EVM_URL");
  });

  it("says a wrong node token is wrong, not missing", async () => {
    const { code, stderr } = await runCli(["call", "evm", "eth_blockNumber"], {
      ...summary.env,
      CHAINKIT_NODE_TOKEN: "0".repeat(32),
    });
    expect(code).toBe(1);
    expect(stderr).toContain("HTTP 401");
    expect(stderr).toContain("invalid node token");
    expect(stderr).toContain("refused the node token that was sent");
    expect(stderr).not.toContain("0".repeat(32));
  });

  it("lists a surface's operations, read from the generated descriptors", async () => {
    const { stdout } = await runCli(["call", "platform", "--help"]);
    for (const id of ["getOrganization", "listNodes", "createNode", "getNode", "updateNode", "deleteNode"]) {
      expect(stdout).toContain(`  ${id}`);
    }
  });
});

describe("stopping chainkit sandbox", () => {
  it("stops cleanly on SIGTERM and frees its ports", async () => {
    sandbox.kill("SIGTERM");
    expect(await exitOf(sandbox)).toBe(0);
    await expect(fetch(`${summary.urls.platform}/v1/organization/`)).rejects.toThrow();
  });
});
