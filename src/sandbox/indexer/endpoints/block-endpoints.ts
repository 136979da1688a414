import type { RestOperationHandler } from "../../validation.js";
import type { LedgerBlock } from "../ledger/ledger-types.js";
import { renderBlock } from "../render/render-blocks.js";
import { type EndpointContext, requireMasterchainBlock } from "./endpoint-context.js";
import { pageOf } from "./query.js";

/**
 * The block endpoints: masterchainInfo (the first and last masterchain block) and blocks.
 *
 * @param context - The ledger.
 * @returns Handlers keyed by operationId.
 */
export function blockEndpoints(context: EndpointContext): Record<string, RestOperationHandler> {
  const { blocks } = context.ledger;
  /** The block before each one in its chain (the ledger's blocks grow, so this is read per request). */
  const previousOf = (block: LedgerBlock) => {
    const index = blocks.indexOf(block);
    for (let i = index - 1; i >= 0; i--) if (blocks[i]?.workchain === block.workchain) return blocks[i];
    return undefined;
  };
  const render = (block: LedgerBlock) => renderBlock(block, previousOf(block));

  return {
    getMasterchainInfo: () => {
      const masterchain = blocks.filter((block) => block.workchain === -1);
      return {
        status: 200,
        body: {
          first: render(masterchain[0] as LedgerBlock),
          last: render(masterchain[masterchain.length - 1] as LedgerBlock),
        },
      };
    },
    getBlocks: ({ query }) => {
      requireMasterchainBlock(context, query.mc_seqno);
      const matching = blocks.filter(
        (block) =>
          (query.workchain === undefined || block.workchain === query.workchain) &&
          (query.shard === undefined || block.shard === String(query.shard).toLowerCase()) &&
          (query.seqno === undefined || block.seqno === query.seqno) &&
          (query.mc_seqno === undefined || block.mcSeqno === query.mc_seqno),
      );
      const page = pageOf(matching, query, (block) => ({
        lt: block.startLt,
        utime: block.genUtime,
      }));
      return { status: 200, body: { blocks: page.map(render) } };
    },
  };
}
