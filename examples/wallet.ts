// Needs chainkit alone; run it with tsx.
/**
 * Balances, a TRX transfer and a TRC-20 transfer on a TRON-style wallet node, each waited for.
 *
 * 1. `createWalletClient` takes the node URL and its credentials (`{ token }` in the path, or
 *    `{ username, password }` for basic auth). Addresses may be `T…` or `41…`: the client sends
 *    the form the node expects. Amounts are `bigint`, in sun (1 TRX = 1 000 000 sun).
 * 2. `getAccount` gives the TRX balance and TRC-10 holdings; `{ confirmed: true }` reads the latest
 *    solidified block instead of the head.
 * 3. `transfer` has the node build the transaction, checks every field of its bytes against what
 *    you asked before your signer signs, and broadcasts it. A node that changed anything gets a
 *    `TransactionMismatchError` and no signature; more TRX than the account holds is a
 *    `BroadcastError` whose `reason` is `balance too low`.
 * 4. `trc20(contract)` is a TRC-20 token with the ERC-20 methods: `balanceOf`, `decimals`,
 *    `symbol`, … and `transfer(to, amount, signer, { feeLimit })`, checked the same way (the call
 *    data, the token, no TRX sent along, the fee limit in sun).
 * 5. `waitForTransaction(txID, { confirmed: true })` waits until the solidified chain has the
 *    transaction; a call that failed (`REVERT`, `OUT_OF_ENERGY`) is a `TransactionFailedError`.
 *
 * The example talks to chainkit's local sandbox, whose demo account is funded: the one
 * `chainkit sandbox --env` describes in `CHAINKIT_*` variables, or one it starts. For a real node, pass
 * its `details.https_endpoint` and `details.auth_key`, and your own key.
 */
import { BroadcastError, createWalletClient, privateKeySigner } from "chainkit/wallet";
import { sandboxEnv } from "./support/sandbox-env.js";

// A sandbox started here makes a block every half second; one started by the CLI, every 3 s, as TRON.
const env = await sandboxEnv({ walletBlockMs: 500 });
try {
  const wallet = createWalletClient({
    url: env.get("CHAINKIT_WALLET_URL"),
    credentials: { token: env.get("CHAINKIT_NODE_TOKEN") },
  });
  const me = privateKeySigner(env.get("CHAINKIT_WALLET_PRIVATE_KEY"));

  const account = await wallet.getAccount({ address: me.address });
  console.log(
    `${me.address}: ${account?.balance ?? 0n} sun, tokens ${JSON.stringify(account?.assetV2?.map((a) => a.key))}`,
  );

  const to = "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV";
  const { txID } = await wallet.transfer({ to, amount: 2_000_000n }, me);
  const info = await wallet.waitForTransaction(txID, { timeout: 60_000 }); // in a block
  const received = await wallet.getAccount({ address: to });
  console.log(
    `sent 2 TRX in block ${info.blockNumber}, fee ${info.fee ?? 0n} sun; ${to} holds ${received?.balance} sun`,
  );

  try {
    await wallet.transfer({ to, amount: (account?.balance ?? 0n) * 2n }, me);
  } catch (error) {
    if (!(error instanceof BroadcastError)) throw error;
    console.log(`twice the balance: ${error.reason} (${error.message})`);
  }

  const token = wallet.trc20(env.get("CHAINKIT_WALLET_TRC20_ADDRESS"));
  const [symbol, decimals, before] = await Promise.all([
    token.symbol(),
    token.decimals(),
    token.balanceOf(to),
  ]);
  const sent = await token.transfer(to, 1_500_000n, me, { feeLimit: 30_000_000n });
  const receipt = await wallet.waitForTransaction(sent.txID, { confirmed: true, timeout: 60_000 });
  const after = await token.balanceOf(to);
  console.log(
    `sent 1.5 ${symbol} (${decimals} decimals), confirmed in block ${receipt.blockNumber}, energy ${receipt.receipt?.energy_usage_total ?? 0n}: ${to} had ${before}, now ${after}`,
  );
} finally {
  await env.close();
}
