import { createPublicClient, createWalletClient, defineChain, erc20Abi, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

const hyperEvm = defineChain({
  id: 999,
  name: "HyperEVM",
  nativeCurrency: { name: "HYPE", symbol: "HYPE", decimals: 18 },
  rpcUrls: { default: { http: [] } },
});

/** Reads the head and a balance, sends 0.001 ETH and 1 token unit, waits for both. */
export async function run(
  url: string,
  token: string,
  key: `0x${string}`,
  to: `0x${string}`,
  usdc: `0x${string}`,
) {
  const transport = http(`${url}/${token}/evm`);
  const account = privateKeyToAccount(key);
  const reader = createPublicClient({ chain: hyperEvm, transport });
  const writer = createWalletClient({ chain: hyperEvm, transport, account });
  const head = await reader.getBlock({ blockTag: "latest" });
  const balance = await reader.getBalance({ address: account.address });
  const paid = await writer.sendTransaction({ to, value: 10n ** 15n });
  await reader.waitForTransactionReceipt({ hash: paid });
  const sent = await writer.writeContract({
    address: usdc,
    abi: erc20Abi,
    functionName: "transfer",
    args: [to, 1n],
  });
  await reader.waitForTransactionReceipt({ hash: sent });
  return { head: head.number, balance };
}
