/**
 * Read blocks, transactions and a verified account proof from an EVM node (HyperEVM) over JSON-RPC.
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
 * 6. `getVerifiedProof` fetches the latest header and an `eth_getProof` answer together and checks the
 *    proof against the header's state root; it throws a `ProofError` when they disagree.
 *
 * The example talks to chainkit's local sandbox. For a real node, pass its `details.https_endpoint` and
 * `details.auth_key` (or use `nodeAccess(node)` from `chainkit/platform`).
 */
import { createEvmClient, ProofError } from "chainkit/evm";
import { startSandbox } from "chainkit/sandbox";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

// Creation code of a contract whose every call returns 42 (so it answers `value()`, selector 0x3fa4f245).
const RETURNS_42 = "0x602a600055600b8060106000396000f360005460005260206000f3";

const sandbox = await startSandbox();
try {
  const evm = createEvmClient({
    url: sandbox.urls.evm,
    credentials: { token: sandbox.credentials.nodeToken },
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

  // State at the latest block: a balance, and a contract read with eth_call.
  const [account] = sandbox.fixtures.evmAccounts;
  console.log(`balance of ${account}: ${BigInt(await evm.eth_getBalance(account as string))} wei`);
  const deployment = await sandbox.evm.sendTransaction({ data: RETURNS_42 });
  const created = await evm.eth_getTransactionReceipt(deployment.transactionHash);
  const returned = await evm.eth_call({ to: created?.contractAddress, input: "0x3fa4f245" });
  console.log(`value() of ${created?.contractAddress}: ${BigInt(returned)}`);

  // Logs of up to 50 blocks per call (toBlock - fromBlock + 1 <= 50).
  const logs = await evm.eth_getLogs({ fromBlock: "0x0", toBlock: "0x31" });
  console.log(`${logs.length} logs in blocks 0 to 49`);

  // Sign locally, send raw, read the receipt (on a real node, poll until it is no longer null).
  const signer = privateKeyToAccount(generatePrivateKey());
  await sandbox.evm.fund(signer.address, 10n ** 18n);
  const [nonce, gasPrice] = await Promise.all([
    evm.eth_getTransactionCount(signer.address, "pending"),
    evm.eth_gasPrice(),
  ]);
  const signed = await signer.signTransaction({
    type: "eip1559",
    chainId: Number(chainId),
    nonce: Number(nonce),
    to: account as `0x${string}`,
    value: 10n ** 15n,
    gas: 21_000n,
    maxFeePerGas: BigInt(gasPrice) * 2n,
    maxPriorityFeePerGas: 0n, // priority fees are zero on HyperEVM
  });
  const sent = await evm.eth_sendRawTransaction(signed);
  const receipt = await evm.eth_getTransactionReceipt(sent);
  console.log(`sent ${sent}: status ${receipt?.status}, gas used ${receipt?.gasUsed}`);

  const outcomes = await evm.batch([
    { method: "eth_blockNumber", params: [] },
    { method: "eth_chainId", params: [] },
  ] as const);
  console.log("batch outcomes:", outcomes);

  try {
    const { blockNumber, proof } = await evm.getVerifiedProof("0x00000000219ab540356cbb839cbe05303d7705fa");
    console.log(`account proof verified at block ${blockNumber}: balance ${proof.balance}`);
  } catch (error) {
    if (error instanceof ProofError)
      console.error(`the node sent a proof that does not verify: ${error.message}`);
    else throw error;
  }
} finally {
  await sandbox.close();
}
