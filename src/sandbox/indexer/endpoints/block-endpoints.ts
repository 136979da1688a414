import type { RestOperationHandler } from "../../validation.js";
import type { LedgerBlock } from "../ledger/ledger-types.js";
import { renderBlock } from "../render/render-blocks.js";
import { type EndpointContext, requireMasterchainBlock } from "./endpoint-context.js";
import { type ListQuery, pageOf } from "./query.js";

/**
 * The block endpoints: masterchainInfo (the first and last masterchain block) and blocks.
 *
 * @param context - The ledger.
 * @returns Handlers keyed by operationId.
 */
export function blockEndpoints(context: EndpointContext): Record<string, RestOperationHandler> {
  const { blocks } = context.ledger;
  const previous = new Map<LedgerBlock, LedgerBlock>();
  const lastOf = new Map<number, LedgerBlock>();
  for (const block of blocks) {
    const before = lastOf.get(block.workchain);
    if (before) previous.set(block, before);
    lastOf.set(block.workchain, block);
  }
  const render = (block: LedgerBlock) => renderBlock(block, previous.get(block));
  const masterchain = blocks.filter((block) => block.workchain === -1);

  return {
    getMasterchainInfo: () => ({
      status: 200,
      body: {
        first: render(masterchain[0] as LedgerBlock),
        last: render(masterchain[masterchain.length - 1] as LedgerBlock),
      },
    }),
    getBlocks: ({ query }) => {
      requireMasterchainBlock(context, query.mc_seqno);
      const matching = blocks.filter(
        (block) =>
          (query.workchain === undefined || block.workchain === query.workchain) &&
          (query.shard === undefined || block.shard === String(query.shard).toLowerCase()) &&
          (query.seqno === undefined || block.seqno === query.seqno) &&
          (query.mc_seqno === undefined || block.mcSeqno === query.mc_seqno),
      );
      const page = pageOf(matching, query as unknown as ListQuery, (block) => ({
        lt: block.startLt,
        utime: block.genUtime,
      }));
      return { status: 200, body: { blocks: page.map(render) } };
    },
  };
}
