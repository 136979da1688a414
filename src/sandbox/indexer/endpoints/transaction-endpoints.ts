import type { RestOperationHandler } from "../../validation.js";
import type { LedgerMessage, LedgerTransaction } from "../ledger/ledger-types.js";
import { inProviderShape, PROVIDER_TYPE_NAMES, renderAction, renderTrace } from "../render/render-trace.js";
import { renderMessage, renderTransaction } from "../render/render-transaction.js";
import { type EndpointContext, listAnswer, requireMasterchainBlock } from "./endpoint-context.js";
import { hashesOf, hashOf, opcodeOf, pageOf, QueryRefusal, rawAddress, rawAddresses } from "./query.js";

const byTransaction = (transaction: LedgerTransaction) => ({ lt: transaction.lt, utime: transaction.now });

/** Whether a message's body starts with the opcode asked for. */
function hasOpcode(message: LedgerMessage, opcode: number): boolean {
  const body = message.body;
  if (body.bitLength < 32) return false;
  return Buffer.from(body.data.subarray(0, 4)).readUInt32BE(0) === opcode;
}

/** Characters the indexer allows in `action_type` (it checks them, not the value). */
const ACTION_TYPE_CHARACTERS = /^[A-Za-z0-9_]+$/;

/** Upstream snake_case for every type name the `action_type` filter takes. */
const CANONICAL_TYPE = new Map<string, string>([
  ...Object.entries(PROVIDER_TYPE_NAMES).map(
    ([upstream, provider]) => [provider, upstream] as [string, string],
  ),
  ["TonTransfer", "ton_transfer"],
]);

/**
 * The transaction-side endpoints: transactions (by account, block, hash, lt, range),
 * transactionsByMessage, adjacentTransactions, messages, traces and actions, all from one ledger.
 *
 * @param context - The ledger.
 * @returns Handlers keyed by operationId.
 */
export function transactionEndpoints(context: EndpointContext): Record<string, RestOperationHandler> {
  const { ledger } = context;
  return {
    getTransactions: ({ query }) => {
      requireMasterchainBlock(context, query.mc_seqno);
      const accounts = new Set(rawAddresses(query.account, "account"));
      const excluded = new Set(rawAddresses(query.exclude_account, "exclude_account"));
      const hash = query.hash === undefined ? undefined : hashOf(String(query.hash));
      const lt = query.lt === undefined ? undefined : BigInt(query.lt as string);
      const matching = ledger.transactions.filter(
        (transaction) =>
          (accounts.size === 0 || accounts.has(transaction.account)) &&
          !excluded.has(transaction.account) &&
          (hash === undefined || transaction.hash === hash) &&
          (lt === undefined || transaction.lt === lt) &&
          (query.workchain === undefined || query.workchain === 0) &&
          (query.seqno === undefined || transaction.shardSeqno === query.seqno) &&
          (query.mc_seqno === undefined || transaction.mcSeqno === query.mc_seqno),
      );
      const page = pageOf(matching, query, byTransaction);
      return listAnswer(context, "transactions", page.map(renderTransaction), false);
    },

    getTransactionsByMessage: ({ query }) => {
      if (query.msg_hash === undefined && query.body_hash === undefined && query.opcode === undefined) {
        throw new QueryRefusal(422, "at least one of msg_hash, body_hash, opcode should be specified");
      }
      const hash = query.msg_hash === undefined ? undefined : hashOf(String(query.msg_hash));
      const bodyHash = query.body_hash === undefined ? undefined : hashOf(String(query.body_hash));
      const opcode = query.opcode === undefined ? undefined : opcodeOf(String(query.opcode));
      const matches = (message: LedgerMessage) =>
        (hash === undefined || message.hash === hash || message.hashNorm === hash) &&
        (bodyHash === undefined || message.body.hashBase64() === bodyHash) &&
        (opcode === undefined || hasOpcode(message, opcode));
      const matching = ledger.transactions.filter(
        (transaction) =>
          (query.direction !== "out" && matches(transaction.inMessage)) ||
          (query.direction !== "in" && transaction.outMessages.some(matches)),
      );
      const page = pageOf(matching, { ...query, sort: "desc" }, byTransaction);
      return listAnswer(context, "transactions", page.map(renderTransaction), false);
    },

    getAdjacentTransactions: ({ query }) => {
      const hash = hashOf(String(query.hash));
      const transaction = ledger.transactions.find((candidate) => candidate.hash === hash);
      const adjacent: LedgerTransaction[] = [];
      if (transaction && query.direction !== "out" && transaction.inMessage.sentBy) {
        adjacent.push(transaction.inMessage.sentBy);
      }
      if (transaction && query.direction !== "in") {
        for (const message of transaction.outMessages)
          if (message.processedBy) adjacent.push(message.processedBy);
      }
      return listAnswer(context, "transactions", adjacent.map(renderTransaction), false);
    },

    getMessages: ({ query }) => {
      const hashes = hashesOf(query.msg_hash);
      const bodyHash = query.body_hash === undefined ? undefined : hashOf(String(query.body_hash));
      const source = query.source === "null" ? null : rawAddress(query.source, "source");
      const destination = rawAddress(query.destination, "destination");
      const opcode = query.opcode === undefined ? undefined : opcodeOf(String(query.opcode));
      const matching = ledger.messages.filter(
        (message) =>
          (hashes.size === 0 || hashes.has(message.hash)) &&
          (bodyHash === undefined || message.body.hashBase64() === bodyHash) &&
          (source === undefined || message.source === source) &&
          (destination === undefined || message.destination === destination) &&
          (opcode === undefined || hasOpcode(message, opcode)) &&
          !(query.exclude_externals === true && message.source === null) &&
          !(query.only_externals === true && message.source !== null) &&
          // Every message is processed in the sandbox, so `in` keeps them all and `out` keeps internal ones.
          !(query.direction === "out" && message.source === null),
      );
      const page = pageOf(matching, query, (message) => ({
        lt: message.createdLt ?? message.processedBy?.lt ?? 0n,
        utime: message.createdAt ?? message.processedBy?.now ?? 0,
      }));
      return listAnswer(
        context,
        "messages",
        page.map((message) => renderMessage(message, true)),
        true,
      );
    },

    getTraces: ({ query }) => {
      const selectors = [query.account, query.trace_id, query.tx_hash, query.msg_hash].filter(
        (v) => v !== undefined,
      );
      if (selectors.length > 1) {
        throw new QueryRefusal(422, "only one of account, trace_id, tx_hash, msg_hash should be specified");
      }
      requireMasterchainBlock(context, query.mc_seqno);
      const account = rawAddress(query.account, "account");
      const traceIds = hashesOf(query.trace_id);
      const txHashes = hashesOf(query.tx_hash);
      const msgHashes = hashesOf(query.msg_hash);
      const matching = ledger.traces.filter(
        (trace) =>
          (account === undefined ||
            trace.transactions.some((transaction) => transaction.account === account)) &&
          (traceIds.size === 0 || traceIds.has(trace.id)) &&
          (txHashes.size === 0 || trace.transactions.some((transaction) => txHashes.has(transaction.hash))) &&
          (msgHashes.size === 0 ||
            trace.transactions.some(
              (transaction) =>
                msgHashes.has(transaction.inMessage.hash) ||
                transaction.outMessages.some((message) => msgHashes.has(message.hash)),
            )) &&
          (query.mc_seqno === undefined || trace.mcSeqno === query.mc_seqno),
      );
      const page = pageOf(matching, query, (trace) => {
        const last = trace.transactions[trace.transactions.length - 1] as LedgerTransaction;
        return { lt: last.lt, utime: last.now };
      });
      const rendered = page.map((trace) =>
        renderTrace(
          trace,
          query.include_actions === true
            ? trace.actions.map((action) => renderAction(action, false))
            : undefined,
        ),
      );
      return listAnswer(context, "traces", rendered, true);
    },

    getActions: ({ query }) => {
      const actionType = query.action_type;
      if (typeof actionType === "string" && !ACTION_TYPE_CHARACTERS.test(actionType)) {
        throw new QueryRefusal(422, "action_type contains invalid characters");
      }
      const type =
        typeof actionType === "string" ? (CANONICAL_TYPE.get(actionType) ?? actionType) : undefined;
      const account = rawAddress(query.account, "account");
      const txHash = query.tx_hash === undefined ? undefined : hashOf(String(query.tx_hash));
      const txLt = query.tx_lt === undefined ? undefined : BigInt(query.tx_lt as string);
      const matching = ledger.actions.filter(
        (action) =>
          (query.action_id === undefined || action.id === query.action_id) &&
          (query.trace_id === undefined || action.trace.id === query.trace_id) &&
          (txHash === undefined || action.transactions.some((transaction) => transaction.hash === txHash)) &&
          (txLt === undefined || action.transactions.some((transaction) => transaction.lt === txLt)) &&
          (account === undefined || action.accounts.includes(account)) &&
          (type === undefined || action.type === type),
      );
      // Ranges and order go by the end of the trace, as the indexer's do.
      const page = pageOf(matching, query, (action) => {
        const last = action.trace.transactions[action.trace.transactions.length - 1] as LedgerTransaction;
        return { lt: last.lt, utime: last.now };
      });
      const rendered = page.map((action) =>
        renderAction(action, inProviderShape(action, ledger.actions.indexOf(action))),
      );
      return listAnswer(context, "actions", rendered, false);
    },
  };
}
