/**
 * Balances, a TRC-20 balance and a transfer on a TRON-style wallet node.
 *
 * 1. `createWalletClient` takes the node URL and its credentials (`{ token }` in the path, or
 *    `{ username, password }` for basic auth). Addresses may be `T…` or `41…`: the client sends
 *    the form the node expects. Amounts are `bigint`, in sun (1 TRX = 1 000 000 sun).
 * 2. `getAccount` gives the TRX balance and TRC-10 holdings; `{ confirmed: true }` reads the latest
 *    solidified block instead of the head.
 * 3. `trc20(contract)` reads a TRC-20 token: `balanceOf`, `decimals`, `symbol`.
 * 4. `transfer` has the node build the transaction, checks every field of its bytes against what
 *    you asked before your signer signs, and broadcasts it. A node that changed anything gets a
 *    `TransactionMismatchError` and no signature.
 *
 * The example talks to chainkit's local sandbox, whose demo account is funded: the one
 * `chainkit sandbox --env` describes in `CHAINKIT_*` variables, or one it starts. For a real node, pass
 * its `details.https_endpoint` and `details.auth_key`, and your own key.
 */
import { createWalletClient, privateKeySigner } from "chainkit/wallet";
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

  const token = wallet.trc20(env.get("CHAINKIT_WALLET_TRC20_ADDRESS"));
  const [balance, decimals, symbol] = await Promise.all([
    token.balanceOf(me.address),
    token.decimals(),
    token.symbol(),
  ]);
  console.log(`TRC-20: ${balance} units of ${symbol} (${decimals} decimals)`);

  const to = "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV";
  const { txID } = await wallet.transfer({ to, amount: 2_000_000n }, me);
  console.log(`sent 2 TRX: ${txID}`);

  // The transfer counts once it is in a block: ask until it is there (a minute at most).
  let info = await wallet.getTransactionInfoById({ value: txID });
  for (const deadline = Date.now() + 60_000; info === null; ) {
    if (Date.now() > deadline) throw new Error(`${txID} is in no block after a minute`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    info = await wallet.getTransactionInfoById({ value: txID });
  }
  const received = await wallet.getAccount({ address: to });
  console.log(
    `in block ${info.blockNumber}, fee ${info.fee ?? 0n} sun; ${to} now holds ${received?.balance} sun`,
  );
} finally {
  await env.close();
}
