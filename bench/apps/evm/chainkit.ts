import { createEvmClient, erc20, privateKeySigner } from "../../../src/evm.js";

/** Reads the head and a balance, sends 0.001 ETH and 1 token unit, waits for both. */
export async function run(
  url: string,
  token: string,
  key: `0x${string}`,
  to: `0x${string}`,
  usdc: `0x${string}`,
) {
  const evm = createEvmClient({ url, credentials: { token }, chainId: 999 });
  const me = privateKeySigner(key);
  const head = await evm.eth_getBlockByNumber("latest", false);
  const balance = await evm.eth_getBalance(me.address, "latest");
  const paid = await evm.sendTransaction({ to, value: 10n ** 15n }, me);
  await evm.waitForReceipt(paid);
  const sent = await erc20(evm, usdc).transfer(to, 1n, me);
  await evm.waitForReceipt(sent);
  return { head: head?.number, balance };
}
