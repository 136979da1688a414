import { serializeBoc } from "../boc/boc.js";
import type { LedgerMessage, LedgerTransaction, StateSnapshot } from "../ledger/ledger-types.js";
import { decodedOpcode, opcodeText } from "../ledger/message-bodies.js";

const transactions = new WeakMap<LedgerTransaction, Record<string, unknown>>();
const ZERO_HASH = Buffer.alloc(32).toString("base64");

/** A decimal string, as the indexer writes 64-bit numbers and amounts; null stays null. */
const decimal = (value: bigint | number | null) => (value === null ? null : String(value));

/**
 * A message as the indexer writes it inside a transaction (and in `messages` answers, with the
 * hashes of the transactions on both ends).
 *
 * @param message - The message.
 * @param withTransactions - Add `in_msg_tx_hash` / `out_msg_tx_hash` (the `messages` endpoint).
 * @returns The wire object.
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [transaction] = ledger.transactions;
 * if (transaction) renderMessage(transaction.inMessage, false);
 */
export function renderMessage(message: LedgerMessage, withTransactions: boolean): Record<string, unknown> {
  const { payload } = message;
  const external = message.source === null;
  return {
    hash: message.hash,
    source: message.source,
    destination: message.destination,
    value: decimal(message.value),
    value_extra_currencies: external ? null : {},
    fwd_fee: decimal(message.fwdFee),
    ihr_fee: external ? null : "0",
    extra_flags: null,
    created_lt: decimal(message.createdLt),
    created_at: decimal(message.createdAt),
    opcode: opcodeText(payload),
    decoded_opcode: decodedOpcode(payload),
    ihr_disabled: external ? null : true,
    bounce: message.bounce,
    bounced: message.bounced,
    import_fee: external ? "0" : null,
    message_content: {
      hash: message.body.hashBase64(),
      body: serializeBoc(message.body),
      decoded: payload.op === "text_comment" ? { type: "text_comment", comment: payload.comment } : null,
    },
    init_state: message.init
      ? { hash: message.init.hashBase64(), body: serializeBoc(message.init), decoded: null }
      : null,
    ...(message.hashNorm !== null && { hash_norm: message.hashNorm }),
    ...(withTransactions && {
      ...(message.processedBy && { in_msg_tx_hash: message.processedBy.hash }),
      ...(message.sentBy && { out_msg_tx_hash: message.sentBy.hash }),
    }),
  };
}

function renderState(state: StateSnapshot): Record<string, unknown> {
  return {
    hash: state.hash,
    balance: decimal(state.balance),
    extra_currencies: {},
    account_status: state.status,
    frozen_hash: null,
    data_hash: state.dataHash,
    code_hash: state.codeHash,
  };
}

/**
 * A transaction as the indexer writes it (cached: every endpoint shows the same object).
 *
 * @param transaction - The transaction.
 * @returns The wire object, logical times and amounts as decimal strings.
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const [transaction] = ledger.transactions;
 * if (transaction) renderTransaction(transaction);
 */
export function renderTransaction(transaction: LedgerTransaction): Record<string, unknown> {
  let wire = transactions.get(transaction);
  if (wire) return wire;
  const internal = transaction.inMessage.source !== null;
  const outCount = transaction.outMessages.length;
  wire = {
    account: transaction.account,
    hash: transaction.hash,
    lt: decimal(transaction.lt),
    now: transaction.now,
    mc_block_seqno: transaction.mcSeqno,
    trace_id: transaction.trace.id,
    prev_trans_hash: transaction.prevHash,
    prev_trans_lt: decimal(transaction.prevLt),
    orig_status: transaction.before.status,
    end_status: transaction.after.status,
    total_fees: decimal(transaction.totalFees),
    total_fees_extra_currencies: {},
    description: {
      type: "ord",
      aborted: !transaction.success,
      destroyed: false,
      credit_first: !internal || !transaction.inMessage.bounce,
      storage_ph: { storage_fees_collected: decimal(transaction.storageFee), status_change: "unchanged" },
      ...(internal && { credit_ph: { credit: decimal(transaction.inMessage.value) } }),
      compute_ph: {
        skipped: false,
        success: transaction.success,
        msg_state_used: transaction.activated,
        account_activated: transaction.activated,
        gas_fees: decimal(transaction.gasFee),
        gas_used: decimal(transaction.gasUsed),
        gas_limit: internal ? decimal(transaction.gasUsed * 10n) : "0",
        ...(!internal && { gas_credit: "10000" }),
        mode: 0,
        exit_code: transaction.exitCode,
        vm_steps: transaction.vmSteps,
        vm_init_state_hash: ZERO_HASH,
        vm_final_state_hash: ZERO_HASH,
      },
      ...(transaction.success && {
        action: {
          success: true,
          valid: true,
          no_funds: false,
          status_change: "unchanged",
          total_fwd_fees: decimal(transaction.fwdFees),
          total_action_fees: decimal(transaction.fwdFees / 3n),
          result_code: 0,
          tot_actions: outCount,
          spec_actions: 0,
          skipped_actions: 0,
          msgs_created: outCount,
          action_list_hash: transaction.hash,
          tot_msg_size: { cells: decimal(outCount), bits: decimal(outCount * 700) },
        },
      }),
      ...(!transaction.success && {
        bounce: {
          type: "ok",
          msg_size: { cells: "1", bits: "32" },
          msg_fees: decimal(transaction.fwdFees),
          fwd_fees: "0",
        },
      }),
    },
    block_ref: { workchain: 0, shard: "8000000000000000", seqno: transaction.shardSeqno },
    in_msg: renderMessage(transaction.inMessage, false),
    out_msgs: transaction.outMessages.map((message) => renderMessage(message, false)),
    account_state_before: renderState(transaction.before),
    account_state_after: renderState(transaction.after),
    emulated: false,
  };
  transactions.set(transaction, wire);
  return wire;
}
