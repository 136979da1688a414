import { ConfigurationError, createEvmClient, HttpError, JsonRpcError } from "chainkit/evm";
import { createIndexerClient } from "chainkit/indexer";
import {
  ChainkitError,
  createPlatformClient,
  NodeFailedError,
  RequestValidationError,
  ResponseValidationError,
} from "chainkit/platform";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { API_KEY, TOKEN } from "./support/clients.js";

const BTT = `{"owner_address":"4137fa1a56eb8c503624701d776d95f6dae1d9f0d6","name":"426974546f7272656e74","abbr":"425454","total_supply":SUPPLY,"trx_num":1,"precision":6,"num":1,"start_time":1548000000000,"end_time":1548000001000,"description":"4f","url":"77","id":"1002000"}`;

let server: HostileServer;
/** What the server answers next: status and body text. */
let answer: { status: number; body: string } = { status: 200, body: "{}" };

beforeAll(async () => {
  server = await startHostileServer((_request, response) => {
    response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
});
afterAll(() => server.close());

/** Runs `call`, and says what it threw (or undefined) and how many requests reached the server. */
async function outcome(call: () => unknown): Promise<{ error: unknown; sent: number }> {
  const before = server.requests.length;
  let error: unknown;
  try {
    await call();
  } catch (caught) {
    error = caught;
  }
  return { error, sent: server.requests.length - before };
}

describe("finding 4: path escapes", () => {
  it("refuses . and .. as path parameters, before sending", async () => {
    const platform = createPlatformClient({ baseUrl: server.url, apiKey: API_KEY, retry: false });
    for (const call of [
      () => platform.deleteNode(".."),
      () => platform.deleteNode("."),
      () => platform.updateNode("..", { name: "n" }),
      () => platform.getNode(".."),
    ]) {
      const { error, sent } = await outcome(call);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).field).toBe("/path/id");
      expect((error as Error).message).toMatch(/another path/);
      expect(sent).toBe(0);
    }
  });

  it("refuses . and .. as node tokens at construction", () => {
    for (const token of [".", ".."]) {
      const error = (() => {
        try {
          createEvmClient({ url: server.url, credentials: { token } });
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(/outside the node's path/);
    }
  });

  it("shows the URL as it was sent, dot segments resolved", async () => {
    answer = { status: 404, body: '{"detail":"Not found."}' };
    const platform = createPlatformClient({ baseUrl: `${server.url}/x/..`, apiKey: API_KEY, retry: false });
    const { error } = await outcome(() => platform.getOrganization());
    expect(error).toBeInstanceOf(HttpError);
    expect(server.requests.at(-1)?.url).toBe("/v1/organization/");
    expect((error as HttpError).url).toBe(`${server.url}/v1/organization/`);
  });
});

describe("findings 8 and 9: secrets too short or malformed, and errors that are not ours", () => {
  it("refuses secrets under 8 characters at construction, saying why", async () => {
    const attempts = [
      () => createEvmClient({ url: server.url, credentials: { token: "t" } }),
      () => createEvmClient({ url: server.url, credentials: { username: "u", password: "1" } }),
      () => createPlatformClient({ baseUrl: server.url, apiKey: "k" }),
      () => createIndexerClient({ url: server.url, credentials: { token: "1234567" } }),
    ];
    for (const attempt of attempts) {
      const { error, sent } = await outcome(attempt);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(/at least 8 characters .*guessable/);
      expect(sent).toBe(0);
    }
  });

  it("refuses a token with a lone surrogate at construction, not with a URIError at the first call", async () => {
    const { error, sent } = await outcome(async () => {
      const evm = createEvmClient({ url: server.url, credentials: { token: "abcdefgh\uD800" } });
      await evm.eth_chainId();
    });
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/lone UTF-16 surrogate/);
    expect(sent).toBe(0);
  });

  it("turns 200k-deep JSON in an error body and in error.data into ChainkitErrors, for every call of a batch", async () => {
    const deep = `${"[".repeat(200_000)}1${"]".repeat(200_000)}`;
    const evm = createEvmClient({ url: server.url, credentials: { token: TOKEN }, retry: false });
    answer = { status: 500, body: `{"error":{"message":${deep}}}` };
    const { error } = await outcome(() => evm.eth_chainId());
    expect(error).toBeInstanceOf(HttpError);
    answer = {
      status: 200,
      body: `[{"jsonrpc":"2.0","id":ID1,"error":{"code":-32000,"message":"x","data":${deep}}},{"jsonrpc":"2.0","id":ID2,"error":{"code":-32000,"message":"y","data":${deep}}}]`,
    };
    const batchServer = await startHostileServer((request, response) => {
      const sent = JSON.parse(request.text) as { id: number }[];
      const body = answer.body.replace("ID1", String(sent[0]?.id)).replace("ID2", String(sent[1]?.id));
      response.writeHead(200, { "content-type": "application/json" }).end(body);
    });
    try {
      const batched = createEvmClient({ url: batchServer.url, credentials: { token: TOKEN }, retry: false });
      const results = await Promise.allSettled([batched.eth_chainId(), batched.eth_blockNumber()]);
      for (const result of results) {
        expect(result.status).toBe("rejected");
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(JsonRpcError);
      }
    } finally {
      await batchServer.close();
    }
  });
});

describe("finding 10: int64 exact in any JSON form", () => {
  const wallet = () => createWalletClient({ url: server.url, credentials: { token: TOKEN }, retry: false });

  it("reads 9007199254740993.0 and 9.007199254740993e15 as 9007199254740993n", async () => {
    for (const written of ["9007199254740993.0", "9.007199254740993e15", "9007199254740993"]) {
      answer = { status: 200, body: BTT.replace("SUPPLY", written) };
      const asset = await wallet().getAssetIssueById({ value: "1002000", visible: false });
      expect(asset?.total_supply).toBe(9007199254740993n);
    }
  });

  it("refuses values outside the int64 range: 2^64, 10^30, a 5000-digit string", async () => {
    for (const written of ["18446744073709551616", "1e30", `"${"9".repeat(5000)}"`, "-9223372036854775809"]) {
      answer = { status: 200, body: BTT.replace("SUPPLY", written) };
      const { error } = await outcome(() => wallet().getAssetIssueById({ value: "1002000", visible: false }));
      expect(error, written).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]?.pointer).toBe("/total_supply");
    }
    answer = { status: 200, body: BTT.replace("SUPPLY", "9223372036854775807") };
    const asset = await wallet().getAssetIssueById({ value: "1002000", visible: false });
    expect(asset?.total_supply).toBe(9223372036854775807n);
  });

  it("refuses unsafe integers in requests instead of sending 1e+21", async () => {
    const platform = createPlatformClient({ baseUrl: server.url, apiKey: API_KEY, retry: false });
    const { error, sent } = await outcome(() => platform.listNodes({ page: 1e21 }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/query/page");
    expect(sent).toBe(0);
    const outOfRange = await outcome(() =>
      wallet().createTransaction({
        owner_address: "41dd791d6b49e190062d650e6a23c575510d35f2f9",
        to_address: "4192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a",
        amount: 2n ** 64n,
        visible: false,
      }),
    );
    expect(outOfRange.error).toBeInstanceOf(RequestValidationError);
    expect((outOfRange.error as RequestValidationError).field).toBe("/body/amount");
    expect(outOfRange.sent).toBe(0);
  });
});

describe("finding 11: degenerate options are refused at the call", () => {
  it("refuses waitForNode interval 0, NaN, -5 and timeout NaN before polling", async () => {
    const platform = createPlatformClient({ baseUrl: server.url, apiKey: API_KEY, retry: false });
    for (const options of [
      { interval: 0 },
      { interval: Number.NaN },
      { interval: -5 },
      { timeout: Number.NaN },
    ]) {
      const { error, sent } = await outcome(() => platform.waitForNode("ND-123-456-789", options));
      expect(error, JSON.stringify(options)).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe(Object.keys(options)[0]);
      expect(sent).toBe(0);
    }
  });

  it("refuses a budget of 0.5 requests when the client is made", () => {
    expect(() =>
      createPlatformClient({
        baseUrl: server.url,
        apiKey: API_KEY,
        budget: { requests: 0.5, intervalMs: 1000 },
      }),
    ).toThrow(/whole number/);
  });
});

describe("finding 12: a token at the end of a node's endpoints", () => {
  it("is masked in NodeFailedError.node, as nodeAccess reads it", async () => {
    const secret = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
    answer = {
      status: 200,
      body: JSON.stringify({
        id: "ND-123-456-789",
        name: "n",
        network: "NW-123-456-7",
        organization: "RG-123-456",
        status: "failed",
        type: "dedicated",
        role: "peer",
        provider: "gcloud",
        region: "asia-southeast1",
        configuration: {},
        details: {
          https_endpoint: `https://nd-123-456-789.p2pify.com/${secret}`,
          wss_endpoint: `wss://ws-nd-123-456-789.p2pify.com/${secret}`,
          auth_key: secret,
        },
        created_at: "2024-01-01T00:00:00Z",
      }),
    };
    const platform = createPlatformClient({ baseUrl: server.url, apiKey: API_KEY, retry: false });
    const { error } = await outcome(() => platform.waitForNode("ND-123-456-789"));
    if (!(error instanceof NodeFailedError)) throw error;
    const details = (error.node as { details: Record<string, string> }).details;
    expect(details.https_endpoint).toBe("https://nd-123-456-789.p2pify.com/***");
    expect(details.wss_endpoint).toBe("wss://ws-nd-123-456-789.p2pify.com/***");
    const { inspect } = await import("node:util");
    expect(inspect(error, { depth: 10 })).not.toContain(secret);
    expect(JSON.stringify(error)).not.toContain(secret);
    expect(error).toBeInstanceOf(ChainkitError);
  });
});

describe("finding 13: batch answers with duplicate or unknown ids", () => {
  it("are refused as a ResponseValidationError for every call of the batch", async () => {
    let shape: "duplicate" | "unknown" | "right" = "duplicate";
    const rpc = await startHostileServer((request, response) => {
      const ids = (JSON.parse(request.text) as { id: number }[]).map((call) => call.id);
      const answers = ids.map((id) => ({ jsonrpc: "2.0", id, result: "0x1" }));
      if (shape === "duplicate") answers.push({ jsonrpc: "2.0", id: ids[0] as number, result: "0x2" });
      if (shape === "unknown") answers.push({ jsonrpc: "2.0", id: 99_999, result: "0x2" });
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answers));
    });
    try {
      const evm = createEvmClient({ url: rpc.url, credentials: { token: TOKEN }, retry: false });
      for (const wrong of ["duplicate", "unknown"] as const) {
        shape = wrong;
        const results = await Promise.allSettled([evm.eth_chainId(), evm.eth_blockNumber()]);
        for (const result of results) {
          expect(result.status, wrong).toBe("rejected");
          const reason = (result as PromiseRejectedResult).reason as ResponseValidationError;
          expect(reason, wrong).toBeInstanceOf(ResponseValidationError);
          expect(reason.issues[0]?.pointer).toBe("/2/id");
        }
      }
      shape = "right";
      expect(await Promise.all([evm.eth_chainId(), evm.eth_blockNumber()])).toEqual(["0x1", "0x1"]);
    } finally {
      await rpc.close();
    }
  });
});
