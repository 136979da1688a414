import type { LedgerBlock } from "../ledger/ledger-types.js";

/**
 * A block as `blocks` and `masterchainInfo` write it.
 *
 * @param block - The block.
 * @param previous - The block before it in the same chain, if any.
 * @returns The wire object.
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [first, second] = ledger.blocks;
 * if (second) renderBlock(second, first);
 */
export function renderBlock(block: LedgerBlock, previous: LedgerBlock | undefined): Record<string, unknown> {
  return {
    workchain: block.workchain,
    shard: block.shard,
    seqno: block.seqno,
    root_hash: block.rootHash,
    file_hash: block.fileHash,
    global_id: -239,
    version: 0,
    after_merge: false,
    before_split: false,
    after_split: false,
    want_merge: false,
    want_split: false,
    key_block: false,
    vert_seqno_incr: false,
    flags: 1,
    gen_utime: String(block.genUtime),
    start_lt: String(block.startLt),
    end_lt: String(block.endLt),
    validator_list_hash_short: 197321932,
    gen_catchain_seqno: 288848,
    min_ref_mc_seqno: block.mcSeqno - 1,
    prev_key_block_seqno: 82744000,
    vert_seqno: 0,
    master_ref_seqno: block.workchain === -1 ? 0 : block.mcSeqno,
    rand_seed: block.fileHash,
    created_by: block.rootHash,
    tx_count: block.transactions.length,
    masterchain_block_ref: { workchain: -1, shard: "8000000000000000", seqno: block.mcSeqno },
    prev_blocks: previous
      ? [{ workchain: previous.workchain, shard: previous.shard, seqno: previous.seqno }]
      : [],
  };
}
