import { bytesToHex } from "@noble/hashes/utils.js";
import { createContract, deployContract } from "micro-eth-signer/abi.js";
import { SeededRandom } from "../seeded-random.js";
import type { DevChain } from "./chain/dev-chain.js";
import { sandboxToken } from "./contracts/artifacts.js";

/** Blocks of history the chain starts with after genesis: more than the 50 one `eth_getLogs` may cover. */
export const HISTORY_BLOCKS = 64;

/** The sandbox ERC-20's metadata: a dollar token with 6 decimals, as stablecoins have. */
export const SANDBOX_TOKEN = {
  name: "Sandbox USD",
  symbol: "SUSD",
  decimals: 6,
  supply: 1_000_000_000n * 10n ** 6n,
};

const token = createContract(sandboxToken.abi);

/**
 * Gives a fresh chain a past: the sandbox ERC-20 deployed by the first account in block 1, then
 * {@link HISTORY_BLOCKS} blocks, each with one to three transactions (token transfers and approvals
 * between the funded accounts, the first of each block a token one, now and then a native transfer),
 * a second apart from
 * `genesisTimestamp`. The same seed gives the same transactions, blocks and hashes.
 *
 * @param chain - A chain at genesis, mining on submission.
 * @param seed - Picks the senders, receivers and amounts.
 * @param genesisTimestamp - The genesis block's time, in seconds.
 * @returns The token's address.
 * @example
 * const chain = await createDevChain({ chainId: 999, accounts: devAccounts(5), usesBigBlocks: () => false });
 * const { tokenAddress } = await seedHistory(chain, 1, 1_767_225_600n);
 */
export async function seedHistory(
  chain: DevChain,
  seed: number,
  genesisTimestamp: bigint,
): Promise<{ tokenAddress: string }> {
  const random = new SeededRandom(seed);
  const accounts = chain.accounts.map((account) => account.address);
  const owner = accounts[0] as string;
  let time = genesisTimestamp;
  await chain.setAutomine(false);
  try {
    const data = deployContract(sandboxToken.abi, sandboxToken.bytecode, {
      name_: SANDBOX_TOKEN.name,
      symbol_: SANDBOX_TOKEN.symbol,
      decimals_: BigInt(SANDBOX_TOKEN.decimals),
      supply: SANDBOX_TOKEN.supply,
    });
    const deployHash = await chain.sendUnsigned({ from: owner, data });
    await chain.mine(++time);
    const tokenAddress = chain.transaction(deployHash)?.mined.contractAddress;
    if (!tokenAddress) throw new Error("the sandbox ERC-20 did not deploy");

    // What each account holds, so every transfer the history makes succeeds.
    const balances = new Map(
      accounts.map((account) => [account, account === owner ? SANDBOX_TOKEN.supply : 0n]),
    );
    const send = (from: string, data: Uint8Array) =>
      // A fixed gas limit: an estimate would run before the block's earlier transfers.
      chain.sendUnsigned({ from, to: tokenAddress, data: `0x${bytesToHex(data)}`, gas: 100_000n });
    for (let block = 0; block < HISTORY_BLOCKS; block++) {
      const count = random.int(1, 3);
      for (let i = 0; i < count; i++) {
        const holders = accounts.filter((account) => (balances.get(account) ?? 0n) > 0n);
        const from = random.pick(holders);
        const to = random.pick(accounts.filter((account) => account !== from));
        // Every block's first transaction is a token one, so each history block has logs.
        const kind = i === 0 ? random.next() * 0.9 : random.next();
        if (kind < 0.6) {
          const held = balances.get(from) ?? 0n;
          const value = (held * BigInt(random.int(1, 20))) / 100n;
          await send(from, token.transfer.encodeInput({ to, value }));
          balances.set(from, held - value);
          balances.set(to, (balances.get(to) ?? 0n) + value);
        } else if (kind < 0.9) {
          const value = BigInt(random.int(1, 1_000)) * 10n ** 6n;
          await send(from, token.approve.encodeInput({ spender: to, value }));
        } else {
          await chain.sendUnsigned({
            from,
            to,
            value: BigInt(random.int(1, 100)) * 10n ** 15n,
            gas: 21_000n,
          });
        }
      }
      await chain.mine(++time);
    }
    return { tokenAddress };
  } finally {
    await chain.setAutomine(true);
  }
}
