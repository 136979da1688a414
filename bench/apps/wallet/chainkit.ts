import { createWalletClient, privateKeySigner } from "../../../src/wallet.js";

/** Reads a TRX balance, sends 1 TRX and 1 unit of a TRC-20 token. */
export async function run(url: string, token: string, key: string, to: string, usdt: string) {
  const wallet = createWalletClient({ url, credentials: { token } });
  const me = privateKeySigner(key);
  const account = await wallet.getAccount({ address: me.address });
  const paid = await wallet.transfer({ to, amount: 1_000_000n }, me);
  const sent = await wallet.trc20(usdt).transfer(to, 1n, me, { feeLimit: 30_000_000n });
  return { balance: account?.balance ?? 0n, paid, sent };
}
