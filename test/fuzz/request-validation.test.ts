import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { SURFACES } from "../../scripts/generate/surfaces.js";
import { ChainkitError } from "../../src/runtime/errors/chainkit-error.js";
import { RequestValidationError } from "../../src/runtime/errors/request-validation-error.js";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { FuzzTally, fuzzParameters } from "./support/fuzz-config.js";
import { everyOperation } from "./support/operations.js";
import { fuzzCallerFor } from "./support/runtime-callers.js";

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
    expect([...new Set(operations.map((operation) => operation.surface.name))].sort()).toEqual(
      SURFACES.map((surface) => surface.name).sort(),
    );
  });

  describe.each(
    operations.map((operation) => [`${operation.surface.name} ${operation.id}`, operation] as const),
  )("%s", (label, operation) => {
    const call = fuzzCallerFor(operation, server.url);

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
