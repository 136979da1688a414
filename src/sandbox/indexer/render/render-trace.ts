import type { LedgerAction, LedgerTrace, TraceNode } from "../ledger/ledger-types.js";
import { renderTransaction } from "./render-transaction.js";

/** Provider (PascalCase) names of the upstream types the provider documents. */
export const PROVIDER_TYPE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  ton_transfer: "CoinTransfer",
  jetton_transfer: "JettonTransfer",
  nft_transfer: "NftItemTransfer",
  contract_deploy: "ContractDeploy",
});

/** Every fourth action of a type the provider documents is written in the provider's shape. */
export function inProviderShape(action: LedgerAction, index: number): boolean {
  return (
    index % 4 === 0 && PROVIDER_TYPE_NAMES[action.type] !== undefined && action.providerValue !== undefined
  );
}

/**
 * An action as the indexer writes it: the upstream shape, or the provider's documented one
 * (PascalCase type, `tx_hash`, `status`, `value`, integer logical times).
 *
 * @param action - The action.
 * @param providerShape - Write the provider's shape.
 * @returns The wire object.
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [action] = ledger.actions;
 * if (action) renderAction(action, false);
 */
export function renderAction(action: LedgerAction, providerShape: boolean): Record<string, unknown> {
  const first = action.transactions[0];
  const last = action.transactions[action.transactions.length - 1];
  const trace = action.trace;
  const traceEnd = trace.transactions[trace.transactions.length - 1];
  if (providerShape) {
    return {
      action_id: action.id,
      trace_id: trace.id,
      tx_hash: last?.hash,
      type: PROVIDER_TYPE_NAMES[action.type],
      status: action.success ? "ok" : "failed",
      value: action.providerValue,
      start_lt: first?.lt,
      start_utime: first?.now,
      end_lt: last?.lt,
      end_utime: last?.now,
    };
  }
  return {
    trace_id: trace.id,
    action_id: action.id,
    start_lt: String(first?.lt),
    end_lt: String(last?.lt),
    start_utime: first?.now,
    end_utime: last?.now,
    trace_end_lt: String(traceEnd?.lt),
    trace_end_utime: traceEnd?.now,
    trace_mc_seqno_end: trace.mcSeqno,
    transactions: action.transactions.map((transaction) => transaction.hash),
    success: action.success,
    type: action.type,
    details: action.details,
    trace_external_hash: trace.external.hash,
    trace_external_hash_norm: trace.external.hashNorm,
    finality: "finalized",
  };
}

function renderNode(node: TraceNode): Record<string, unknown> {
  return {
    tx_hash: node.transaction.hash,
    in_msg_hash: node.transaction.inMessage.hash,
    children: node.children.map(renderNode),
  };
}

/**
 * A trace as the indexer writes it: its transactions keyed by hash, their order, the tree of
 * messages between them, and (when asked) its actions.
 *
 * @param trace - The trace.
 * @param actions - The trace's actions already rendered, or undefined to leave them out.
 * @returns The wire object.
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [trace] = ledger.traces;
 * if (trace) renderTrace(trace, undefined);
 */
export function renderTrace(
  trace: LedgerTrace,
  actions: Record<string, unknown>[] | undefined,
): Record<string, unknown> {
  const first = trace.transactions[0];
  const last = trace.transactions[trace.transactions.length - 1];
  // The external message, then every message a transaction of the trace sent.
  const messages =
    1 + trace.transactions.reduce((count, transaction) => count + transaction.outMessages.length, 0);
  return {
    trace_id: trace.id,
    external_hash: trace.external.hash,
    mc_seqno_start: String(trace.mcSeqno),
    mc_seqno_end: String(trace.mcSeqno),
    start_lt: String(first?.lt),
    start_utime: first?.now,
    end_lt: String(last?.lt),
    end_utime: last?.now,
    trace_info: {
      trace_state: "complete",
      messages,
      transactions: trace.transactions.length,
      pending_messages: 0,
      classification_state: "ok",
    },
    is_incomplete: false,
    ...(actions && { actions }),
    trace: renderNode(trace.root),
    transactions_order: trace.transactions.map((transaction) => transaction.hash),
    transactions: Object.fromEntries(
      trace.transactions.map((transaction) => [transaction.hash, renderTransaction(transaction)]),
    ),
  };
}
