import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { createEvmClient } from "chainkit/evm";
import { createPlatformClient, RequestValidationError, ResponseValidationError } from "chainkit/platform";
import { describe, expect, it } from "vitest";
import { SURFACES } from "../../scripts/generate/surfaces.js";
import { checkValue } from "../../src/runtime/validation/field-issues.js";
import { describePattern } from "../../src/runtime/validation/pattern-words.js";
import { partsOfModule, validatorsOfModule } from "../support/spec-validators.js";

const root = new URL("../../", import.meta.url).pathname;

/** A fetch that fails the test if a request is made: request checks must refuse first. */
const noRequest = () => Promise.reject(new Error("a request was sent"));

/** A fetch answering every JSON-RPC call with this result (echoing the id). */
function answering(result: unknown): typeof fetch {
  return async (_url, init) => {
    const { id } = JSON.parse(String(init?.body));
    return new Response(JSON.stringify({ jsonrpc: "2.0", id, result }));
  };
}

const node = {
  name: "archive",
  network: "ethereum-mainnet",
  type: "dedicated",
  provider: "gcloud",
  region: "asia-southeast1",
  role: "peer",
  configuration: {},
} as const;

async function refusal(call: Promise<unknown>): Promise<RequestValidationError> {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RequestValidationError);
  return error as RequestValidationError;
}

describe("validation messages say how to fix the value (issue 17)", () => {
  const platform = createPlatformClient({
    baseUrl: "http://127.0.0.1:9",
    apiKey: "key-0123456789",
    fetch: noRequest,
  });

  it("an enum lists its values", async () => {
    const error = await refusal(platform.createNode({ ...node, type: "shard" as "shared" }));
    expect(error.message).toBe("Invalid input for createNode: /body/type must be one of: shared, dedicated");
  });

  it("a conditional rule reads as the sentence its x-rule gives, naming the values", async () => {
    const error = await refusal(platform.createNode({ ...node, region: "us-east-1" }));
    expect(error.issues).toEqual([
      {
        pointer: "/body/region",
        message: "us-east-1 is not served by provider gcloud; it serves asia-southeast1",
      },
    ]);
    expect(error.message).toContain(
      "region us-east-1 is not served by provider gcloud; it serves asia-southeast1",
    );
  });

  it("an object-or-null result that fails reports the real cause, without the null branch", async () => {
    const vector = JSON.parse(
      await readFile(
        join(root, "test/fixtures/evm/eth_getBlockByHash_mainnet_21925176_cancun_txhashes.json"),
        "utf8",
      ),
    );
    const { hash, ...headless } = vector.result;
    const evm = createEvmClient({
      url: "http://127.0.0.1:9",
      credentials: { token: "token-0123456789" },
      fetch: answering(headless),
    });
    const error = await evm.eth_getBlockByHash(hash, false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([
      { pointer: "/result/hash", message: "is required" },
    ]);
    const wrongType = createEvmClient({
      url: "http://127.0.0.1:9",
      credentials: { token: "token-0123456789" },
      fetch: answering(5),
    });
    const typed = await wrongType.eth_getBlockByHash(hash, false).catch((e: unknown) => e);
    expect((typed as ResponseValidationError).issues).toEqual([
      { pointer: "/result", message: "must be an object or null" },
    ]);
  });

  it("alternatives that each fail at the value itself are said together", async () => {
    const evm = createEvmClient({
      url: "http://127.0.0.1:9",
      credentials: { token: "token-0123456789" },
      fetch: noRequest,
    });
    const error = await refusal(evm.eth_getBlockByNumber("lates" as "latest", false));
    expect(error.issues).toEqual([
      {
        pointer: "/params/0",
        message:
          "must be a hex quantity: 0x and hex digits without leading zeros (0x0 for zero), or one of: latest, earliest, safe, finalized",
      },
    ]);
  });

  it("a hex pattern says how many bytes; other patterns are quoted plainly", async () => {
    const evm = createEvmClient({
      url: "http://127.0.0.1:9",
      credentials: { token: "token-0123456789" },
      fetch: noRequest,
    });
    const error = await refusal(evm.eth_getBlockByHash("0x1234", false));
    expect(error.message).toBe(
      "Invalid input for eth_getBlockByHash: /params/0 must be hex of 32 bytes: 0x and 64 hex digits",
    );
    expect(describePattern("^0x[0-9a-f]{32}$")).toBe("must be hex of 16 bytes: 0x and 32 hex digits");
    expect(describePattern("^0x[0-9a-fA-F]{1,64}$")).toBe("must be hex: 0x and 1 to 64 hex digits");
    expect(describePattern("^-?[0-9]+$")).toBe(
      "must be a whole number: digits, with an optional leading minus",
    );
    expect(describePattern("^[0-9]+$")).toBe("must be a decimal string: digits only");
    expect(describePattern("^(41[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$")).toBe(
      "must match the pattern ^(41[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$",
    );
  });
});

/** Words of ajv's own messages and of JSON Schema that mean nothing to a reader of an error. */
const JARGON =
  /oneOf|anyOf|allOf|"then"|"else"|schema|allowed values|must NOT|must match pattern|must match a|\bconst\b|\bif\b|additional/i;

/** Values that break most schemas in several ways at once. */
const BAD_VALUES: unknown[] = [
  null,
  5,
  -1.5,
  "",
  "x",
  "0x",
  true,
  [],
  [null, 5, "x", {}],
  {},
  { id: 5, name: [], type: "x", region: "mars", provider: "gcloud", nonce: -1, extra: {} },
  { result: {}, data: [{}], action: { type: "x" }, details: { auth_key: 5 } },
];

describe("no validator jargon in any message of any generated validator", () => {
  it("every issue of every operation's validators, on values that break them, reads as words", async () => {
    let checked = 0;
    for (const { name: surface } of SURFACES) {
      const folder = join(root, "generated", surface, "validators");
      for (const name of (await readdir(folder)).filter((file) => file.endsWith(".js"))) {
        for (const [, part] of partsOfModule(name, await import(join(folder, name)))) {
          for (const [, validate] of validatorsOfModule(part)) {
            for (const value of BAD_VALUES) {
              for (const issue of checkValue(validate, value, "/x")) {
                checked += 1;
                expect(issue.pointer, `${surface}/${name}`).toMatch(/^\/x/);
                expect(issue.message, `${surface}/${name} ${JSON.stringify(value)}`).not.toMatch(JARGON);
              }
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
