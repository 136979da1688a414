import { createWalletClient, privateKeySigner, ResponseValidationError } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { TOKEN } from "./support/clients.js";

/**
 * Issue 42, item 13: a TRON node answering negative chain prices or resources. The fee estimate
 * added them up into a negative `totalBurn` (a "refund" of thousands of TRX) instead of refusing.
 */

const from = privateKeySigner("d4".repeat(32)).address;
const to = privateKeySigner("e5".repeat(32)).address;

/** The node's answers; each case makes one of them hostile. */
let parameters: { key: string; value: number }[] = [];
let resources: Record<string, number> = {};

const UNSIGNED = {
  visible: true,
  txID: "ab".repeat(32),
  raw_data: {
    contract: [
      {
        type: "TransferContract",
        parameter: {
          type_url: "type.googleapis.com/protocol.TransferContract",
          value: { owner_address: from, to_address: to, amount: 1_000_000 },
        },
      },
    ],
    ref_block_bytes: "0a0b",
    ref_block_hash: "0102030405060708",
    expiration: 1_700_000_060_000,
    timestamp: 1_700_000_000_000,
  },
  raw_data_hex: "0a".repeat(100),
};

let server: HostileServer;

beforeAll(async () => {
  server = await startHostileServer((request, response) => {
    const path = new URL(request.url, "http://x").pathname;
    let body: unknown = {};
    if (path.endsWith("/wallet/getchainparameters")) body = { chainParameter: parameters };
    else if (path.endsWith("/wallet/getaccountresource")) body = resources;
    else if (path.endsWith("/wallet/createtransaction")) body = UNSIGNED;
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
});
afterAll(() => server.close());

const HONEST_PARAMETERS = [
  { key: "getTransactionFee", value: 1000 },
  { key: "getEnergyFee", value: 210 },
  { key: "getCreateNewAccountFeeInSystemContract", value: 1_000_000 },
];

describe("item 13: negative chain parameters", () => {
  const wallet = () => createWalletClient({ url: server.url, credentials: { token: TOKEN }, retry: false });

  it("estimates a positive burn from an honest node", async () => {
    parameters = HONEST_PARAMETERS;
    resources = {};
    const fee = await wallet().estimateFee({ from, to, amount: 1_000_000n });
    expect(fee.totalBurn).toBeGreaterThan(0n);
  });

  it("refuses a negative price or resource as a ResponseValidationError naming it", async () => {
    const cases: {
      parameters: unknown[];
      resources: Record<string, number>;
      pointer: string;
      words: string;
    }[] = [
      {
        parameters: [
          HONEST_PARAMETERS[0],
          HONEST_PARAMETERS[1],
          { ...HONEST_PARAMETERS[2], value: -24_914_000_000 },
        ],
        resources: {},
        pointer: "/chainParameter/2/value",
        words: "-24914000000, but a chain price (getCreateNewAccountFeeInSystemContract) is never negative",
      },
      {
        parameters: [{ key: "getTransactionFee", value: -1000 }, ...HONEST_PARAMETERS.slice(1)],
        resources: {},
        pointer: "/chainParameter/0/value",
        words: "a chain price (getTransactionFee) is never negative",
      },
      {
        parameters: HONEST_PARAMETERS,
        resources: { freeNetLimit: 600, freeNetUsed: -5_000_000 },
        pointer: "/freeNetUsed",
        words: "the account's freeNetUsed is never negative",
      },
    ];
    for (const hostile of cases) {
      parameters = hostile.parameters as typeof parameters;
      resources = hostile.resources;
      const error = await wallet()
        .estimateFee({ from, to, amount: 1_000_000n })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]?.pointer).toBe(hostile.pointer);
      expect((error as Error).message).toContain(hostile.words);
      expect((error as Error).message).toMatch(/ask another node/);
    }
  });
});
