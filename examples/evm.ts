/**
 * Read blocks, state and logs from an EVM node (HyperEVM) over JSON-RPC, send transactions signed where
 * the key is, and get receipts and proofs that are verified, not just trusted.
 *
 * 1. `createEvmClient` takes the node URL and its credentials: `{ token }` puts the auth token in the
 *    path (`{url}/{token}/evm`), `{ username, password }` uses basic auth. Bearer keys are refused.
 * 2. Every method of the spec is a typed function (`evm.eth_getBlockByHash(hash, false)`); the answers
 *    are validated against the spec, and quantities stay hex strings, as on the wire.
 * 3. Calls made in the same tick travel as one JSON-RPC batch; `evm.batch` sends an explicit one and
 *    reports each entry's result or error.
 * 4. State reads (`eth_getBalance`, `eth_call`, …) answer for the latest block: HyperEVM keeps no history,
 *    so pass `latest` (or `pending`, answered as latest) or leave the block out. `eth_getLogs` covers at
 *    most 50 blocks per call; a longer numeric range is refused before anything is sent.
 * 5. Transactions are signed where the key is, with any wallet library (viem here), and sent raw;
 *    `eth_getTransactionReceipt` says when one is mined and whether it succeeded.
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
import { createEvmClient, ProofError } from "chainkit/evm";
import { privateKeyToAccount } from "viem/accounts";
import { sandboxEnv } from "./support/sandbox-env.js";

// Creation code of a contract whose every call returns 42 (so it answers `value()`, selector 0x3fa4f245).
const RETURNS_42 = "0x602a600055600b8060106000396000f360005460005260206000f3";

const env = await sandboxEnv();
try {
  const evm = createEvmClient({
    url: env.get("CHAINKIT_EVM_URL"),
    credentials: { token: env.get("CHAINKIT_NODE_TOKEN") },
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
  const signer = privateKeyToAccount(env.get("CHAINKIT_EVM_PRIVATE_KEY") as `0x${string}`);
  const [balance, nonce, gasPrice] = await Promise.all([
    evm.eth_getBalance(signer.address),
    evm.eth_getTransactionCount(signer.address, "pending"),
    evm.eth_gasPrice(),
  ]);
  console.log(`balance of ${signer.address}: ${BigInt(balance)} wei`);
  const fees = {
    chainId: Number(chainId),
    maxFeePerGas: BigInt(gasPrice) * 2n,
    maxPriorityFeePerGas: 0n, // priority fees are zero on HyperEVM
  };

  // Deploy a contract, then read it with eth_call (state at the latest block).
  const gas = await evm.eth_estimateGas({ from: signer.address, input: RETURNS_42 });
  const deployment = await evm.eth_sendRawTransaction(
    await signer.signTransaction({ ...fees, nonce: Number(nonce), data: RETURNS_42, gas: BigInt(gas) }),
  );
  const created = await evm.eth_getTransactionReceipt(deployment);
  if (!created?.contractAddress) throw new Error(`the deployment ${deployment} created no contract`);
  const returned = await evm.eth_call({ to: created.contractAddress, input: "0x3fa4f245" });
  console.log(`value() of ${created.contractAddress}: ${BigInt(returned)}`);

  // A transfer: send raw, read the receipt (on a real node, poll until it is no longer null).
  const recipient = env.get("CHAINKIT_EVM_ACCOUNTS").split(",")[0] as `0x${string}`;
  const sent = await evm.eth_sendRawTransaction(
    await signer.signTransaction({
      ...fees,
      nonce: Number(nonce) + 1,
      to: recipient,
      value: 10n ** 15n,
      gas: 21_000n,
    }),
  );
  const receipt = await evm.eth_getTransactionReceipt(sent);
  console.log(`sent ${sent}: status ${receipt?.status}, gas used ${receipt?.gasUsed}`);

  // Logs of up to 50 blocks per call (toBlock - fromBlock + 1 <= 50).
  const head = BigInt(await evm.eth_blockNumber());
  const fromBlock = head > 49n ? head - 49n : 0n;
  const logs = await evm.eth_getLogs({ fromBlock: `0x${fromBlock.toString(16)}`, toBlock: "latest" });
  console.log(`${logs.length} logs in blocks ${fromBlock} to ${head}`);

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
