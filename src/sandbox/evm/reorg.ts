import type { DevProvider } from "./chain/dev-provider.js";

/** A point of the chain to fork from, made by {@link snapshotChain}. */
export interface ChainSnapshot {
  /** The chain's `evm_snapshot` id. */
  id: string;
  /** The head's number when it was taken. */
  number: bigint;
}

/** What a reorganisation did: the blocks that left the chain and those that replaced them. */
export interface Reorg {
  /** Hashes of the blocks taken off the chain, newest first. */
  removed: string[];
  /** Hashes of the blocks mined in their place, oldest first. */
  added: string[];
}

interface Header {
  number: string;
  hash: string;
  timestamp: string;
}

const request = (provider: DevProvider, method: string, params: unknown[] = []) =>
  provider.request({ method, params });

/**
 * Marks the chain's current head, to fork from later with {@link reorgChain}.
 *
 * @example
 * const { provider } = await createEvmSurface();
 * const fork = await snapshotChain(provider);
 */
export async function snapshotChain(provider: DevProvider): Promise<ChainSnapshot> {
  const id = (await request(provider, "evm_snapshot")) as string;
  const head = (await request(provider, "eth_getBlockByNumber", ["latest", false])) as Header;
  return { id, number: BigInt(head.number) };
}

/**
 * Reorganises the chain: the blocks mined since `snapshot` leave it (`evm_revert`) and `blocks`
 * new ones take their place, each with a later timestamp than the block it replaces so its hash
 * differs. `orphaned` hears about the removed blocks before the new ones are mined, as a node's
 * subscribers would. Call it while no other helper is mining; the snapshot is used up.
 *
 * @param provider - The chain.
 * @param snapshot - Where the new branch starts.
 * @param blocks - How many blocks the new branch gets (default: as many as were removed, at least 1).
 * @param orphaned - Told the removed block hashes, newest first.
 * @returns The removed and added block hashes.
 * @example
 * const chain = await createEvmSurface();
 * const fork = await snapshotChain(chain.provider);
 * await chain.mine();
 * await chain.mine();
 * const { removed, added } = await reorgChain(chain.provider, fork, 3); // 2 blocks out, 3 in
 */
export async function reorgChain(
  provider: DevProvider,
  snapshot: ChainSnapshot,
  blocks?: number,
  orphaned?: (hashes: readonly string[]) => void,
): Promise<Reorg> {
  const head = (await request(provider, "eth_getBlockByNumber", ["latest", false])) as Header;
  const old: Header[] = [];
  for (let n = BigInt(head.number); n > snapshot.number; n--) {
    old.push((await request(provider, "eth_getBlockByNumber", [`0x${n.toString(16)}`, false])) as Header);
  }
  if (!(await request(provider, "evm_revert", [snapshot.id]))) {
    throw new Error(`the snapshot ${snapshot.id} is gone (a snapshot serves one revert)`);
  }
  const removed = old.map((header) => header.hash);
  orphaned?.(removed);
  const parent = (await request(provider, "eth_getBlockByNumber", ["latest", false])) as Header;
  const latest = Math.max(...[parent, ...old].map((header) => Number(header.timestamp)));
  const added: string[] = [];
  const count = blocks ?? Math.max(1, old.length);
  for (let i = 0; i < count; i++) {
    await request(provider, "evm_mine", [{ timestamp: latest + 1 + i }]);
    added.push(((await request(provider, "eth_getBlockByNumber", ["latest", false])) as Header).hash);
  }
  return { removed, added };
}
