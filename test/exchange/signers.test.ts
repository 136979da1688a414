import { inspect } from "node:util";
import {
  type AgentTypedData,
  actionHash,
  agentTypedData,
  type BatchModifyAction,
  ExchangeError,
  privateKeySigner,
  type Signer,
  signL1Action,
} from "chainkit/exchange";
import { Wallet } from "ethers";
import { recoverTypedDataAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";

const KEY = "0x822e9959e022b78423eb653a62ea0020cd283e71a2a8133a6ff2aeffaf373cff";
const ADDRESS = "0xE5cA49Fb3bD9A581F0D1EF9CB5D7177Da08bf901";

const action: BatchModifyAction = {
  type: "batchModify",
  modifies: [
    {
      oid: 8553833906,
      order: { a: 4, b: true, p: "1670.1", s: "0.0147", r: false, t: { limit: { tif: "Gtc" } } },
    },
    {
      oid: "0x0000000000000000000000000000beef",
      order: {
        a: 0,
        b: false,
        p: "30000",
        s: "0.1",
        r: true,
        t: { trigger: { isMarket: false, triggerPx: "29000", tpsl: "sl" } },
        c: "0x0000000000000000000000000000beef",
      },
    },
  ],
};

const signers: [string, Signer][] = [
  ["privateKeySigner", privateKeySigner(KEY)],
  ["viem privateKeyToAccount", privateKeyToAccount(KEY)],
  ["ethers Wallet", new Wallet(KEY)],
];

describe("signers", () => {
  it("privateKeySigner derives the checksummed address on first use", async () => {
    const signer = privateKeySigner(KEY);
    expect(signer).not.toHaveProperty("address");
    expect(await signer.getAddress()).toBe(ADDRESS);
    expect(await signer.getAddress()).toBe(ADDRESS);
  });

  it("signers that answer their address from getAddress() sign alike", async () => {
    const account = privateKeyToAccount(KEY);
    const asyncAddress: Signer = {
      getAddress: async () => account.address,
      signTypedData: (typedData: AgentTypedData) => account.signTypedData(typedData),
    };
    const params = { action, nonce: 1700000000123, isMainnet: true };
    expect(await signL1Action({ ...params, signer: asyncAddress })).toEqual(
      await signL1Action({ ...params, privateKey: KEY }),
    );
  });

  it.each([true, false])("viem, ethers and privateKeySigner sign alike (isMainnet %s)", async (isMainnet) => {
    const params = {
      action,
      nonce: 1700000000123,
      vaultAddress: "0x1719884eb866cb12b2287399b15f7db5e7d775ea",
      expiresAfter: 1700000060000,
      isMainnet,
    };
    const direct = await signL1Action({ ...params, privateKey: KEY });
    for (const [, signer] of signers) expect(await signL1Action({ ...params, signer })).toEqual(direct);
    const typedData = agentTypedData(actionHash(params), isMainnet);
    const signature = `${direct.r}${direct.s.slice(2)}${direct.v.toString(16)}` as const;
    expect(await recoverTypedDataAddress({ ...typedData, signature })).toBe(ADDRESS);
  });

  it("privateKeySigner.signTypedData hashes typed data like viem", async () => {
    const typedData = agentTypedData(actionHash({ action, nonce: 5 }), true);
    const ours = await privateKeySigner(KEY).signTypedData(typedData);
    expect(ours).toBe(await privateKeyToAccount(KEY).signTypedData(typedData));
    const domainType = [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" },
    ];
    const withDomainType = { ...typedData, types: { ...typedData.types, EIP712Domain: domainType } };
    expect(await privateKeySigner(KEY).signTypedData(withDomainType)).toBe(ours);
  });

  it("privateKeySigner refuses nested typed data instead of signing it wrongly", async () => {
    const nested = {
      domain: { name: "x" },
      types: { Outer: [{ name: "inner", type: "Inner" }], Inner: [{ name: "v", type: "uint256" }] },
      primaryType: "Outer",
      message: { inner: { v: 1 } },
    };
    await expect(privateKeySigner(KEY).signTypedData(nested)).rejects.toThrow(ExchangeError);
  });
});

describe("the private key stays hidden", () => {
  const bare = KEY.slice(2);

  it("from inspect and JSON of a privateKeySigner, before and after its address is derived", async () => {
    const signer = privateKeySigner(KEY);
    expect(JSON.stringify(signer)).toBe(JSON.stringify({ type: "privateKeySigner" }));
    await signer.getAddress();
    expect(inspect(signer, { depth: 10, showHidden: true })).not.toContain(bare);
    expect(JSON.stringify(signer)).toBe(JSON.stringify({ type: "privateKeySigner", address: ADDRESS }));
    expect(JSON.stringify({ ...signer })).not.toContain(bare);
  });

  it.each([`${KEY}00`, KEY.slice(0, 60), `0x${"0".repeat(64)}`, `0x${"f".repeat(64)}`])(
    "from the error for a malformed key",
    async (bad) => {
      const error = await signL1Action({
        action,
        nonce: 1,
        isMainnet: true,
        privateKey: bad as `0x${string}`,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExchangeError);
      expect(inspect(error)).not.toContain(bad.slice(2, 40));
      expect(() => privateKeySigner(bad as `0x${string}`)).toThrow(ExchangeError);
    },
  );
});
