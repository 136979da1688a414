import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summarizeSandbox } from "../../src/cli/sandbox-summary.js";
import { createEvmClient } from "../../src/evm.js";
import { createExchangeClient } from "../../src/exchange.js";
import { createIndexerClient } from "../../src/indexer.js";
import { createPlatformClient } from "../../src/platform.js";
import type { Sandbox } from "../../src/sandbox/index.js";
import { startSandbox } from "../../src/sandbox/index.js";
import { createWalletClient } from "../../src/wallet.js";
import { runCli } from "./support/cli-process.js";

let sandbox: Sandbox;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 17, nodeStartupMs: 0 });
  env = summarizeSandbox(sandbox).env;
}, 60_000);

afterAll(() => sandbox?.close());

/** `chainkit call <args> --json` against the sandbox: exit code, the answer, and the error line. */
async function call(args: readonly string[], extraEnv: Record<string, string> = {}) {
  const run = await runCli(["call", ...args, "--json"], { ...env, ...extraEnv });
  return {
    code: run.code,
    answer: run.code === 0 ? (JSON.parse(run.stdout) as unknown) : undefined,
    error: run.code === 0 ? undefined : (JSON.parse(run.stderr) as { error: Record<string, unknown> }).error,
    stderr: run.stderr,
  };
}

/** The class name and JSON pointer of what a library call throws. */
async function thrown(promise: Promise<unknown>): Promise<{ name: string; field: unknown }> {
  const error = (await promise.then(
    () => expect.unreachable("the library accepted the call"),
    (reason: unknown) => reason,
  )) as { name: string; field?: unknown };
  return { name: error.name, field: error.field };
}

const ORDER = { a: 0, b: true, p: "60000", s: "0.001", r: false, t: { limit: { tif: "Gtc" } } } as const;

describe("chainkit call with path-item parameters", () => {
  it("lists the path's id among getNode's inputs", async () => {
    const help = await runCli(["call", "platform", "getNode", "--help"]);
    expect(help.stdout).toMatch(/^ {2}id {2}path, required {2}string$/m);
    expect(help.stdout).not.toContain("No inputs.");
  });

  it("gets, renames and deletes a node by id", async () => {
    const created = await call([
      "platform",
      "createNode",
      "--json-params",
      JSON.stringify({ name: "cli node", network: "ethereum-mainnet", type: "dedicated", provider: "aws" }),
      "--param",
      "region=us-east-1",
      "--param",
      "configuration={}",
    ]);
    const { id } = created.answer as { id: string };
    expect(id).toMatch(/^ND-/);

    expect((await call(["platform", "getNode", "--param", `id=${id}`])).answer).toMatchObject({ id });
    const renamed = await call(["platform", "updateNode", "--param", `id=${id}`, "--param", "name=renamed"]);
    expect(renamed.answer).toMatchObject({ id, name: "renamed" });
    expect((await call(["platform", "deleteNode", "--param", `id=${id}`])).code).toBe(0);
    const gone = await call(["platform", "getNode", "--param", `id=${id}`]);
    expect(gone.error).toMatchObject({ name: "HttpError", status: 404 });
  }, 60_000);
});

describe("chainkit call --reveal", () => {
  it("prints a node's secret fields as *** by default, and their values with --reveal", async () => {
    const platform = createPlatformClient({
      baseUrl: sandbox.urls.platform,
      apiKey: sandbox.credentials.apiKey,
    });
    const node = await platform.createNode({
      name: "secrets",
      network: "ethereum-mainnet",
      type: "dedicated",
      provider: "aws",
      region: "us-east-1",
      role: "peer",
      configuration: {},
    });
    const running = await platform.waitForNode(node.id, { until: "running" });
    const key = running.details?.auth_key?.reveal();
    expect(key).toMatch(/^[0-9a-f]{32}$/);

    const [masked, revealed] = await Promise.all([
      runCli(["call", "platform", "listNodes"], env),
      runCli(["call", "platform", "getNode", "--param", `id=${node.id}`, "--reveal", "--json"], env),
    ]);
    expect(masked.stdout).toContain('"auth_key": "***"');
    expect(masked.stdout).not.toContain(key);
    const shown = JSON.parse(revealed.stdout) as { details: Record<string, string> };
    expect(shown.details.auth_key).toBe(key);
    expect(shown.details.auth_password).toBe(running.details?.auth_password?.reveal());
  }, 60_000);
});

describe("chainkit call raises the library's errors", () => {
  const credentials = () => ({ token: sandbox.credentials.nodeToken });
  // An indexer address in user-friendly form whose checksum does not match (one digit changed).
  const badChecksum = "UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDsp";

  const cases = [
    {
      surface: "platform",
      library: () =>
        createPlatformClient({
          baseUrl: sandbox.urls.platform,
          apiKey: sandbox.credentials.apiKey,
        }).createNode({
          name: "n",
          network: "ethereum-mainnet",
          type: "dedicated",
          provider: "aws",
          region: "uksouth" as "us-east-1",
          role: "peer",
          configuration: {},
        }),
      cli: [
        "platform",
        "createNode",
        "--json-params",
        '{"name":"n","network":"ethereum-mainnet","type":"dedicated","provider":"aws","region":"uksouth","configuration":{}}',
      ],
    },
    {
      surface: "evm",
      library: () =>
        createEvmClient({ url: sandbox.urls.evm, credentials: credentials() }).eth_getLogs({
          fromBlock: "0x0",
          toBlock: "0x40",
        }),
      cli: ["evm", "eth_getLogs", "--json-params", '[{"fromBlock":"0x0","toBlock":"0x40"}]'],
    },
    {
      surface: "wallet",
      library: () =>
        createWalletClient({ url: sandbox.urls.wallet, credentials: credentials() }).getAssetIssueListByName({
          value: "SEED",
          visible: false,
        }),
      cli: ["wallet", "getAssetIssueListByName", "--param", "value=SEED", "--param", "visible=false"],
    },
    {
      surface: "indexer",
      library: () =>
        createIndexerClient({ url: sandbox.urls.indexer, credentials: credentials() }).getTransactions({
          account: badChecksum,
        }),
      cli: ["indexer", "getTransactions", "--param", `account=${badChecksum}`],
    },
    {
      surface: "exchange",
      library: () =>
        createExchangeClient({
          baseUrl: sandbox.urls.exchange,
          privateKey: sandbox.credentials.exchangePrivateKey,
          network: "mainnet",
        }).order([{ ...ORDER, p: "60000.5" }]),
      cli: [
        "exchange",
        "order",
        "--param",
        `action=${JSON.stringify({ orders: [{ ...ORDER, p: "60000.5" }] })}`,
      ],
    },
  ];

  it.each(cases)(
    "on $surface: the same class and pointer, refused before sending",
    async ({ library, cli }) => {
      const expected = await thrown(library());
      expect(expected.name).toBe("RequestValidationError");
      const { code, error } = await call(cli);
      expect(code).toBe(1);
      expect({ name: error?.name, field: error?.field }).toEqual(expected);
    },
    60_000,
  );

  it("sends the wallet's visible, and fails on the node's {Error} answer", async () => {
    const { walletAddress } = sandbox.fixtures as unknown as { walletAddress: string };
    const account = await call(["wallet", "getAccount", "--param", `address=${walletAddress}`]);
    expect(account.answer).toMatchObject({ address: walletAddress });

    const refused = await call([
      "wallet",
      "createTransaction",
      "--param",
      `owner_address=${walletAddress}`,
      "--param",
      "to_address=TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV",
      "--param",
      "amount=999999999999999999",
    ]);
    expect(refused.code).toBe(1);
    expect(refused.error).toMatchObject({ name: "HttpError", status: 200 });
    expect(refused.error?.serviceMessage).toContain("balance is not sufficient");
  }, 60_000);
});

describe("chainkit call exchange", () => {
  it("signs an order with CHAINKIT_EXCHANGE_PRIVATE_KEY and finds it among the open orders", async () => {
    const placed = await call([
      "exchange",
      "order",
      "--param",
      `action=${JSON.stringify({ orders: [ORDER] })}`,
    ]);
    const { statuses, nonce } = placed.answer as { statuses: { resting?: { oid: number } }[]; nonce: number };
    const oid = statuses[0]?.resting?.oid;
    expect(oid).toBeTypeOf("number");
    expect(nonce).toBeTypeOf("number");

    const user = env.CHAINKIT_EXCHANGE_ADDRESS as string;
    const open = await call(["exchange", "openOrders", "--param", `user=${user}`]);
    expect(open.answer).toContainEqual(expect.objectContaining({ oid, coin: "BTC", limitPx: "60000.0" }));
  }, 60_000);

  it("fills an /info query's type", async () => {
    const meta = await call(["exchange", "meta"]);
    expect(meta.answer).toMatchObject({
      universe: expect.arrayContaining([expect.objectContaining({ name: "BTC" })]),
    });
  }, 60_000);

  it("refuses a nonce or signature given by hand, and action fields the client does not take", async () => {
    const [nonce, field] = await Promise.all([
      runCli(["call", "exchange", "cancel", "--param", 'action={"cancels":[]}', "--param", "nonce=1"], env),
      runCli(["call", "exchange", "approveAgent", "--param", 'action={"agentAddress":"0x0","nonce":1}'], env),
    ]);
    expect(nonce.code).toBe(2);
    expect(nonce.stderr).toContain("chainkit call signs cancel itself: leave out nonce");
    expect(field.code).toBe(2);
    expect(field.stderr).toContain(
      'takes no "nonce" in the approveAgent action; give: agentAddress, agentName',
    );
  }, 60_000);

  it("refuses an action when no key is set, naming the variable", async () => {
    const refused = await runCli(
      ["call", "exchange", "cancel", "--param", 'action={"cancels":[{"a":0,"o":1}]}'],
      {
        ...env,
        CHAINKIT_EXCHANGE_PRIVATE_KEY: "",
      },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("cancel is a signed exchange action: set CHAINKIT_EXCHANGE_PRIVATE_KEY");
  }, 60_000);
});
