import { inspect } from "node:util";
import { createEvmClient } from "chainkit/evm";
import {
  createPlatformClient,
  nodeAccess,
  type PlatformClient,
  RequestValidationError,
} from "chainkit/platform";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let sandbox: Sandbox;
let platform: PlatformClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 29, nodeStartupMs: 0, platformPageSize: 4 });
  platform = createPlatformClient({ baseUrl: sandbox.urls.platform, apiKey: sandbox.credentials.apiKey });
}, 60_000);
afterAll(() => sandbox?.close());

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function refusal(run: () => Promise<unknown>): Promise<RequestValidationError> {
  const error = await run().then(
    () => expect.unreachable("the call was not refused"),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RequestValidationError);
  return error as RequestValidationError;
}

describe("the management API end to end, with chainkit alone", () => {
  it("creates a project and a network, places a node by network name, reads its usage, exports it, deletes it all", async () => {
    const project = await platform.createProject({ name: "payments", description: "e2e" });
    expect(project.id).toMatch(/^PR-/);
    expect((await platform.getProject(project.id)).networks).toBe(0);

    const before = await all(platform.networks({ public_network: "ethereum-sepolia-testnet" }));
    expect(before.map((network) => network.project)).toEqual(["PR-100-001"]);
    const network = await platform.createNetwork({
      name: "sepolia (payments)",
      project: project.id,
      protocol: "ethereum",
      configuration: { network: "ethereum-sepolia-testnet" },
      nodes: [],
    });
    expect((await platform.getProject(project.id)).networks).toBe(1);

    // Two projects now hold the public network: the name alone is ambiguous, and the refusal says so.
    const node = { name: "sepolia shared", type: "shared", provider: "aws", region: "us-east-1" } as const;
    const ambiguous = await refusal(() =>
      platform.createNode({ ...node, network: "ethereum-sepolia-testnet", configuration: {} }),
    );
    expect(ambiguous.field).toBe("/body/network");
    expect(ambiguous.message).toContain(network.id);
    expect(ambiguous.message).toContain("PR-100-001");

    const options = await platform.listDeploymentOptions();
    expect(options.options.some((option) => option.network === "ethereum-sepolia-testnet")).toBe(true);
    const created = await platform.createNode(
      { ...node, network: "ethereum-sepolia-testnet", configuration: { archive: false } },
      { project: project.id },
    );
    expect(created.network).toBe(network.id);
    expect(created.role).toBe("peer");

    const running = await platform.waitForNode(created.id, { until: "running", timeout: 10_000 });
    const evm = createEvmClient(nodeAccess(running));
    for (let i = 0; i < 5; i++) await evm.eth_chainId();

    const rows = await all(platform.nodeUsage({ node_id: created.id, granularity: "hour" }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      node_type: "elastic",
      network: "ethereum-sepolia-testnet",
      protocol: "ethereum",
    });
    expect(rows[0]?.request_units).toBeGreaterThanOrEqual(5);
    const page = await platform.listNodeUsage({ node_id: created.id });
    expect(page.totals?.request_units).toBe(rows[0]?.request_units);

    const csv = String(await platform.exportNodeUsage({ node_id: created.id }));
    const [header, line, ...rest] = csv.trim().split("\n");
    expect(header).toMatch(
      /^Node ID,Node name,Date,Node type,Protocol,Network,Compute hours,GB-hour,Request units/,
    );
    expect(line).toContain(`${created.id},sepolia shared,`);
    expect(line).toContain(`,${rows[0]?.request_units},0`);
    expect(rest).toEqual([]);

    const v2 = await platform.getNodeV2(created.id);
    expect(v2).toMatchObject({
      project: project.id,
      protocol: "ethereum",
      network: "sepolia-testnet",
      cloud: "CC-0016",
    });

    await platform.deleteNode(created.id);
    await platform.deleteNetwork(network.id);
    await platform.deleteProject(project.id);
    expect(await all(platform.projects({ name: "payments" }))).toEqual([]);
  });

  it("refuses, before sending, a network name no project holds, naming the networks there are", async () => {
    const before = sandbox.requestCount("platform");
    const error = await refusal(() =>
      platform.createNode({
        name: "nowhere",
        network: "ethereum-goerli-testnet",
        type: "dedicated",
        provider: "aws",
        region: "us-east-1",
        configuration: {},
      }),
    );
    expect(error.field).toBe("/body/network");
    expect(error.message).toContain("ethereum-mainnet");
    expect(error.message).toContain("createNetwork");
    // Only the network lists were read (twice: the cache is refreshed once before refusing); no node was asked for.
    expect(sandbox.requestCount("platform") - before).toBeGreaterThan(0);
    expect(await all(platform.nodes({ name: "nowhere" }))).toEqual([]);
  });

  it("checks a shared node against the deployment options before sending, with what is offered", async () => {
    const body = {
      name: "misplaced",
      network: "ethereum-mainnet",
      type: "shared",
      configuration: {},
    } as const;
    const region = await refusal(() =>
      platform.createNode({ ...body, provider: "gcloud", region: "asia-southeast1" }),
    );
    expect(region.field).toBe("/body/region");
    expect(region.message).toContain("aws us-east-1");

    const noShared = await refusal(() =>
      platform.createNode({ ...body, network: "tron-mainnet", provider: "aws", region: "us-east-1" }),
    );
    expect(noShared.field).toBe("/body/type");
    expect(noShared.message).toContain('"dedicated"');

    const archive = await refusal(() =>
      platform.createNode({
        ...body,
        network: "bsc-mainnet",
        provider: "aws",
        region: "us-east-1",
        configuration: { archive: true },
      }),
    );
    expect(archive.field).toBe("/body/configuration/archive");
    expect(await all(platform.nodes({ name: "misplaced" }))).toEqual([]);
  });

  it("pages every list to its end with an iterator, one item once", async () => {
    const made = [];
    for (let i = 0; i < 9; i++) made.push((await platform.createProject({ name: `paged ${i}` })).id);
    const listed = await all(platform.projects({ order_by: "name" }));
    const ids = listed.map((project) => project.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of made) expect(ids).toContain(id);
    expect(await all(platform.projects({}, { max: 5 }))).toHaveLength(5);
    expect(await all(platform.projectMembers("PR-100-001"))).toEqual([
      expect.objectContaining({ id: (await platform.getOrganization()).id }),
    ]);
    const networks = await all(platform.networks());
    expect(networks.length).toBeGreaterThan(4);
    for (const id of made) await platform.deleteProject(id);
  });

  it("refuses bad input of the new operations before anything is sent, naming the field", async () => {
    const before = sandbox.requestCount("platform");
    const cases: [() => Promise<unknown>, string][] = [
      [() => platform.createProject({ name: "" }), "/body/name"],
      [() => platform.updateOrganization({ name: "x", id: "RG-1" } as never), "/body/id"],
      [
        () =>
          platform.createNetwork({
            name: "n",
            project: "PR-1",
            protocol: "ethereum",
            configuration: { network: "" },
            nodes: [],
          }),
        "/body/configuration/network",
      ],
      [() => platform.requestSepoliaFaucet({ address: "0x12" }), "/body/address"],
      [() => platform.listNodeUsage({ granularity: "week" as "day" }), "/query/granularity"],
      [() => platform.listNodeUsage({ ordering: "created_at" }), "/query/ordering"],
      [
        () => platform.createNodeV2({ name: "n", project: "PR-1", cloud: "", blockchain: "BC-1" }),
        "/body/cloud",
      ],
      [() => platform.listProjects({ page: 0 }), "/query/page"],
    ];
    for (const [run, field] of cases) expect((await refusal(run)).field, field).toBe(field);
    expect(sandbox.requestCount("platform")).toBe(before);
  });

  it("funds an address from the faucet once a day, and says when to come back", async () => {
    const address = "0x00000000000000000000000000000000000f0cee";
    const sent = await platform.requestSepoliaFaucet({ address });
    expect(sent.amountSent).toBe(500_000_000_000_000_000n);
    const evm = createEvmClient({
      url: sandbox.urls.evm,
      credentials: { token: sandbox.credentials.nodeToken },
    });
    expect(BigInt(await evm.eth_getBalance(address))).toBe(500_000_000_000_000_000n);
    const again = await platform.requestSepoliaFaucet({ address }).catch((error: unknown) => error);
    expect(again).toMatchObject({ status: 429 });
  });

  it("shows no node credential of a v2 node, nor the API key, when printed", async () => {
    const node = await platform.createNode({
      name: "printed",
      network: "NW-100-001-1",
      type: "dedicated",
      provider: "aws",
      region: "us-east-1",
      configuration: {},
    });
    const v2 = await platform.getNodeV2((await platform.waitForNode(node.id, { timeout: 10_000 })).id);
    const key = v2.details.auth_key?.reveal() ?? "";
    expect(key.length).toBeGreaterThan(8);
    const printed = `${inspect(v2, { depth: 10 })} ${JSON.stringify(v2)} ${inspect(platform, { depth: 10 })}`;
    expect(printed).not.toContain(key);
    expect(printed).not.toContain(sandbox.credentials.apiKey);
    await platform.deleteNodeV2(node.id);
  });
});
