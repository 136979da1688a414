import { connect } from "node:net";
import { inspect } from "node:util";
import { credentials, Metadata, type ServiceError } from "@grpc/grpc-js";
import { createExchangeClient, ExchangeError } from "chainkit/exchange";
import { xTokenInterceptor } from "chainkit/grpc";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { createWalletClient, privateKeySigner } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HealthClient } from "../support/grpc-health-server.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({
    nodeStartupMs: 0,
    exchangeNetwork: "testnet",
    faults: { wallet: { serverError: 1 } },
  });
});

afterAll(async () => {
  await sandbox?.close();
});

const rpc = (url: string, init: RequestInit = {}) =>
  fetch(url, {
    method: "POST",
    ...init,
    headers: { "content-type": "application/json", ...init.headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
  });

describe("startSandbox", () => {
  it("serves every surface on its own loopback port", () => {
    const { grpc, ...http } = sandbox.urls;
    const urls = Object.values(http);
    expect(urls).toHaveLength(5);
    for (const url of urls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(grpc).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(new Set([...urls, `http://${grpc}`]).size).toBe(6);
  });

  it("answers gRPC health checks that carry the demo node token in x-token, and refuses others", async () => {
    const check = (token: string) => {
      const target = sandbox.urls.grpc ?? "";
      const client = new HealthClient(target, credentials.createInsecure(), {
        interceptors: [xTokenInterceptor(token, { target })],
      });
      return new Promise<string>((resolve, reject) => {
        const stub = client as unknown as {
          Check(
            request: { service: string },
            metadata: Metadata,
            callback: (error: ServiceError | null, response?: { status: string }) => void,
          ): void;
        };
        stub.Check({ service: "" }, new Metadata(), (error, response) => {
          client.close();
          if (error) reject(error);
          else resolve(String(response?.status));
        });
      });
    };
    expect(await check(sandbox.credentials.nodeToken)).toBe("SERVING");
    await expect(check(sandbox.credentials.apiKey)).rejects.toMatchObject({ code: 16 });
  });

  it("accepts the demo node credentials on the node surfaces, by token or basic auth, and refuses bearer", async () => {
    const { nodeToken, username, password, apiKey } = sandbox.credentials;
    expect(await (await rpc(`${sandbox.urls.evm}/${nodeToken}/evm`)).json()).toMatchObject({
      result: "0x3e7",
    });
    const basic = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
    expect((await rpc(`${sandbox.urls.evm}/evm`, { headers: { authorization: basic } })).status).toBe(200);
    expect(
      (await rpc(`${sandbox.urls.evm}/evm`, { headers: { authorization: `Bearer ${nodeToken}` } })).status,
    ).toBe(401);
    const indexer = await fetch(`${sandbox.urls.indexer}/${nodeToken}/api/v3/actions?limit=1`);
    expect(indexer.status).toBe(200);
    const platform = await fetch(`${sandbox.urls.platform}/v1/organization/`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(platform.status).toBe(200);
  });

  it("applies the fault plans given at start, and setFaults replaces them", async () => {
    const url = `${sandbox.urls.wallet}/${sandbox.credentials.nodeToken}/wallet/getassetissuebyid`;
    const post = () =>
      fetch(url, { method: "POST", body: JSON.stringify({ value: "1002000", visible: true }) });
    expect((await post()).status).toBe(503);
    sandbox.setFaults("wallet", {});
    expect((await post()).status).toBe(200);
  });

  it("checks exchange signatures for the network it was started for", async () => {
    const [oid] = sandbox.fixtures.restingOids as [number];
    const modify = [
      {
        oid,
        order: { a: 0, b: true, p: "54000", s: "0.01", r: false, t: { limit: { tif: "Gtc" as const } } },
      },
    ];
    const key = sandbox.credentials.exchangePrivateKey;
    const testnet = createExchangeClient({
      baseUrl: sandbox.urls.exchange,
      privateKey: key,
      network: "testnet",
    });
    const mainnet = createExchangeClient({
      baseUrl: sandbox.urls.exchange,
      privateKey: key,
      network: "mainnet",
    });
    await expect(mainnet.batchModify(modify)).rejects.toBeInstanceOf(ExchangeError);
    const { statuses } = await testnet.batchModify(modify);
    expect(statuses[0]).toHaveProperty("resting");
  });

  it("keeps the demo secrets out of inspect and JSON", () => {
    const shown = `${inspect(sandbox)} ${JSON.stringify(sandbox.credentials)}`;
    for (const secret of Object.values(sandbox.credentials)) expect(shown).not.toContain(secret);
    expect(sandbox.credentials.apiKey).toMatch(/^sbx[0-9a-f]{6}\.[\w-]+$/);
  });

  it("funds the demo wallet account, whose key the credentials hold, and produces blocks on demand", async () => {
    sandbox.setFaults("wallet", {});
    const wallet = createWalletClient({
      url: sandbox.urls.wallet,
      credentials: { token: sandbox.credentials.nodeToken },
    });
    const signer = privateKeySigner(sandbox.credentials.walletPrivateKey);
    expect(signer.address).toBe(sandbox.fixtures.walletAddress);
    expect((await wallet.getAccount({ address: signer.address }))?.balance).toBeGreaterThan(0n);
    expect(await wallet.trc20(sandbox.fixtures.walletTrc20Address).symbol()).toBe("SBXD");
    const before = (await wallet.getNowBlock()).block_header.raw_data.number as bigint;
    expect(sandbox.wallet.produceBlock().number).toBeGreaterThan(before);
  });

  it("stops every surface on close", async () => {
    const other = await startSandbox({ nodeStartupMs: 0 });
    expect(other.credentials.nodeToken).not.toBe(sandbox.credentials.nodeToken);
    await other.close();
    const { grpc, ...http } = other.urls;
    for (const url of Object.values(http)) await expect(fetch(url)).rejects.toThrow();
    const [host = "", port = ""] = (grpc ?? "").split(":");
    await expect(
      new Promise<void>((resolve, reject) =>
        connect(Number(port), host, () => resolve()).on("error", reject),
      ),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
