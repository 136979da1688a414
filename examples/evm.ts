/**
 * Read blocks, transactions and a verified account proof from an EVM node (HyperEVM) over JSON-RPC.
 *
 * 1. `createEvmClient` takes the node URL and its credentials: `{ token }` puts the auth token in the
 *    path (`{url}/{token}/evm`), `{ username, password }` uses basic auth. Bearer keys are refused.
 * 2. Every method of the spec is a typed function (`evm.eth_getBlockByHash(hash, false)`); the answers
 *    are validated against the spec, and quantities stay hex strings, as on the wire.
 * 3. Calls made in the same tick travel as one JSON-RPC batch; `evm.batch` sends an explicit one and
 *    reports each entry's result or error.
 * 4. `getVerifiedProof` fetches the latest header and an `eth_getProof` answer together and checks the
 *    proof against the header's state root; it throws a `ProofError` when they disagree.
 *
 * The example talks to chainkit's local sandbox. For a real node, pass its `details.https_endpoint` and
 * `details.auth_key` (or use `nodeAccess(node)` from `chainkit/platform`).
 */
import { createEvmClient, ProofError } from "chainkit/evm";
import { startSandbox } from "chainkit/sandbox";

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
