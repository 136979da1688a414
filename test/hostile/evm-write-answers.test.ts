import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import {
  ChainMismatchError,
  ConfigurationError,
  contract,
  createEvmClient,
  type EvmClient,
  type EvmClientOptions,
  erc20,
  FeeCeilingError,
  type Hex,
  ProofError,
  RequestValidationError,
  ResponseValidationError,
  TransactionHashMismatchError,
} from "chainkit/evm";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { chainkitTransport } from "chainkit/viem";
import { createWalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { evmSpySigner } from "../support/evm-spy-signer.js";
import { startTamperingEvmNode, type TamperingEvmNode } from "./support/tampering-evm-node.js";

// Issue 42, items 1-4 and 9: a node in front of the sandbox's real chain lies about one method at a
// time (the chain id, a fee, the sent transaction's hash, a receipt, eth_call's return data), and the
// client refuses before signing, or refuses the answer, naming what was wrong.

let sandbox: Sandbox;
let node: TamperingEvmNode;
let honest: EvmClient;
const fresh = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString("hex")}` as const;
const GWEI = 10n ** 9n;

/** A funded key wrapped as an external signer that counts what it was asked to sign. */
async function countingSigner(): Promise<ReturnType<typeof evmSpySigner>> {
  const signer = evmSpySigner(crypto.getRandomValues(new Uint8Array(32)));
  await sandbox.evm.fund(signer.address, 10n ** 20n);
  return signer;
}

/** A client of the tampering node, with the sandbox's token. */
function clientOf(options: Partial<EvmClientOptions> = {}): EvmClient {
  return createEvmClient({
    url: node.url,
    credentials: { token: sandbox.credentials.nodeToken },
    retry: false,
    ...options,
  });
}

const sentRaw = () => node.calls.filter((call) => call.method === "eth_sendRawTransaction").length;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 42 });
  node = await startTamperingEvmNode(sandbox);
  honest = createEvmClient({ url: sandbox.urls.evm, credentials: { token: sandbox.credentials.nodeToken } });
}, 60_000);

afterEach(() => node.tampers.clear());

afterAll(async () => {
  await node?.close();
  await sandbox?.close();
});

describe("item 1: the chain a client signs for", () => {
  const foreignChain = () => node.tampers.set("eth_chainId", () => ({ result: "0x1" }));

  it("a client pinned with chainId refuses a node of another chain before signing", async () => {
    foreignChain();
    const me = await countingSigner();
    const before = sentRaw();
    const error = await clientOf({ chainId: 999 })
      .sendTransaction({ to: fresh(), value: 1n }, me)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ChainMismatchError);
    expect(error).toMatchObject({ expected: 999, actual: 1n, option: "chainId" });
    expect(error.message).toMatch(/eth_chainId 1\b.*chain 999/);
    expect(me.signed).toHaveLength(0);
    expect(sentRaw()).toBe(before);
  });

  it("the network presets pin HyperEVM's chain ids: mainnet 999, testnet 998", async () => {
    const me = await countingSigner();
    // The sandbox is chain 999: a testnet client refuses it, a mainnet client sends.
    const testnet = await clientOf({ network: "testnet" })
      .sendTransaction({ to: fresh(), value: 1n }, me)
      .catch((e) => e);
    expect(testnet).toBeInstanceOf(ChainMismatchError);
    expect(testnet).toMatchObject({ expected: 998, actual: 999n, option: "network" });
    expect(me.signed).toHaveLength(0);
    const mainnet = clientOf({ network: "mainnet" });
    const hash = await mainnet.sendTransaction({ to: fresh(), value: 1n }, me);
    expect((await honest.waitForReceipt(hash)).status).toBe("0x1");
    foreignChain();
    expect(
      await clientOf({ network: "mainnet" })
        .eth_chainId()
        .catch((e) => e),
    ).toBeInstanceOf(ChainMismatchError);
  });

  it("a transaction's own chainId pins it on an unpinned client, and through erc20 and contract writes", async () => {
    foreignChain();
    const me = await countingSigner();
    const evm = clientOf();
    const token = sandbox.fixtures.evmErc20Address as Hex;
    const abi = [
      {
        type: "function",
        name: "transfer",
        stateMutability: "nonpayable",
        inputs: [
          { name: "to", type: "address" },
          { name: "value", type: "uint256" },
        ],
        outputs: [{ name: "", type: "bool" }],
      },
    ] as const;
    for (const send of [
      () => evm.sendTransaction({ to: fresh(), value: 1n, chainId: 999 }, me),
      () => erc20(evm, token).transfer(fresh(), 1n, me, { chainId: 999 }),
      () => contract(evm, token, abi).write.transfer([fresh(), 1n], me, { chainId: 999 }),
    ]) {
      const error = await send().catch((e) => e);
      expect(error).toBeInstanceOf(ChainMismatchError);
      expect(error).toMatchObject({ expected: 999, actual: 1n, option: "/chainId" });
    }
    expect(me.signed).toHaveLength(0);
  });

  it("viem signing through chainkitTransport({ chainId }) never signs for the foreign chain", async () => {
    foreignChain();
    const key = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex")}` as const;
    const account = privateKeyToAccount(key);
    let signatures = 0;
    const counted = {
      ...account,
      signTransaction: ((...args: Parameters<typeof account.signTransaction>) => {
        signatures++;
        return account.signTransaction(...args);
      }) as typeof account.signTransaction,
    };
    const wallet = createWalletClient({
      account: counted,
      transport: chainkitTransport({
        url: node.url,
        credentials: { token: sandbox.credentials.nodeToken },
        chainId: 999,
      }),
    });
    const error = await wallet
      .sendTransaction({ to: fresh(), value: 1n, chain: null })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const causes: unknown[] = [];
    for (let at: unknown = error; at instanceof Error; at = at.cause) causes.push(at);
    expect(causes.some((cause) => cause instanceof ChainMismatchError)).toBe(true);
    expect(signatures).toBe(0);
  });

  it("an answer that is no chain id is a typed error, even unchecked, and is asked again on the next send", async () => {
    node.tampers.set("eth_chainId", () => ({ result: "chain 999" }));
    const me = await countingSigner();
    const evm = clientOf({ validateResponse: false });
    const error = await evm.sendTransaction({ to: fresh(), value: 1n }, me).catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues[0].pointer).toBe("/result");
    node.tampers.delete("eth_chainId");
    expect(
      (await honest.waitForReceipt(await evm.sendTransaction({ to: fresh(), value: 1n }, me))).status,
    ).toBe("0x1");
    expect(me.signed).toHaveLength(1);
  });

  it("refuses a pin that cannot be a chain, at construction or before reading", async () => {
    const options = { url: node.url, credentials: { token: sandbox.credentials.nodeToken } };
    for (const bad of [
      { chainId: 0 },
      { chainId: 1.5 },
      { network: "devnet" },
      { chainId: 1, network: "mainnet" },
    ]) {
      expect(() => createEvmClient({ ...options, ...(bad as object) })).toThrow(ConfigurationError);
    }
    const me = await countingSigner();
    const before = node.calls.length;
    const conflicting = await clientOf({ chainId: 999 })
      .sendTransaction({ to: fresh(), value: 1n, chainId: 998 }, me)
      .catch((e) => e);
    expect(conflicting).toBeInstanceOf(RequestValidationError);
    expect(conflicting.field).toBe("/chainId");
    expect(node.calls.length).toBe(before);
  });
});

describe("item 2: the fee ceiling", () => {
  const PETA = `0x${(10n ** 15n).toString(16)}`;

  it("refuses a tip of 1e15 wei per gas before signing, naming the ceiling and the option", async () => {
    node.tampers.set("eth_maxPriorityFeePerGas", () => ({ result: PETA }));
    const me = await countingSigner();
    const error = await clientOf()
      .sendTransaction({ to: fresh(), value: 1n }, me)
      .catch((e) => e);
    expect(error).toBeInstanceOf(FeeCeilingError);
    expect(error.field).toBe("maxFeePerGas");
    expect(error.fee).toBeGreaterThanOrEqual(10n ** 15n);
    expect(error.ceiling).toBeLessThan(10n * GWEI);
    expect(error.message).toMatch(/feeCeiling option/);
    expect(me.signed).toHaveLength(0);
  });

  it("refuses a legacy gas price of 1e15, and a node that reports no base fee to hide it", async () => {
    const me = await countingSigner();
    node.tampers.set("eth_gasPrice", () => ({ result: PETA }));
    const legacy = await clientOf()
      .sendTransaction({ to: fresh(), value: 1n, type: "legacy" }, me)
      .catch((e) => e);
    expect(legacy).toBeInstanceOf(FeeCeilingError);
    expect(legacy.field).toBe("gasPrice");
    node.tampers.set("eth_feeHistory", async (_call, ask) => {
      const reply = (await ask()) as { result: Record<string, unknown> };
      return { result: { ...reply.result, baseFeePerGas: [] } };
    });
    const hidden = await clientOf()
      .sendTransaction({ to: fresh(), value: 1n }, me)
      .catch((e) => e);
    expect(hidden).toBeInstanceOf(FeeCeilingError);
    expect(hidden.ceiling).toBe(GWEI);
    expect(me.signed).toHaveLength(0);
  });

  it("an inflated base fee is held to the latest block's: the next one cannot be 1e15 when the latest is not", async () => {
    node.tampers.set("eth_feeHistory", async (_call, ask) => {
      const reply = (await ask()) as { result: { baseFeePerGas: string[] } };
      return { result: { ...reply.result, baseFeePerGas: [reply.result.baseFeePerGas[0], PETA] } };
    });
    const me = await countingSigner();
    const error = await clientOf()
      .sendTransaction({ to: fresh(), value: 1n }, me)
      .catch((e) => e);
    expect(error).toBeInstanceOf(FeeCeilingError);
    expect(me.signed).toHaveLength(0);
  });

  it("feeCeiling raises it, per client and per call; fees the user sets are not capped", async () => {
    node.tampers.set("eth_maxPriorityFeePerGas", () => ({ result: `0x${(5n * GWEI).toString(16)}` }));
    const me = await countingSigner();
    const perCall = await clientOf().sendTransaction({ to: fresh(), value: 1n }, me, {
      feeCeiling: 10n * GWEI,
    });
    const perClient = await clientOf({ feeCeiling: 10n * GWEI }).sendTransaction(
      { to: fresh(), value: 1n },
      me,
    );
    const ownFee = await clientOf().sendTransaction(
      { to: fresh(), value: 1n, maxFeePerGas: 20n * GWEI, maxPriorityFeePerGas: 5n * GWEI },
      me,
    );
    for (const hash of [perCall, perClient, ownFee]) {
      expect((await honest.waitForReceipt(hash)).status).toBe("0x1");
    }
    const refused = await clientOf({ feeCeiling: 10n * GWEI })
      .sendTransaction({ to: fresh(), value: 1n }, me, { feeCeiling: GWEI })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(FeeCeilingError);
    expect(refused.ceiling).toBe(GWEI);
    expect(() => clientOf({ feeCeiling: -1n })).toThrow(ConfigurationError);
  });
});

describe("item 3: the transaction hash is the signed bytes'", () => {
  it("refuses another hash from eth_sendRawTransaction, giving the real one to follow", async () => {
    const other = `0x${"ab".repeat(32)}`;
    let raw = "";
    node.tampers.set("eth_sendRawTransaction", async (call, ask) => {
      raw = call.params[0] as string;
      await ask(); // broadcast for real, then lie about it
      return { result: other };
    });
    const me = await countingSigner();
    const evm = clientOf();
    const error = await evm.sendTransaction({ to: fresh(), value: 1n }, me).catch((e) => e);
    expect(error).toBeInstanceOf(TransactionHashMismatchError);
    const real = `0x${bytesToHex(keccak_256(hexToBytes(raw.slice(2))))}`;
    expect(error).toMatchObject({ transactionHash: real, answered: other });
    expect(error.message).toMatch(/may have been broadcast/);
    expect((await honest.waitForReceipt(error.transactionHash)).status).toBe("0x1");
    // The node took the bytes: their nonce is spent, and the next send takes the one after, even
    // while the node still counts it as unmined (as it does while the transaction is pending).
    node.tampers.delete("eth_sendRawTransaction");
    node.tampers.set("eth_getTransactionCount", () => ({ result: "0x0" }));
    await evm.sendTransaction({ to: fresh(), value: 1n }, me);
    expect(me.signed.map((transaction) => transaction.nonce)).toEqual([0, 1]);
    node.tampers.delete("eth_getTransactionCount");

    node.tampers.set("eth_sendRawTransaction", async (_call, ask) => {
      await ask();
      return { result: `${sandbox.credentials.nodeToken} is not a hash` };
    });
    // Unchecked answers reach the comparison as they came: only a well-formed hash is ever shown.
    const garbled = await clientOf({ validateResponse: false })
      .sendTransaction({ to: fresh(), value: 1n }, me)
      .catch((e) => e);
    expect(garbled).toBeInstanceOf(TransactionHashMismatchError);
    expect(garbled.message).not.toContain(sandbox.credentials.nodeToken);
  });
});

describe("item 4: another transaction's receipt", () => {
  it("waitForReceipt refuses it; getVerifiedReceipt does not verify it", async () => {
    const me = await countingSigner();
    const mine = await honest.sendTransaction({ to: fresh(), value: 1n }, me);
    const theirs = await honest.sendTransaction({ to: fresh(), value: 2n }, me);
    await Promise.all([honest.waitForReceipt(mine), honest.waitForReceipt(theirs)]);
    node.tampers.set("eth_getTransactionReceipt", (call, ask) =>
      call.params[0] === mine
        ? (async () => (await honest.eth_getTransactionReceipt(theirs)) as never)().then((result) => ({
            result,
          }))
        : ask(),
    );
    const evm = clientOf();
    const waited = await evm.waitForReceipt(mine, { timeout: 5_000 }).catch((e) => e);
    expect(waited).toBeInstanceOf(ResponseValidationError);
    expect(waited.issues[0].pointer).toBe("/result/transactionHash");
    expect(await evm.getVerifiedReceipt(mine).catch((e) => e)).toBeInstanceOf(ProofError);
    expect((await evm.waitForReceipt(theirs)).transactionHash).toBe(theirs);
  });
});

describe("item 9: eth_call return data that does not decode", () => {
  it("is a ResponseValidationError at /result for erc20 and contract reads, never the ABI library's Error", async () => {
    const evm = clientOf();
    const token = erc20(evm, sandbox.fixtures.evmErc20Address as Hex);
    expect(typeof (await token.totalSupply())).toBe("bigint");
    for (const [returned, wording] of [
      ["0x1234", /2 bytes that do not decode/],
      ["0x", /is empty/],
      [`0x${"00".repeat(31)}20${"ff".repeat(32)}`, /do not decode/],
    ] as const) {
      node.tampers.set("eth_call", () => ({ result: returned }));
      for (const read of [() => token.totalSupply(), () => token.symbol()]) {
        const error = await read().catch((e) => e);
        expect(error, returned).toBeInstanceOf(ResponseValidationError);
        expect(error.issues[0].pointer).toBe("/result");
        expect(error.message).toMatch(wording);
      }
    }
  });
});
