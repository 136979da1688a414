import { createEvmClient, RequestValidationError } from "chainkit/evm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createEvmSurface, type EvmSurface } from "../../src/sandbox/evm/evm-surface.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";
import { EMITTED_TOPIC, EMITTER, word } from "../support/evm-contracts.js";

const secrets = { token: "evm-client-tok-2a", username: "evm-client", password: "evm-client-pw" };
// Creation code that stores 42 in slot 0 and leaves no runtime code: PUSH1 42, PUSH1 0, SSTORE.
const STORE_42 = "0x602a600055";

let evm: EvmSurface;
let server: SurfaceServer;
beforeAll(async () => {
  const nodeAuth = new NodeAuthRegistry();
  nodeAuth.add(secrets);
  evm = await createEvmSurface({ chainId: 999 });
  server = await serveSurface({ name: "evm", auth: "node", handler: evm.handler, nodeAuth, jsonRpc: true });
});
afterAll(async () => {
  await server.close();
  await evm.close();
});

describe("evm surface with the chainkit EVM client (responses validated by the client)", () => {
  test("getVerifiedProof proves an account and a storage slot at the head, in token and basic mode", async () => {
    const { transactionHash } = await evm.sendTransaction({ data: STORE_42 });
    const receipt = (await evm.provider.request({
      method: "eth_getTransactionReceipt",
      params: [transactionHash],
    })) as { contractAddress: string };
    const byToken = createEvmClient({ url: server.url, credentials: { token: secrets.token } });
    const byBasic = createEvmClient({
      url: server.url,
      credentials: { username: secrets.username, password: secrets.password },
    });
    for (const client of [byToken, byBasic]) {
      const { proof, blockNumber } = await client.getVerifiedProof(receipt.contractAddress, ["0x0"]);
      expect(proof.exists).toBe(true);
      expect(proof.storage).toEqual([expect.objectContaining({ value: 42n, exists: true })]);
      expect(blockNumber).toBe(BigInt(await client.eth_blockNumber()));
    }
  });

  test("system transactions, headers and blocks read through the typed methods", async () => {
    const client = createEvmClient({ url: server.url, credentials: { token: secrets.token } });
    const to = evm.accounts[3] as string;
    const mined = await evm.mine([{ kind: "native", to, value: 5n }]);
    const [system, header, block] = await Promise.all([
      client.eth_getSystemTxsByBlockHash(mined.blockHash),
      client.ots_getHeaderByNumber(Number(mined.blockNumber)),
      client.eth_getBlockByHash(mined.blockHash, false),
    ]);
    expect(system?.map((tx) => tx.to)).toEqual([to.toLowerCase()]);
    expect(header?.hash).toBe(mined.blockHash);
    expect(block?.transactions).toEqual([]);
    expect(await client.eth_getBlockByHash(`0x${"00".repeat(32)}`, false)).toBeNull();
  });

  test("the client refuses a historical proof before sending; the surface refuses it when sent raw", async () => {
    const client = createEvmClient({ url: server.url, credentials: { token: secrets.token } });
    const account = evm.accounts[0] as string;
    await expect(client.eth_getProof(account, [], "0x1" as never)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    const raw = await fetch(`${server.url}/${secrets.token}/evm`, {
      method: "POST",
      body: JSON.stringify({ jsonrpc: "2.0", method: "eth_getProof", params: [account, [], "0x1"], id: 1 }),
    });
    expect(await raw.json()).toMatchObject({ id: 1, error: { code: -32602 } });
  });
});

describe("evm surface with the chainkit EVM client: the reads and a send", () => {
  test("balance, call, logs, receipts and a raw send through the typed methods, basic auth", async () => {
    const client = createEvmClient({
      url: server.url,
      credentials: { username: secrets.username, password: secrets.password },
    });
    const [account] = evm.accounts as string[];
    const { transactionHash } = await evm.sendTransaction({ data: EMITTER.bytecode });
    const created = await client.eth_getTransactionReceipt(transactionHash);
    const emitter = created?.contractAddress as string;
    const call = await evm.sendTransaction({ to: emitter, data: word(3) });

    const [balance, pendingNonce, code, receipts, logs] = await Promise.all([
      client.eth_getBalance(account as string),
      client.eth_getTransactionCount(account as string, "pending"),
      client.eth_getCode(emitter),
      client.eth_getBlockReceipts(call.blockHash),
      client.eth_getLogs({ blockHash: call.blockHash, topics: [EMITTED_TOPIC] }),
    ]);
    expect(BigInt(balance)).toBeGreaterThan(0n);
    expect(pendingNonce).toBe(await client.eth_getTransactionCount(account as string));
    expect(code.length).toBeGreaterThan(2);
    expect(receipts?.map((receipt) => receipt.transactionHash)).toEqual([call.transactionHash]);
    expect(logs.map((log) => log.data)).toEqual([word(3)]);
    expect(logs[0]?.blockTimestamp).toBe(receipts?.[0]?.blockTimestamp);
    expect(await client.eth_call({ to: emitter, input: word(4) })).toBe("0x");
    await expect(client.eth_getLogs({ fromBlock: "0x0", toBlock: "0x40" })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
  });
});
