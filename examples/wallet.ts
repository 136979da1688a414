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
 * The example talks to chainkit's local sandbox, whose demo account is funded.
 */
import { startSandbox } from "chainkit/sandbox";
import { createWalletClient, privateKeySigner } from "chainkit/wallet";

const sandbox = await startSandbox({ walletBlockMs: 500 });
try {
  const wallet = createWalletClient({
    url: sandbox.urls.wallet,
    credentials: { token: sandbox.credentials.nodeToken },
  });
  const me = privateKeySigner(sandbox.credentials.walletPrivateKey);

  const account = await wallet.getAccount({ address: me.address });
  console.log(
    `${me.address}: ${account?.balance ?? 0n} sun, tokens ${JSON.stringify(account?.assetV2?.map((a) => a.key))}`,
  );

  const token = wallet.trc20(sandbox.fixtures.walletTrc20Address);
  const [balance, decimals, symbol] = await Promise.all([
    token.balanceOf(me.address),
    token.decimals(),
    token.symbol(),
  ]);
  console.log(`TRC-20: ${balance} units of ${symbol} (${decimals} decimals)`);

  const to = "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV";
  const { txID } = await wallet.transfer({ to, amount: 2_000_000n }, me);
  console.log(`sent 2 TRX: ${txID}`);

  // The transfer counts once it is in a block; the sandbox makes one every half second here.
  let info = await wallet.getTransactionInfoById({ value: txID });
  while (info === null) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    info = await wallet.getTransactionInfoById({ value: txID });
  }
  const received = await wallet.getAccount({ address: to });
  console.log(
    `in block ${info.blockNumber}, fee ${info.fee ?? 0n} sun; ${to} now holds ${received?.balance} sun`,
  );
} finally {
  await sandbox.close();
}
