import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { type Auth, bearerAuth, noAuth, nodeAuth } from "../../src/runtime/credentials/auth.js";
import { ChainkitError } from "../../src/runtime/errors/chainkit-error.js";
import { RequestValidationError } from "../../src/runtime/errors/request-validation-error.js";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import type { RestInput } from "../../src/runtime/operation.js";
import { createRestCaller } from "../../src/runtime/rest/create-rest-caller.js";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { FuzzTally, fuzzParameters } from "./support/fuzz-config.js";
import { everyOperation, type FuzzOperation } from "./support/operations.js";

const operations = await everyOperation();
const tally = new FuzzTally();
// Answers every request the same dull way: this suite only asks whether a request was sent.
const server: HostileServer = await startHostileServer((_request, response) => {
  // A fresh connection per request: no race with a kept-alive socket the server is closing.
  response.writeHead(503, { "content-type": "text/plain", connection: "close" }).end("fuzz");
});

afterAll(async () => {
  console.log(tally.summary("Request validation fuzz"));
  await server.close();
});

function authOf(kind: string): Auth {
  if (kind === "bearer") return bearerAuth("fuzz-api-key-0123456789");
  if (kind === "node") return nodeAuth({ token: "fuzz-node-token-0123456789" });
  return noAuth();
}

/** Calls one operation through its runtime caller (retries off), and says what it threw. */
function callerFor(operation: FuzzOperation): (input: unknown) => Promise<unknown> {
  const options = { auth: authOf(operation.surface.auth), retry: false as const, timeout: 60_000 };
  if (operation.kind === "rpc") {
    const rpc = createJsonRpcClient({
      url: server.url,
      path: operation.surface.path,
      batch: false,
      ...options,
    });
    return (params) => rpc.call(operation.descriptor, params as unknown[]);
  }
  const rest = createRestCaller({ baseUrl: server.url, ...options });
  return (input) => rest.call(operation.descriptor, input as RestInput);
}

async function outcome(call: () => Promise<unknown>): Promise<{ error: unknown; sent: number }> {
  const before = server.requests.length;
  let error: unknown;
  try {
    await call();
  } catch (caught) {
    error = caught;
  }
  return { error, sent: server.requests.length - before };
}

describe("every operation of every spec: request validation", () => {
  it("covers every operation the specs describe", () => {
    expect(operations.length).toBeGreaterThan(10);
    expect([...new Set(operations.map((operation) => operation.surface.name))]).toEqual(
      expect.arrayContaining(["evm", "exchange", "indexer", "platform", "wallet"]),
    );
  });

  describe.each(
    operations.map((operation) => [`${operation.surface.name} ${operation.id}`, operation] as const),
  )("%s", (label, operation) => {
    const call = callerFor(operation);

    it("sends generated valid inputs (they pass validation)", async () => {
      await fc.assert(
        fc.asyncProperty(operation.valid as fc.Arbitrary<unknown>, async (input) => {
          const { error, sent } = await outcome(() => call(input));
          tally.count(label, "valid tried");
          if (error instanceof RequestValidationError) {
            throw new Error(`refused a valid input: ${error.message}\n${JSON.stringify(input, replacer)}`);
          }
          expect(error === undefined || error instanceof ChainkitError).toBe(true);
          expect(sent).toBe(1);
        }),
        fuzzParameters(),
      );
    });

    it("refuses generated invalid inputs before sending, naming the field", async () => {
      const broken = (operation.valid as fc.Arbitrary<unknown>).chain((input) => {
        const ways = operation.breaks(input as never);
        return ways.length === 0
          ? fc.constant(undefined)
          : fc.constantFrom(...ways).map((mutation) => ({ mutation, input: mutation.apply(input) }));
      });
      await fc.assert(
        fc.asyncProperty(broken, async (pick) => {
          if (pick === undefined) return;
          const { error, sent } = await outcome(() => call(pick.input));
          tally.count(label, "invalid tried");
          if (!(error instanceof RequestValidationError)) {
            throw new Error(
              `${pick.mutation.kind} at ${pick.mutation.pointer} was not refused (${String(error)})\n${JSON.stringify(pick.input, replacer)}`,
            );
          }
          const named = error.issues.some(
            (issue) =>
              issue.pointer === pick.mutation.pointer ||
              issue.pointer.startsWith(`${pick.mutation.pointer}/`),
          );
          if (!named) {
            throw new Error(
              `${pick.mutation.kind} at ${pick.mutation.pointer}, but the refusal named ${error.issues.map((i) => i.pointer).join(", ")}`,
            );
          }
          expect(sent).toBe(0);
          tally.count(label, "refused");
        }),
        fuzzParameters(),
      );
    });
  });
});

function replacer(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? `${value}n` : value;
}
