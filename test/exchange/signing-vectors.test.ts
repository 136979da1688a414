import { readFileSync } from "node:fs";
import { bytesToHex } from "@noble/hashes/utils.js";
import {
  AGENT_DOMAIN_SEPARATOR,
  actionHash,
  actionPreimage,
  agentDigest,
  encodeAction,
  type Hex,
  type L1Action,
  privateKeySigner,
  signAgent,
  signL1Action,
  signUserSignedAction,
  type UserSignedAction,
} from "chainkit/exchange";
import { describe, expect, it } from "vitest";

interface Expected {
  eip712Digest: Hex;
  r: Hex;
  s: Hex;
  v: number;
}

interface Vector {
  name: string;
  privateKey: Hex;
  action?: L1Action;
  nonce?: number;
  vaultAddress?: string | null;
  expiresAfter?: number | null;
  msgpackActionHex?: Hex;
  preimageHex?: Hex;
  connectionId: Hex;
  expected: { connectionId?: Hex; mainnet?: Expected; testnet?: Expected };
}

const file = JSON.parse(
  readFileSync(new URL("../fixtures/exchange/signing-official.json", import.meta.url), "utf8"),
);
const vectors: Vector[] = Object.values(file.groups as Record<string, { vectors: Vector[] }>).flatMap(
  (group) => group.vectors,
);
const hex = (bytes: Uint8Array) => `0x${bytesToHex(bytes)}`;
const networks = (vector: Vector) =>
  (["mainnet", "testnet"] as const).flatMap((net) => {
    const expected = vector.expected[net];
    return expected ? [{ net, isMainnet: net === "mainnet", expected }] : [];
  });

describe("official signing vectors", () => {
  it("covers every vector of the fixture", () => {
    expect(vectors.length).toBe(21);
  });

  it("computes the Agent domain separator", () => {
    expect(AGENT_DOMAIN_SEPARATOR).toBe(file.procedure.eip712.domainSeparator);
  });

  describe.each(vectors.filter((vector) => vector.action))("$name", (vector) => {
    const params = {
      action: vector.action as L1Action,
      nonce: vector.nonce as number,
      vaultAddress: vector.vaultAddress,
      expiresAfter: vector.expiresAfter,
    };

    it("encodes the msgpack bytes, preimage and connection id", () => {
      expect(hex(encodeAction(params.action))).toBe(vector.msgpackActionHex);
      expect(hex(actionPreimage(params))).toBe(vector.preimageHex);
      expect(actionHash(params)).toBe(vector.connectionId);
      if (vector.expected.connectionId) expect(actionHash(params)).toBe(vector.expected.connectionId);
    });

    it.each(networks(vector))(
      "signs for $net with a key and with privateKeySigner",
      async ({ isMainnet, expected }) => {
        expect(hex(agentDigest(vector.connectionId, isMainnet))).toBe(expected.eip712Digest);
        const want = { r: expected.r, s: expected.s, v: expected.v };
        expect(await signL1Action({ ...params, privateKey: vector.privateKey, isMainnet })).toEqual(want);
        const signer = privateKeySigner(vector.privateKey);
        expect(await signL1Action({ ...params, signer, isMainnet })).toEqual(want);
      },
    );
  });

  describe.each(vectors.filter((vector) => !vector.action))("$name", (vector) => {
    it.each(networks(vector))("signs the bare connection id for $net", async ({ isMainnet, expected }) => {
      expect(hex(agentDigest(vector.connectionId, isMainnet))).toBe(expected.eip712Digest);
      const signature = await signAgent({
        privateKey: vector.privateKey,
        connectionId: vector.connectionId,
        isMainnet,
      });
      expect(signature).toEqual({ r: expected.r, s: expected.s, v: expected.v });
    });
  });
});

const userSigned: {
  vectors: { name: string; privateKey: Hex; action: UserSignedAction; expected: object }[];
} = JSON.parse(
  readFileSync(new URL("../fixtures/exchange/signing-user-actions.json", import.meta.url), "utf8"),
);

describe("official user-signed vectors (usdSend, withdraw3, approveBuilderFee)", () => {
  it.each(userSigned.vectors)("$name", async (vector) => {
    // The Python SDK writes r and s without leading zeros; none of these has one.
    expect(await signUserSignedAction({ privateKey: vector.privateKey, action: vector.action })).toEqual(
      vector.expected,
    );
    const signer = privateKeySigner(vector.privateKey);
    expect(await signUserSignedAction({ signer, action: vector.action })).toEqual(vector.expected);
  });
});
