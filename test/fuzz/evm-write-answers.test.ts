import { inspect } from "node:util";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  createEvmClient,
  type EvmSigner,
  type EvmTransactionToSign,
  privateKeySigner,
} from "../../src/evm.js";
import { ChainkitError } from "../../src/runtime/errors/chainkit-error.js";
import { startSandbox } from "../../src/sandbox/index.js";
import { startTamperingEvmNode } from "../hostile/support/tampering-evm-node.js";
import { FuzzTally, fuzzParameters } from "./support/fuzz-config.js";

// Hostile answers on the EVM write path (issue 42): a node in front of the sandbox's real chain lies
// about the chain id, the fee reads, the sent transaction's hash and receipts. Counted: what the
// signer was asked to sign on a foreign chain or above the fee ceiling (must stay 0), hashes other
// than the signed bytes' handed back, and receipts of other transactions accepted (both must stay 0).

const sandbox = await startSandbox({ seed: 42, nodeStartupMs: 0 });
const node = await startTamperingEvmNode(sandbox);
const token = sandbox.credentials.nodeToken;
const honest = createEvmClient({ url: sandbox.urls.evm, credentials: { token } });
const tally = new FuzzTally();
const GWEI = 10n ** 9n;
/** The absolute ceiling of the second client: the one bound that holds when the node lies about every base fee. */
const SET_CEILING = 100n * GWEI;

afterAll(async () => {
  console.log(tally.summary("EVM write-path hostile answers fuzz"));
  await node.close();
  await sandbox.close();
});

const signed: EvmTransactionToSign[] = [];
const inner = privateKeySigner(Buffer.from(crypto.getRandomValues(new Uint8Array(32))));
await sandbox.evm.fund(inner.address, 10n ** 22n);
const signer: EvmSigner = {
  address: inner.address,
  signTransaction: (transaction) => {
    signed.push(transaction);
    return inner.signTransaction(transaction);
  },
};
/** A new client per run: a client reads the chain id once, and each run's lie must be the one it reads. */
const pinnedClient = () =>
  createEvmClient({ url: node.url, credentials: { token }, chainId: 999, retry: false });
const cappedClient = () =>
  createEvmClient({
    url: node.url,
    credentials: { token },
    network: "mainnet",
    feeCeiling: SET_CEILING,
    retry: false,
  });

const hex = (value: bigint) => `0x${value.toString(16)}`;
const wei = fc.oneof(
  fc.bigInt({ min: 0n, max: 10n ** 18n }),
  fc.constantFrom(0n, 1n, 10n ** 15n, 10n ** 18n, (1n << 128n) - 1n),
);

/** What the node lies about in one send; `undefined` fields are answered honestly. */
const writeLies = fc.record({
  client: fc.constantFrom("pinned", "capped"),
  type: fc.constantFrom("eip1559" as const, "legacy" as const),
  chainId: fc.option(fc.oneof(fc.bigInt({ min: 0n, max: 1n << 64n }), fc.constantFrom(1n, 998n, 999n)), {
    nil: undefined,
    freq: 2,
  }),
  tip: fc.option(wei, { nil: undefined, freq: 2 }),
  gasPrice: fc.option(wei, { nil: undefined, freq: 2 }),
  nextBaseFee: fc.option(wei, { nil: undefined, freq: 2 }),
  // Only the capped client is asked to survive a lie about the latest base fee, the default's anchor.
  latestBaseFee: fc.option(wei, { nil: undefined, freq: 2 }),
});

/** The honest latest base fee, which the default ceiling is relative to. */
async function honestLatestBaseFee(): Promise<bigint> {
  const history = await honest.eth_feeHistory("0x1", "latest", []);
  return BigInt(history.baseFeePerGas[0] as string);
}

function feeOf(transaction: EvmTransactionToSign): bigint {
  return transaction.type === "legacy" ? transaction.gasPrice : transaction.maxFeePerGas;
}

describe("hostile answers on the write path", () => {
  it("signs nothing for a foreign chain or above the fee ceiling", async () => {
    await fc.assert(
      fc.asyncProperty(writeLies, async (lies) => {
        const label = `${lies.client} ${lies.type}`;
        const client = lies.client === "pinned" ? pinnedClient() : cappedClient();
        const latestLie = lies.client === "capped" ? lies.latestBaseFee : undefined;
        node.tampers.clear();
        if (lies.chainId !== undefined)
          node.tampers.set("eth_chainId", () => ({ result: hex(lies.chainId as bigint) }));
        if (lies.tip !== undefined)
          node.tampers.set("eth_maxPriorityFeePerGas", () => ({ result: hex(lies.tip as bigint) }));
        if (lies.gasPrice !== undefined)
          node.tampers.set("eth_gasPrice", () => ({ result: hex(lies.gasPrice as bigint) }));
        if (lies.nextBaseFee !== undefined || latestLie !== undefined) {
          node.tampers.set("eth_feeHistory", async (_call, ask) => {
            const reply = (await ask()) as { result: { baseFeePerGas: string[] } };
            const [latest, next] = reply.result.baseFeePerGas;
            const fees = [
              latestLie === undefined ? latest : hex(latestLie),
              lies.nextBaseFee === undefined ? next : hex(lies.nextBaseFee),
            ];
            return { result: { ...reply.result, baseFeePerGas: fees } };
          });
        }
        const latest = await honestLatestBaseFee();
        const defaultCeiling = 3n * latest > GWEI ? 3n * latest : GWEI;
        const ceiling = lies.client === "capped" ? SET_CEILING : defaultCeiling;
        signed.length = 0;
        tally.count(label, "sends tried");
        for (const what of [
          "signatures",
          "signatures on a foreign chain",
          "signatures above the fee ceiling",
        ]) {
          tally.count(label, what, 0);
        }
        try {
          const hash = await client.sendTransaction(
            { to: inner.address, value: 1n, type: lies.type },
            signer,
          );
          tally.count(label, "sent");
          await honest.waitForReceipt(hash); // mined, so the next run's client reads the next nonce
        } catch (error) {
          if (!(error instanceof ChainkitError)) throw new Error(`ended in ${inspect(error).slice(0, 400)}`);
          tally.count(label, `refused: ${error.name}`);
        } finally {
          node.tampers.clear();
        }
        for (const transaction of signed) {
          const foreign = transaction.chainId !== 999;
          const overCeiling = feeOf(transaction) > ceiling;
          tally.count(label, "signatures");
          tally.count(label, "signatures on a foreign chain", foreign ? 1 : 0);
          tally.count(label, "signatures above the fee ceiling", overCeiling ? 1 : 0);
          expect(foreign, `signed for chain ${transaction.chainId}`).toBe(false);
          expect(overCeiling, `signed ${feeOf(transaction)} wei per gas, ceiling ${ceiling}`).toBe(false);
        }
      }),
      fuzzParameters(),
    );
  });

  it("hands back only the signed bytes' hash, and waits only for that transaction's receipt", async () => {
    const earlier = await honest.sendTransaction({ to: inner.address, value: 1n }, inner);
    await honest.waitForReceipt(earlier);
    const sendAnswer = fc.oneof(
      fc.constant({ kind: "honest" as const }),
      fc.constant({ kind: "earlier transaction" as const }),
      fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => ({
        kind: "random hash" as const,
        hash: `0x${bytesToHex(bytes)}`,
      })),
    );
    const receiptAnswer = fc.constantFrom("honest", "earlier transaction's receipt");
    await fc.assert(
      fc.asyncProperty(sendAnswer, receiptAnswer, async (answer, receipt) => {
        let raw = "";
        node.tampers.set("eth_sendRawTransaction", async (call, ask) => {
          raw = call.params[0] as string;
          const reply = await ask();
          if (answer.kind === "honest") return reply;
          return { result: answer.kind === "random hash" ? answer.hash : earlier };
        });
        if (receipt !== "honest") {
          node.tampers.set("eth_getTransactionReceipt", async (call, ask) =>
            call.params[0] === earlier ? ask() : { result: await honest.eth_getTransactionReceipt(earlier) },
          );
        }
        const label = `send answer ${answer.kind}, receipt ${receipt}`;
        tally.count(label, "sends tried");
        for (const what of ["other hashes handed back", "other receipts accepted"])
          tally.count(label, what, 0);
        try {
          const pinned = pinnedClient();
          const hash = await pinned.sendTransaction({ to: inner.address, value: 1n }, inner);
          const real = `0x${bytesToHex(keccak_256(hexToBytes(raw.slice(2))))}`;
          tally.count(label, "other hashes handed back", hash === real ? 0 : 1);
          expect(hash).toBe(real);
          const mined = await pinned.waitForReceipt(hash, { timeout: 10_000 });
          tally.count(label, "other receipts accepted", mined.transactionHash === hash ? 0 : 1);
          expect(mined.transactionHash).toBe(hash);
          tally.count(label, "receipts");
        } catch (error) {
          if (!(error instanceof ChainkitError)) throw new Error(`ended in ${inspect(error).slice(0, 400)}`);
          tally.count(label, `refused: ${error.name}`);
        } finally {
          node.tampers.clear();
        }
        // Whatever the node said, the transaction went out: wait for it, so the next run's nonce is free.
        if (raw !== "") await honest.waitForReceipt(`0x${bytesToHex(keccak_256(hexToBytes(raw.slice(2))))}`);
      }),
      fuzzParameters(),
    );
  });
});
