import { readdirSync, readFileSync } from "node:fs";
import { createEvmClient, type EvmClient, JsonRpcError, RequestValidationError } from "chainkit/evm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type LoopbackServer, startLoopbackServer } from "../support/loopback-server.js";

// Replays every exchange ethereum/execution-apis recorded (real client answers, errors included)
// through the public client: the params on the wire must equal the recording, and the recorded
// result, or a JsonRpcError with the recorded code and message, must come back, unless a rule the
// client enforces refuses the call first, in which case nothing may be sent.

interface Envelope {
  jsonrpc: "2.0";
  id: number;
  method: string;
  params?: unknown[];
}

interface Answer {
  id: number;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

interface Exchange {
  /** `<method>/<case>.io`, with `#2` for a file's second exchange. */
  name: string;
  request: Envelope;
  response: Answer;
}

/**
 * The recordings chainkit refuses before sending, each with why. `hyperevm` marks HyperEVM's own
 * rules; `spec` marks the standard's schema, which the recording's node enforced itself.
 */
const REFUSED_BEFORE_SENDING: Record<string, { rule: "hyperevm" | "spec"; field: string; why: string }> = {
  "eth_getBalance/get-balance-blockhash.io": {
    rule: "hyperevm",
    field: "/params/1",
    why: "a block hash asks for historical state; HyperEVM serves state at the latest block only",
  },
  "eth_getProof/get-account-proof-blockhash.io": {
    rule: "hyperevm",
    field: "/params/2",
    why: "a block hash asks for a historical proof; HyperEVM proves the latest state only",
  },
  "eth_getStorageAt/get-storage-invalid-key-too-large.io": {
    rule: "spec",
    field: "/params/1",
    why: "a 65-digit key is over 32 bytes; the spec refuses it before sending, where the recording shows the node's -32602",
  },
  "eth_getStorageAt/get-storage-invalid-key.io": {
    rule: "spec",
    field: "/params/1",
    why: '"0xasdf" is not hex; the spec refuses it before sending, where the recording shows the node\'s -32602',
  },
};

const folder = new URL("../fixtures/evm/execution-apis/", import.meta.url);

/** Every exchange of every `.io` file, in file order. */
function recordings(): Exchange[] {
  const exchanges: Exchange[] = [];
  for (const method of readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of readdirSync(new URL(`${method.name}/`, folder)).filter((name) =>
      name.endsWith(".io"),
    )) {
      const lines = readFileSync(new URL(`${method.name}/${file}`, folder), "utf8").split("\n");
      const requests = lines
        .filter((line) => line.startsWith(">> "))
        .map((line) => JSON.parse(line.slice(3)));
      const responses = lines
        .filter((line) => line.startsWith("<< "))
        .map((line) => JSON.parse(line.slice(3)));
      expect(responses, `${method.name}/${file}: one response per request`).toHaveLength(requests.length);
      requests.forEach((request: Envelope, i) => {
        const name = `${method.name}/${file}${i === 0 ? "" : `#${i + 1}`}`;
        exchanges.push({ name, request, response: responses[i] as Answer });
      });
    }
  }
  return exchanges;
}

const exchanges = recordings();
let node: LoopbackServer;
let evm: EvmClient;
/** The exchange the loopback node answers with: its recorded response, under the id the client sent. */
let playing: Exchange | undefined;

beforeAll(async () => {
  node = await startLoopbackServer((request) => {
    const sent = request.json as Envelope;
    const { id: _recordedId, ...recorded } = playing?.response ?? {
      error: { code: -1, message: "nothing to play" },
    };
    return { body: { jsonrpc: "2.0", id: sent.id, ...recorded } };
  });
  evm = createEvmClient({ url: node.url, credentials: { token: "replay-tok" }, retry: false, batch: false });
});
afterAll(() => node.close());

describe("execution-apis recordings", () => {
  test("all of them are here: every method folder and every exchange", () => {
    const methods = new Set(exchanges.map((exchange) => exchange.request.method));
    expect(methods.size).toBe(23);
    expect(exchanges.length).toBe(98);
    for (const name of Object.keys(REFUSED_BEFORE_SENDING)) {
      expect(
        exchanges.some((exchange) => exchange.name === name),
        name,
      ).toBe(true);
    }
  });

  test.each(exchanges.map((exchange) => [exchange.name, exchange] as const))("%s", async (name, exchange) => {
    const { request, response } = exchange;
    const call = evm[request.method as keyof EvmClient] as (...params: unknown[]) => Promise<unknown>;
    expect(typeof call, `${request.method} is a method of the client`).toBe("function");
    playing = exchange;
    const before = node.requests.length;
    const outcome = await call(...(request.params ?? [])).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    const sent = node.requests.slice(before).map((seen) => seen.json as Envelope);

    const refused = REFUSED_BEFORE_SENDING[name];
    if (refused) {
      expect("error" in outcome && outcome.error).toBeInstanceOf(RequestValidationError);
      expect((outcome as { error: RequestValidationError }).error.field).toBe(refused.field);
      expect(sent, "refused before sending").toEqual([]);
      return;
    }
    // chainkit always sends params; a recording that left them out (a method without any) sent none.
    expect(sent).toEqual([
      { jsonrpc: "2.0", id: sent[0]?.id, method: request.method, params: request.params ?? [] },
    ]);
    if (response.error) {
      expect("error" in outcome && outcome.error).toBeInstanceOf(JsonRpcError);
      const error = (outcome as { error: JsonRpcError }).error;
      expect(error.code).toBe(response.error.code);
      // shortMessage is "<method> failed with JSON-RPC error <code>: <the node's message>".
      expect(error.shortMessage).toBe(
        `${request.method} failed with JSON-RPC error ${response.error.code}: ${response.error.message}`,
      );
      expect(error.data).toEqual(response.error.data);
    } else {
      expect(outcome).toEqual({ result: response.result });
    }
  });
});
