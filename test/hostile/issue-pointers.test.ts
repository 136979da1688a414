import { createIndexerClient, ResponseValidationError } from "chainkit/indexer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { TOKEN } from "./support/clients.js";

/** Issue 31, finding 13: a secret used as a key of a bad answer must not show in the issue pointers. */

const PASSWORD = "pa/ss&SECRET<98765>";
let server: HostileServer;
let answer = "{}";

beforeAll(async () => {
  server = await startHostileServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end(answer);
  });
});
afterAll(() => server.close());

const ACCOUNT = "0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0";

describe("finding 13: secrets as keys of an answer the spec refuses", () => {
  it.each([
    ["token", { token: TOKEN }, TOKEN],
    // A "/" in the key is written ~1 in a pointer: the scrubbing must see through it.
    ["password", { username: "user", password: PASSWORD }, PASSWORD],
  ] as const)(
    "a %s never shows in the error, its issues or its inspection",
    async (_kind, credentials, secret) => {
      const client = createIndexerClient({ url: server.url, credentials, retry: false });
      // The address book maps keys to entries; this entry has a number where a string belongs.
      answer = JSON.stringify({ actions: [], address_book: { [secret]: { user_friendly: 5 } } });
      const error = await client.getActions({ account: ACCOUNT }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      const { issues, message } = error as ResponseValidationError;
      expect(issues[0]?.pointer).toBe("/address_book/***/user_friendly");
      const escaped = secret.replaceAll("~", "~0").replaceAll("/", "~1");
      for (const shown of [
        message,
        JSON.stringify(issues),
        JSON.stringify(error),
        String((error as Error).stack),
      ]) {
        expect(shown).not.toContain(secret);
        expect(shown).not.toContain(escaped);
        expect(shown).not.toContain("SECRET");
      }
    },
  );
});

describe("finding 13, JSON-RPC: a refused result's pointers are scrubbed the same way", () => {
  it("no EVM result schema is keyed by the answer, so the reading itself is checked with a validator that is", async () => {
    const { readRpcOutcome, wordRefusedOutcomes } = await import(
      "../../src/runtime/json-rpc/read-rpc-response.js"
    );
    const { evmMethods } = await import("../../generated/evm/operations.js");
    const keyed = Object.assign((result: unknown) => typeof result === "string", {
      errors: [
        { instancePath: `/${TOKEN}`, schemaPath: "#/type", keyword: "type", params: { type: "string" } },
      ],
    });
    const reading = { validators: { params: () => true, result: keyed }, validates: true };
    const context = {
      status: 200,
      shown: { url: "http://127.0.0.1/***", redact: (text: string) => text.replaceAll(TOKEN, "***") },
    };
    const outcome = readRpcOutcome(
      evmMethods.eth_chainId,
      1,
      { jsonrpc: "2.0", id: 1, result: { [TOKEN]: 1 } },
      reading,
      context,
    );
    const [worded] = await wordRefusedOutcomes([outcome]);
    const error = (worded as { error: ResponseValidationError }).error;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues[0]?.pointer).toBe("/result/***");
    expect(JSON.stringify(error.issues) + error.message).not.toContain(TOKEN);
  });
});
