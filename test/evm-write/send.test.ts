import {
  CallRevertedError,
  createEvmClient,
  type EvmClient,
  type EvmSigner,
  EvmSignerError,
  hexToBigInt,
  privateKeySigner,
  RequestValidationError,
  SMALL_BLOCK_GAS_LIMIT,
  TransactionRevertedError,
} from "chainkit/evm";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { Transaction } from "micro-eth-signer";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BOARD } from "../fixtures/evm/contracts/contracts.js";

// evm.sendTransaction and evm.waitForReceipt with chainkit alone, against the sandbox's chain over
// real sockets: value moves, a burst keeps its nonces, reverts are explained, and HyperEVM's block
// kinds decide what may be signed.

let sandbox: Sandbox;
let evm: EvmClient;
let board: `0x${string}`;
const fresh = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString("hex")}` as const;

/** A signer with its own funded key, so each test's nonces are its own. */
async function fundedSigner(): Promise<ReturnType<typeof privateKeySigner>> {
  const signer = privateKeySigner(Buffer.from(crypto.getRandomValues(new Uint8Array(32))));
  await sandbox.evm.fund(signer.address, 10n ** 20n);
  return signer;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21 });
  evm = createEvmClient({ url: sandbox.urls.evm, credentials: { token: sandbox.credentials.nodeToken } });
  const me = privateKeySigner(sandbox.credentials.evmPrivateKey);
  const receipt = await evm.waitForReceipt(await evm.sendTransaction({ data: BOARD.bytecode }, me));
  board = receipt.contractAddress as `0x${string}`;
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

describe("evm.sendTransaction", () => {
  it("sends value: the recipient gains it, the sender pays it plus gas", async () => {
    const me = await fundedSigner();
    const to = fresh();
    const [before, senderBefore] = await Promise.all([
      evm.eth_getBalance(to),
      evm.eth_getBalance(me.address),
    ]);
    const hash = await evm.sendTransaction({ to, value: 123_456_789n }, me);
    const receipt = await evm.waitForReceipt(hash, { timeout: 30_000 });
    expect(receipt.status).toBe("0x1");
    expect(receipt.type).toBe("0x2");
    const [after, senderAfter] = await Promise.all([evm.eth_getBalance(to), evm.eth_getBalance(me.address)]);
    expect(hexToBigInt(after) - hexToBigInt(before)).toBe(123_456_789n);
    const paid = hexToBigInt(receipt.gasUsed) * hexToBigInt(receipt.effectiveGasPrice as string);
    expect(hexToBigInt(senderBefore) - hexToBigInt(senderAfter)).toBe(123_456_789n + paid);
  });

  it("sends a legacy (type 0x0) transaction when asked, with EIP-155", async () => {
    const me = await fundedSigner();
    const hash = await evm.sendTransaction({ to: fresh(), value: 1n, type: "legacy" }, me);
    const [receipt, transaction] = await Promise.all([
      evm.waitForReceipt(hash),
      evm.eth_getTransactionByHash(hash),
    ]);
    expect(receipt.type).toBe("0x0");
    // EIP-155: v carries the chain id (v = 2 × chainId + 35 or 36).
    const v = hexToBigInt(transaction?.v as string);
    expect((v - 35n) / 2n).toBe(BigInt(sandbox.evm.chainId));
  });

  it("a viem account signs as an external signer; one that changes what it signs is refused before sending", async () => {
    const key = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex")}` as const;
    const account = privateKeyToAccount(key);
    await sandbox.evm.fund(account.address, 10n ** 19n);
    const viemSigner: EvmSigner = account;
    const receipt = await evm.waitForReceipt(
      await evm.sendTransaction({ to: fresh(), value: 7n }, viemSigner),
    );
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase());

    const sent = sandbox.requestCount("evm");
    const greedy: EvmSigner = {
      address: account.address,
      signTransaction: (transaction) =>
        account.signTransaction({ ...transaction, value: transaction.value * 10n }),
    };
    const refused = await evm.sendTransaction({ to: fresh(), value: 7n }, greedy).catch((error) => error);
    expect(refused).toBeInstanceOf(EvmSignerError);
    expect(refused.field).toBe("value");
    const other = privateKeySigner(Buffer.from(crypto.getRandomValues(new Uint8Array(32))));
    const impostor: EvmSigner = {
      address: account.address,
      signTransaction: (t) => other.signTransaction(t),
    };
    const wrongKey = await evm.sendTransaction({ to: fresh(), value: 7n }, impostor).catch((error) => error);
    expect(wrongKey).toBeInstanceOf(EvmSignerError);
    expect(wrongKey.field).toBe("address");
    // Reads for the nonce, fees and gas went out; no eth_sendRawTransaction did (the count stayed put
    // apart from those reads, which the next assertion bounds).
    expect(sandbox.requestCount("evm") - sent).toBeLessThan(20);
  });

  it("refuses every bad field by name before anything is read or signed", async () => {
    const signTransaction = vi.fn();
    const signer = { address: "0x000000000000000000000000000000000000bEEF", signTransaction };
    const cases: [Record<string, unknown>, string][] = [
      [{ to: "0x12" }, "/to"],
      [{ to: fresh(), value: 1.5 }, "/value"],
      [{ to: fresh(), value: 2 ** 60 }, "/value"],
      [{ to: fresh(), value: -1n }, "/value"],
      [{ to: fresh(), data: "0xabc" }, "/data"],
      [{ to: fresh(), gas: 20_999n }, "/gas"],
      [{ to: fresh(), nonce: -1 }, "/nonce"],
      [{ to: fresh(), type: "0x1" }, "/type"],
      [{ to: fresh(), gasPrice: 1n, maxFeePerGas: 1n }, "/maxFeePerGas"],
      [{ to: fresh(), type: "eip1559", gasPrice: 1n }, "/gasPrice"],
      [{ to: fresh(), maxFeePerGas: 1n, maxPriorityFeePerGas: 2n }, "/maxPriorityFeePerGas"],
      [
        { to: fresh(), accessList: [{ address: fresh(), storageKeys: ["0x1"] }] },
        "/accessList/0/storageKeys/0",
      ],
      [{ to: fresh(), gasLimit: 21_000n }, "/gasLimit"],
      [{ value: 1n }, "/data"],
    ];
    const before = sandbox.requestCount("evm");
    for (const [request, pointer] of cases) {
      const error = await evm.sendTransaction(request as never, signer).catch((e) => e);
      expect(error, pointer).toBeInstanceOf(RequestValidationError);
      expect(
        error.field,
        JSON.stringify(request, (_, v) => (typeof v === "bigint" ? `${v}n` : v)),
      ).toBe(pointer);
    }
    expect(
      (await evm.sendTransaction({ to: fresh(), gasLimit: 1n } as never, signer).catch((e) => e)).message,
    ).toContain("use gas instead");
    expect(signTransaction).not.toHaveBeenCalled();
    expect(sandbox.requestCount("evm")).toBe(before);
  });

  it("refuses a gas limit above the small-block cap for a small-block sender, and sends it once on big blocks", async () => {
    const me = await fundedSigner();
    const signTransaction = vi.spyOn(me, "signTransaction");
    const gas = SMALL_BLOCK_GAS_LIMIT + 1n;
    const refused = await evm.sendTransaction({ to: fresh(), value: 1n, gas }, me).catch((e) => e);
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect(refused.field).toBe("/gas");
    expect(refused.message).toContain("evmUserModify");
    expect(refused.message).toContain("usingBigBlocks: true");
    expect(signTransaction).not.toHaveBeenCalled();

    sandbox.evm.setUsingBigBlocks(me.address, true);
    const methods: string[] = [];
    const recording: typeof fetch = (input, init) => {
      const body = JSON.parse(String(init?.body));
      for (const call of Array.isArray(body) ? body : [body]) methods.push(call.method);
      return fetch(input, init);
    };
    const client = createEvmClient({
      url: sandbox.urls.evm,
      credentials: { token: sandbox.credentials.nodeToken },
      fetch: recording,
    });
    const receipt = await client.waitForReceipt(
      await client.sendTransaction({ to: fresh(), value: 1n, gas }, me),
    );
    expect(receipt.status).toBe("0x1");
    const transaction = await evm.eth_getTransactionByHash(receipt.transactionHash);
    expect(hexToBigInt(transaction?.gas as string)).toBe(gas);
    // Priced from the big block's gas price, not the small block's base fee.
    expect(methods).toContain("eth_bigBlockGasPrice");
    expect(methods).not.toContain("eth_feeHistory");
  });

  it("a reverted transaction's reason comes back decoded (Error(string), Panic), and a reverting estimate is refused", async () => {
    const me = await fundedSigner();
    const { encodeFunctionData } = await import("viem");
    const fail = encodeFunctionData({ abi: BOARD.abi, functionName: "fail", args: ["out of pancakes"] });
    const estimate = await evm.sendTransaction({ to: board, data: fail }, me).catch((e) => e);
    expect(estimate).toBeInstanceOf(CallRevertedError);
    expect(estimate.reason.message).toBe("out of pancakes");

    const hash = await evm.sendTransaction({ to: board, data: fail, gas: 100_000n }, me);
    const reverted = await evm.waitForReceipt(hash).catch((e) => e);
    expect(reverted).toBeInstanceOf(TransactionRevertedError);
    expect(reverted.receipt.status).toBe("0x0");
    expect(reverted.reason).toMatchObject({ name: "Error", message: "out of pancakes" });

    const divide = encodeFunctionData({ abi: BOARD.abi, functionName: "divide", args: [1n, 0n] });
    const panic = await evm
      .waitForReceipt(await evm.sendTransaction({ to: board, data: divide, gas: 100_000n }, me))
      .catch((e) => e);
    expect(panic.reason).toMatchObject({ name: "Panic", args: 0x12n });
  });

  it("1,000 concurrent sends from one signer: all mined, unique consecutive nonces, never more than 8 in flight", async () => {
    const me = await fundedSigner();
    const count = Number(process.env.BURST_SENDS ?? 1000);
    let worstInFlight = 0;
    const mined = async () => {
      const response = await fetch(
        `${sandbox.urls.evm}/${sandbox.credentials.nodeToken}${sandbox.evm.path}`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "eth_getTransactionCount",
            params: [me.address, "latest"],
          }),
        },
      );
      return BigInt(((await response.json()) as { result: string }).result);
    };
    // Every raw transaction is checked against the chain itself on its way out.
    const watching: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body));
      for (const call of Array.isArray(body) ? body : [body]) {
        if (call.method !== "eth_sendRawTransaction") continue;
        const nonce = (Transaction.fromHex(call.params[0]).raw as { nonce: bigint }).nonce;
        worstInFlight = Math.max(worstInFlight, Number(nonce - (await mined())) + 1);
      }
      return fetch(input, init);
    };
    const client = createEvmClient({
      url: sandbox.urls.evm,
      credentials: { token: sandbox.credentials.nodeToken },
      fetch: watching,
    });
    const start = await mined();
    const hashes = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        client.sendTransaction({ to: fresh(), value: BigInt(i + 1) }, me),
      ),
    );
    expect(new Set(hashes).size).toBe(count);
    const transactions = await Promise.all(hashes.map((hash) => evm.eth_getTransactionByHash(hash)));
    const nonces = transactions.map((transaction) => hexToBigInt(transaction?.nonce as string));
    expect(nonces).toEqual(Array.from({ length: count }, (_, i) => start + BigInt(i)));
    const receipts = await Promise.all(hashes.map((hash) => client.waitForReceipt(hash)));
    expect(receipts.every((receipt) => receipt.status === "0x1")).toBe(true);
    expect(worstInFlight).toBeGreaterThan(0);
    expect(worstInFlight).toBeLessThanOrEqual(8);
    expect(await mined()).toBe(start + BigInt(count));
  }, 600_000);
});

describe("evm.waitForReceipt", () => {
  it("refuses a malformed hash, and gives up with a TimeoutError on an unknown one", async () => {
    await expect(evm.waitForReceipt("0x12")).rejects.toThrow(RequestValidationError);
    const unknown = `0x${"ab".repeat(32)}`;
    const error = await evm.waitForReceipt(unknown, { timeout: 300, pollInterval: 50 }).catch((e) => e);
    expect(error.name).toBe("TimeoutError");
  });

  it("over WebSocket, wakes on new heads", async () => {
    const live = createEvmClient({
      url: sandbox.urls.evm,
      credentials: { token: sandbox.credentials.nodeToken },
      transport: "websocket",
    });
    try {
      const me = await fundedSigner();
      const hash = await live.sendTransaction({ to: fresh(), value: 5n }, me);
      const receipt = await live.waitForReceipt(hash, { timeout: 30_000 });
      expect(receipt.transactionHash).toBe(hash);
    } finally {
      await live.close();
    }
  });
});
