// Needs chainkit and viem; run it with tsx.
/**
 * Use viem on chainkit's transport, and get receipts and proofs that are verified, not just trusted.
 *
 * 1. `chainkitTransport({ url, credentials })` is a viem transport: every viem request runs through
 *    chainkit's JSON-RPC runtime, with the node's token in the path (or basic auth), retries for read
 *    methods only, the calls of one tick in one batch, and params and results checked against
 *    chainkit's EVM spec. Methods the spec does not list go out unvalidated. With `chainId` (or
 *    `network: "mainnet"`), an `eth_chainId` answer naming another chain is refused, so a wallet
 *    client on it never signs for the wrong chain.
 * 2. viem's public and wallet clients work on it unchanged: reads, contract calls, logs, and
 *    transactions signed where the key is and sent raw.
 * 3. `.extend(chainkitActions)` adds `getVerifiedReceipt`, `getVerifiedProof` and
 *    `getSystemTransactions`. A verified receipt comes back only when the block's hash, its
 *    transactions root and its receipts root all recompute and the receipt matches its transaction;
 *    `null` means the node has no receipt yet. Anything that does not verify throws a `ProofError`.
 * 4. viem wraps transport errors in its own classes; chainkit's error is the `cause`, and no message
 *    shows the token or password.
 *
 * viem is an optional peer dependency: `npm install viem`. The example talks to chainkit's local
 * sandbox: the one `chainkit sandbox --env` describes in `CHAINKIT_*` variables, or one it starts. For a
 * real node, pass its `details.https_endpoint` and `details.auth_key`, and your own key.
 */
import { ChainkitError, ProofError } from "chainkit/evm";
import { chainkitActions, chainkitTransport } from "chainkit/viem";
import { BaseError, createPublicClient, createWalletClient, defineChain } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { sandboxEnv } from "./support/sandbox-env.js";

const env = await sandboxEnv();
try {
  const url = env.get("CHAINKIT_EVM_URL");
  // The sandbox's chain has HyperEVM mainnet's id.
  const transport = chainkitTransport({
    url,
    credentials: { token: env.get("CHAINKIT_NODE_TOKEN") },
    chainId: 999,
  });
  const chain = defineChain({
    id: await createPublicClient({ transport }).getChainId(),
    name: "chainkit sandbox",
    nativeCurrency: { name: "HYPE", symbol: "HYPE", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const client = createPublicClient({ chain, transport }).extend(chainkitActions);

  // A key that lives here (the sandbox's funded demo key): the wallet client signs locally and sends
  // the raw transaction.
  const account = privateKeyToAccount(env.get("CHAINKIT_EVM_PRIVATE_KEY") as `0x${string}`);
  const wallet = createWalletClient({ account, chain, transport });

  const [blockNumber, balance] = await Promise.all([
    client.getBlockNumber(),
    client.getBalance({ address: account.address }),
  ]); // one batch request
  console.log(`block ${blockNumber}, balance ${balance} wei`);

  const hash = await wallet.sendTransaction({
    to: env.get("CHAINKIT_EVM_ACCOUNTS").split(",")[0] as `0x${string}`,
    value: 1n,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  console.log(`mined in block ${receipt.blockNumber}: ${receipt.status}`);

  try {
    const verified = await client.getVerifiedReceipt({ hash });
    console.log(verified ? `receipt verified against block ${verified.blockHash}` : "no receipt yet");
    const { proof } = await client.getVerifiedProof({ address: account.address });
    console.log(`balance proven at the head: ${proof.balance} wei`);
  } catch (error) {
    if (error instanceof ProofError) console.error(`the node's answer does not verify: ${error.message}`);
    throw error;
  }

  // A failure keeps chainkit's error inside viem's.
  try {
    await client.request({ method: "eth_getBalance", params: ["0x1234", "latest"] });
  } catch (error) {
    const cause = error instanceof BaseError ? error.walk((e) => e instanceof ChainkitError) : error;
    console.log(`refused before sending: ${(cause as Error).message}`);
  }
} finally {
  await env.close();
}
