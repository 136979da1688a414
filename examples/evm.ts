// Needs chainkit alone; run it with tsx.
/**
 * Read blocks, state and logs from an EVM node (HyperEVM) over JSON-RPC, send transactions signed where
 * the key is, and get receipts and proofs that are verified, not just trusted.
 *
 * 1. `createEvmClient` takes the node URL and its credentials: `{ token }` puts the auth token in the
 *    path (`{url}/{token}/evm`), `{ username, password }` uses basic auth. Bearer keys are refused.
 *    A client that signs pins its chain (`chainId: 999`, or `network: "mainnet"`): a node of another
 *    chain is then refused before anything is signed.
 * 2. Every method of the spec is a typed function (`evm.eth_getBlockByHash(hash, false)`); the answers
 *    are validated against the spec, and quantities stay hex strings, as on the wire.
 * 3. Calls made in the same tick travel as one JSON-RPC batch; `evm.batch` sends an explicit one and
 *    reports each entry's result or error.
 * 4. State reads (`eth_getBalance`, `eth_call`, …) answer for the latest block: HyperEVM keeps no history,
 *    so pass `latest` (or `pending`, answered as latest) or leave the block out. `eth_getLogs` covers at
 *    most 50 blocks per call; a longer numeric range is refused before anything is sent.
 * 5. `evm.sendTransaction(request, privateKeySigner(key))` signs where the key is and fills in the chain
 *    id, nonce, fees and gas; `evm.waitForReceipt` waits until it is mined and explains a revert.
 *    `contract(evm, address, abi)` reads and writes a contract typed from its ABI; `evm.logs` walks any
 *    block range 50 blocks at a time.
 * 6. `getVerifiedReceipt` returns a receipt only when its block's hash, transactions root and receipts
 *    root all recompute and the receipt matches its transaction; `getVerifiedProof` checks an account
 *    proof against the latest header's state root. Either throws a `ProofError` when the node's answer
 *    does not add up.
 *
 * Already on viem? The viem guide runs viem's own clients on chainkit's transport, with the same
 * verified receipts (`chainkit/viem`).
 *
 * The example talks to chainkit's local sandbox: the one `chainkit sandbox --env` describes in
 * `CHAINKIT_*` variables, or one it starts. For a real node, pass its `details.https_endpoint` and
 * `details.auth_key` (or use `nodeAccess(node)` from `chainkit/platform`), and your own key.
 */
import {
  contract,
  createEvmClient,
  hexToBigInt,
  ProofError,
  privateKeySigner,
  TransactionRevertedError,
} from "chainkit/evm";
import { sandboxEnv } from "./support/sandbox-env.js";

// Creation code of a contract whose every call returns 42 (so it answers `value()`), and its ABI.
const RETURNS_42 = "0x602a600055600b8060106000396000f360005460005260206000f3";
const VALUE_ABI = [
  { type: "function", name: "value", stateMutability: "view", inputs: [], outputs: [{ type: "uint256" }] },
] as const;

const env = await sandboxEnv();
try {
  const evm = createEvmClient({
    url: env.get("CHAINKIT_EVM_URL"),
    credentials: { token: env.get("CHAINKIT_NODE_TOKEN") },
    chainId: 999, // the sandbox's chain has HyperEVM mainnet's id
  });

  // Both calls leave in one batch request.
  const [chainId, version] = await Promise.all([evm.eth_chainId(), evm.web3_clientVersion()]);
  console.log(`chain ${chainId}, node ${version}`);

  const latest = await evm.eth_getBlockByNumber("latest", false);
  if (latest === null) throw new Error("the node has no block yet");
  const header = await evm.ots_getHeaderByNumber(Number(latest.number));
  console.log(`block ${latest.number}: hash ${latest.hash}, header found: ${header !== null}`);

  const sameBlock = await evm.eth_getBlockByHash(latest.hash, false);
  const systemTransactions = await evm.eth_getSystemTxsByBlockHash(latest.hash);
  console.log(
    `${sameBlock?.transactions.length ?? 0} transactions, ${systemTransactions?.length ?? 0} system`,
  );

  const firstHash = sameBlock?.transactions[0];
  if (typeof firstHash === "string") {
    const transaction = await evm.eth_getTransactionByHash(firstHash);
    console.log(`first transaction from ${transaction?.from}`);
  }

  // A key that lives here (the sandbox's funded demo key): it signs, the node only sees raw bytes.
  const signer = privateKeySigner(env.get("CHAINKIT_EVM_PRIVATE_KEY"));
  console.log(`balance of ${signer.address}: ${hexToBigInt(await evm.eth_getBalance(signer.address))} wei`);

  // Deploy a contract (no `to`), then read it through its ABI: `value` is typed () => Promise<bigint>.
  const deployment = await evm.sendTransaction({ data: RETURNS_42 }, signer);
  const created = await evm.waitForReceipt(deployment, { timeout: 60_000 });
  if (!created.contractAddress) throw new Error(`the deployment ${deployment} created no contract`);
  const value = await contract(evm, created.contractAddress as `0x${string}`, VALUE_ABI).read.value();
  console.log(`value() of ${created.contractAddress}: ${value}`);

  // A transfer: chain id, nonce, fees (from the sender's block kind) and gas are filled in.
  const recipient = env.get("CHAINKIT_EVM_ACCOUNTS").split(",")[0] as `0x${string}`;
  const sent = await evm.sendTransaction({ to: recipient, value: 10n ** 15n }, signer);
  try {
    const receipt = await evm.waitForReceipt(sent, { timeout: 60_000 });
    console.log(`sent ${sent}: status ${receipt.status}, gas used ${hexToBigInt(receipt.gasUsed)}`);
  } catch (error) {
    if (error instanceof TransactionRevertedError) console.error(`reverted: ${error.reason?.message}`);
    throw error;
  }

  // Logs of up to 50 blocks per call (toBlock - fromBlock + 1 <= 50).
  const head = BigInt(await evm.eth_blockNumber());
  const fromBlock = head > 49n ? head - 49n : 0n;
  const logs = await evm.eth_getLogs({ fromBlock: `0x${fromBlock.toString(16)}`, toBlock: "latest" });
  console.log(`${logs.length} logs in blocks ${fromBlock} to ${head}`);
  // Any range: evm.logs asks for 50 blocks at a time, in order.
  let walked = 0;
  for await (const _log of evm.logs({ fromBlock: 0n, toBlock: "latest" })) walked++;
  console.log(`${walked} logs in blocks 0 to ${head}`);

  const outcomes = await evm.batch([
    { method: "eth_blockNumber", params: [] },
    { method: "eth_chainId", params: [] },
  ] as const);
  console.log("batch outcomes:", outcomes);

  // Verified answers: the receipt of the transfer, and the signer's account at the head.
  try {
    const verified = await evm.getVerifiedReceipt(sent);
    if (verified === null) console.log(`no receipt for ${sent} yet`);
    else console.log(`receipt verified in block ${verified.blockNumber} (${verified.blockHash})`);
    const { blockNumber, proof } = await evm.getVerifiedProof(signer.address);
    console.log(`account proof verified at block ${blockNumber}: balance ${proof.balance}`);
  } catch (error) {
    if (error instanceof ProofError) console.error(`the node's answer does not verify: ${error.message}`);
    throw error;
  }
} finally {
  await env.close();
}
