import { Contract, FetchRequest, JsonRpcProvider, Wallet } from "ethers";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EMITTED_TOPIC, EMITTER, STORED_VALUE, word } from "../support/evm-contracts.js";
import { type ServedEvmSurface, serveEvmSurface } from "../support/evm-surface-server.js";

// viem's and ethers v6's own clients, unchanged, against the sandbox over real sockets, with the
// node token in the path and with basic auth: reads, a contract deployed and read, logs, and
// transactions signed locally and sent raw.

// Keys that only ever hold sandbox funds.
const VIEM_KEY = "0x5a1dbeef00112233445566778899aabbccddeeff00112233445566778899aabb" as const;
const ETHERS_KEY = "0x6b2e0c0ffee112233445566778899aabbccddeeff00112233445566778899aab" as const;

let node: ServedEvmSurface;
beforeAll(async () => {
  node = await serveEvmSurface();
  for (const key of [VIEM_KEY, ETHERS_KEY]) await node.evm.fund(privateKeyToAccount(key).address, 10n ** 19n);
});
afterAll(() => node.close());

type Mode = "token" | "basic";
const MODES: Mode[] = ["token", "basic"];

function endpoint(mode: Mode): { url: string; authorization?: string } {
  const { server, secrets } = node;
  if (mode === "token") return { url: `${server.url}/${secrets.token}/evm` };
  const basic = Buffer.from(`${secrets.username}:${secrets.password}`).toString("base64");
  return { url: `${server.url}/evm`, authorization: `Basic ${basic}` };
}

describe.each(MODES)("viem against the sandbox (%s)", (mode) => {
  const account = privateKeyToAccount(VIEM_KEY);
  let publicClient: PublicClient;
  let walletClient: WalletClient;

  beforeAll(() => {
    const { url, authorization } = endpoint(mode);
    const transport = http(url, authorization ? { fetchOptions: { headers: { authorization } } } : {});
    const chain = defineChain({
      id: 999,
      name: "HyperEVM sandbox",
      nativeCurrency: { name: "HYPE", symbol: "HYPE", decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    });
    publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
    walletClient = createWalletClient({ account, chain, transport, pollingInterval: 20 });
  });

  test("public client: block number, balance", async () => {
    expect(await publicClient.getBlockNumber()).toBe(BigInt(await node.result<string>("eth_blockNumber")));
    expect(await publicClient.getBalance({ address: account.address })).toBe(
      BigInt(await node.result<string>("eth_getBalance", [account.address])),
    );
  });

  test("wallet client deploys a contract (signed here, sent raw); readContract reads it", async () => {
    const hash = await walletClient.deployContract({
      abi: STORED_VALUE.abi,
      bytecode: STORED_VALUE.bytecode,
      account,
      chain: walletClient.chain,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    const value = await publicClient.readContract({
      address: receipt.contractAddress as `0x${string}`,
      abi: STORED_VALUE.abi,
      functionName: "value",
    });
    expect(value).toBe(STORED_VALUE.value);
  });

  test("sendTransaction of a locally signed transaction, its receipt and its logs", async () => {
    const deployed = await publicClient.waitForTransactionReceipt({
      hash: await walletClient.deployContract({
        abi: [],
        bytecode: EMITTER.bytecode,
        account,
        chain: walletClient.chain,
      }),
    });
    const emitter = deployed.contractAddress as `0x${string}`;
    const hash = await walletClient.sendTransaction({
      to: emitter,
      data: word(42),
      account,
      chain: walletClient.chain,
    });
    const receipt = await publicClient.getTransactionReceipt({
      hash: (await publicClient.waitForTransactionReceipt({ hash })).transactionHash,
    });
    expect(receipt).toMatchObject({ status: "success", from: account.address.toLowerCase(), to: emitter });
    const logs = await publicClient.getLogs({
      address: emitter,
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ transactionHash: hash, data: word(42) });
    expect(logs[0]?.topics[0]).toBe(EMITTED_TOPIC);
    const transaction = await publicClient.getTransaction({ hash });
    expect(transaction).toMatchObject({ type: "eip1559", maxPriorityFeePerGas: 0n, chainId: 999 });
  });
});

describe.each(MODES)("ethers v6 against the sandbox (%s)", (mode) => {
  let provider: JsonRpcProvider;
  let wallet: Wallet;

  beforeAll(() => {
    const { url, authorization } = endpoint(mode);
    const request = new FetchRequest(url);
    if (authorization) request.setHeader("authorization", authorization);
    // The sandbox mines each transaction at once: ethers' 250 ms answer cache would hand back the
    // nonce read before the previous transaction was mined (a real chain's block time hides that).
    provider = new JsonRpcProvider(request, 999, {
      staticNetwork: true,
      pollingInterval: 20,
      cacheTimeout: -1,
    });
    wallet = new Wallet(ETHERS_KEY, provider);
  });
  afterAll(() => provider.destroy());

  test("block number, balance, network", async () => {
    expect(await provider.getBlockNumber()).toBe(Number(await node.result<string>("eth_blockNumber")));
    expect(await provider.getBalance(wallet.address)).toBe(
      BigInt(await node.result<string>("eth_getBalance", [wallet.address])),
    );
    expect((await provider.getNetwork()).chainId).toBe(999n);
  });

  test("a contract deployed with a signed transaction, read through Contract", async () => {
    const sent = await wallet.sendTransaction({ data: STORED_VALUE.bytecode });
    const receipt = await sent.wait();
    expect(receipt?.status).toBe(1);
    const contract = new Contract(receipt?.contractAddress as string, STORED_VALUE.abi, provider);
    expect(await contract.getFunction("value")()).toBe(STORED_VALUE.value);
  });

  test("a signed send, its receipt and its logs", async () => {
    const deployed = await (await wallet.sendTransaction({ data: EMITTER.bytecode })).wait();
    const emitter = deployed?.contractAddress as string;
    const sent = await wallet.sendTransaction({ to: emitter, data: word(9) });
    const mined = await sent.wait();
    const receipt = await provider.getTransactionReceipt(sent.hash);
    expect(receipt).toMatchObject({ status: 1, hash: sent.hash, blockNumber: mined?.blockNumber });
    const logs = await provider.getLogs({
      address: emitter,
      fromBlock: receipt?.blockNumber,
      toBlock: receipt?.blockNumber,
    });
    expect(logs.map((log) => [log.topics[0], log.data])).toEqual([[EMITTED_TOPIC, word(9)]]);
    expect((await provider.getTransaction(sent.hash))?.maxPriorityFeePerGas).toBe(0n);
  });
});
