import { inspect } from "node:util";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ChainkitError } from "../../src/runtime/errors/chainkit-error.js";
import { TimeoutError } from "../../src/runtime/errors/timeout-error.js";
import { everyClientCall } from "../hostile/support/clients.js";
import { type HostileServer, type SeenRequest, startHostileServer } from "../support/hostile-server.js";
import { FuzzTally, fuzzParameters } from "./support/fuzz-config.js";
import { everyOperation } from "./support/operations.js";
import { FUZZ_API_KEY, FUZZ_NODE_TOKEN, fuzzCallerFor } from "./support/runtime-callers.js";

/** One hostile answer: status, headers, and a body that may depend on the request (JSON-RPC ids). */
interface HostileAnswer {
  kind: string;
  status: number;
  headers: Record<string, string>;
  body(request: SeenRequest): string;
}

const fixed = (kind: string, text: fc.Arbitrary<string>) => text.map((body) => ({ kind, body: () => body }));

/** JSON-RPC envelopes answering the ids sent, or not quite: wrong, missing, repeated or typed ids. */
const rpcEnvelope = fc
  .record({
    id: fc.constantFrom("same", "other", "string", "missing", "null", "object"),
    member: fc.constantFrom("result", "error", "both", "neither"),
    result: fc.jsonValue(),
    code: fc.oneof(fc.integer(), fc.constant(-32005), fc.string()),
    repeat: fc.boolean(),
    asBatch: fc.boolean(),
  })
  .map((shape) => ({
    kind: `rpc ${shape.id} id, ${shape.member}`,
    body: (request: SeenRequest) => {
      let ids: unknown[] = [1];
      try {
        const sent = JSON.parse(request.text) as { id?: unknown } | { id?: unknown }[];
        ids = Array.isArray(sent) ? sent.map((call) => call.id) : [sent.id];
      } catch {}
      const one = (id: unknown) => {
        const envelope: Record<string, unknown> = { jsonrpc: "2.0" };
        const shown = {
          same: id,
          other: 424242,
          string: String(id),
          missing: undefined,
          null: null,
          object: { id },
        };
        if (shape.id !== "missing") envelope.id = shown[shape.id];
        if (shape.member === "result" || shape.member === "both") envelope.result = shape.result;
        if (shape.member === "error" || shape.member === "both") {
          envelope.error = { code: shape.code, message: `no ${FUZZ_NODE_TOKEN}`, data: shape.result };
        }
        return envelope;
      };
      const envelopes = ids.map(one);
      if (shape.repeat) envelopes.push(one(ids[0]));
      return JSON.stringify(shape.asBatch || envelopes.length > 1 ? envelopes : envelopes[0]);
    },
  }));

const hostileBody = fc.oneof(
  fixed(
    "json of any type",
    fc.jsonValue().map((value) => JSON.stringify(value)),
  ),
  fixed(
    "truncated json",
    fc.json().chain((text) => fc.nat({ max: Math.max(text.length - 1, 0) }).map((cut) => text.slice(0, cut))),
  ),
  fixed(
    "deep nesting",
    fc
      .record({ depth: fc.integer({ min: 1_000, max: 150_000 }), open: fc.constantFrom("[", '{"a":') })
      .map(({ depth, open }) => `${open.repeat(depth)}1${(open === "[" ? "]" : "}").repeat(depth)}`),
  ),
  fixed(
    "huge numbers",
    fc
      .constantFrom("1e400", "-1e400", "123456789012345678901234567890", "9007199254740993.0", "1e-400", "-0")
      .map((number) => `{"result":${number},"total_supply":${number},"id":${number},"actions":[${number}]}`),
  ),
  fixed("garbage text", fc.string({ unit: "binary", maxLength: 200 })),
  fixed("empty", fc.constant("")),
  rpcEnvelope,
);

const hostileAnswer: fc.Arbitrary<HostileAnswer> = fc
  .record({
    status: fc.constantFrom(
      200,
      200,
      200,
      201,
      204,
      301,
      302,
      304,
      307,
      400,
      401,
      404,
      413,
      422,
      429,
      500,
      502,
      503,
    ),
    contentType: fc.constantFrom("application/json", "text/plain", "text/html; charset=latin1", ""),
    location: fc.option(
      fc.constantFrom(
        "http://evil.example/steal",
        "/elsewhere",
        "::not a url",
        `https://x/${FUZZ_NODE_TOKEN}`,
      ),
    ),
    retryAfter: fc.option(fc.constantFrom("0", "-5", "soon", "99999999999", "1.5")),
    body: hostileBody,
  })
  .map(({ status, contentType, location, retryAfter, body }) => {
    const headers: Record<string, string> = {};
    if (contentType !== "") headers["content-type"] = contentType;
    if (location !== null) headers.location = location;
    if (retryAfter !== null) headers["retry-after"] = retryAfter;
    return { kind: body.kind, status, headers, body: body.body };
  });

let answer: HostileAnswer | undefined;
const server: HostileServer = await startHostileServer((request, response) => {
  const current = answer;
  if (current === undefined) return void response.writeHead(500).end();
  // 204 and 304 carry no body, whatever the server wants.
  const text = current.status === 204 || current.status === 304 ? "" : current.body(request);
  response.writeHead(current.status, current.headers).end(text);
});
const operations = await everyOperation();
const tally = new FuzzTally();

afterAll(async () => {
  console.log(tally.summary("Hostile answers fuzz"));
  await server.close();
});

/** The secrets a caller of this auth kind holds: only those can it keep out of its errors. */
function heldSecrets(kind: string): string[] {
  if (kind === "bearer") return [FUZZ_API_KEY];
  return kind === "node" ? [FUZZ_NODE_TOKEN] : [];
}

/** Every hostile answer ends in a value or a ChainkitError that shows no secret; never a hang. */
async function expectTypedEnd(label: string, call: () => Promise<unknown>, secrets: readonly string[]) {
  try {
    await call();
    tally.count(label, "values");
  } catch (error) {
    if (!(error instanceof ChainkitError) || error instanceof TimeoutError) {
      tally.count(label, "crashes");
      throw new Error(`${answer?.kind} (HTTP ${answer?.status}) ended in ${inspect(error).slice(0, 500)}`);
    }
    tally.count(label, "typed errors");
    const shown = `${error.message}\n${error.stack}\n${inspect(error, { depth: 8 })}`;
    for (const secret of secrets) expect(shown).not.toContain(secret);
  }
}

describe("hostile answers through every operation's caller", () => {
  describe.each(
    operations.map((operation) => [`${operation.surface.name} ${operation.id}`, operation] as const),
  )("%s", (label, operation) => {
    it("ends in a value or a typed error", async () => {
      const call = fuzzCallerFor(operation, server.url);
      await fc.assert(
        fc.asyncProperty(operation.valid as fc.Arbitrary<unknown>, hostileAnswer, async (input, hostile) => {
          answer = hostile;
          tally.count(label, "answers tried");
          await expectTypedEnd(label, () => call(input), heldSecrets(operation.surface.auth));
        }),
        fuzzParameters(),
      );
    });
  });
});

describe("hostile answers through the public clients", () => {
  const clients = everyClientCall(server.url, { timeout: 60_000 });
  it.each(clients.map((client) => [`${client.surface} (${client.mode})`, client] as const))(
    "%s ends in a value or a typed error",
    async (label, client) => {
      await fc.assert(
        fc.asyncProperty(hostileAnswer, async (hostile) => {
          answer = hostile;
          tally.count(`client ${label}`, "answers tried");
          await expectTypedEnd(`client ${label}`, () => client.call(), client.secrets);
        }),
        fuzzParameters(),
      );
    },
  );
});
