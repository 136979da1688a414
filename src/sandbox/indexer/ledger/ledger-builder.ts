import type { SeededRandom } from "../../seeded-random.js";
import type { Cell } from "../boc/cell.js";
import { CellBuilder } from "../boc/cell-builder.js";
import { type OutRequest, receive } from "./contract-handlers.js";
import { codeCell, dataCell, stateInit } from "./contracts.js";
import { undeployedJettonWallet } from "./jetton-wallet-address.js";
import type {
  JettonBurnRecord,
  JettonTransferRecord,
  LedgerAccount,
  LedgerBlock,
  LedgerMessage,
  LedgerTrace,
  LedgerTransaction,
  NftTransferRecord,
  StateSnapshot,
  TraceNode,
} from "./ledger-types.js";
import { type MessagePayload, messageBody } from "./message-bodies.js";

/** Basechain gas price, nanotons per gas unit. */
const GAS_PRICE = 400n;
/** Basechain forwarding prices: a lump sum, then per bit and per cell beyond the root (in 2^-16 nanotons). */
const FWD_LUMP = 400_000n;
const FWD_BIT = 26_214_400n;
const FWD_CELL = 2_621_440_000n;
const ZERO_HASH = Buffer.alloc(32).toString("base64");
const SHARD = "8000000000000000";

/**
 * The forwarding fee of a message body (and state init): a lump sum plus a price per bit and per
 * cell below the message's root, as basechain prices it.
 *
 * @example
 * forwardFee(textCommentCell("hi"), null); // 400000n
 */
export function forwardFee(body: Cell, init: Cell | null): bigint {
  const seen = new Set<Cell>();
  let bits = 0n;
  let cells = 0n;
  const count = (cell: Cell) => {
    if (seen.has(cell)) return;
    seen.add(cell);
    bits += BigInt(cell.bitLength);
    cells++;
    for (const ref of cell.refs) count(ref);
  };
  for (const ref of body.refs) count(ref);
  if (init) count(init);
  return FWD_LUMP + (FWD_BIT * bits + FWD_CELL * cells + 65_535n) / 65_536n;
}

/**
 * Builds the ledger one trace at a time: an external message to a wallet, then every internal
 * message it sets off, each processed in its own transaction with logical times, fees, balances
 * and states kept exact. Blocks close when the scenario says so.
 */
export class LedgerBuilder {
  readonly accounts = new Map<string, LedgerAccount>();
  readonly transactions: LedgerTransaction[] = [];
  readonly messages: LedgerMessage[] = [];
  readonly traces: LedgerTrace[] = [];
  readonly blocks: LedgerBlock[] = [];
  readonly jettonTransfers: JettonTransferRecord[] = [];
  readonly jettonBurns: JettonBurnRecord[] = [];
  readonly nftTransfers: NftTransferRecord[] = [];
  readonly #random: SeededRandom;
  #lt: bigint;
  #utime: number;
  #mcBlock: LedgerBlock;
  #shardBlock: LedgerBlock;

  constructor(
    random: SeededRandom,
    start: { lt: bigint; utime: number; mcSeqno: number; shardSeqno: number },
  ) {
    this.#random = random;
    this.#lt = start.lt;
    this.#utime = start.utime;
    this.#mcBlock = this.#block(-1, start.mcSeqno - 1, start.mcSeqno - 1);
    this.#shardBlock = this.#block(0, start.shardSeqno - 1, start.mcSeqno - 1);
    this.closeBlock();
  }

  /** A fresh 32-byte hash, base64. */
  hash(): string {
    return Buffer.from(this.#random.bytes(32)).toString("base64");
  }

  /** Adds an account that exists before the indexed history starts (genesis). */
  addAccount(account: LedgerAccount): LedgerAccount {
    this.accounts.set(account.raw, account);
    return account;
  }

  /** Ends the current masterchain block and its basechain block, and opens the next pair a few seconds later. */
  closeBlock(): void {
    this.#lt += BigInt(this.#random.int(1, 9));
    this.#mcBlock = this.#block(-1, this.#mcBlock.seqno + 1, this.#mcBlock.seqno + 1);
    this.#shardBlock = this.#block(0, this.#shardBlock.seqno + 1, this.#mcBlock.seqno);
    this.#utime += this.#random.int(3, 7);
    this.#mcBlock.genUtime = this.#utime;
    this.#shardBlock.genUtime = this.#utime;
  }

  #block(workchain: number, seqno: number, mcSeqno: number): LedgerBlock {
    const block: LedgerBlock = {
      workchain,
      shard: SHARD,
      seqno,
      mcSeqno,
      genUtime: this.#utime,
      startLt: this.#lt,
      endLt: this.#lt,
      rootHash: this.hash(),
      fileHash: this.hash(),
      transactions: [],
    };
    if (seqno >= 0) this.blocks.push(block);
    return block;
  }

  /**
   * Runs one trace: a signed request to `wallet` asking it to send `requests`, then every message
   * they set off, breadth first.
   *
   * @param wallet - The wallet receiving the request.
   * @param requests - The messages the request asks it to send.
   * @param sent - The external message as a user sent it (its body and hashes), instead of the
   *   sandbox's own stand-in request.
   * @returns The trace, its transactions in the order they ran.
   */
  runTrace(
    wallet: string,
    requests: OutRequest[],
    sent?: { body: Cell; hash: string; hashNorm: string },
  ): LedgerTrace {
    const body = sent?.body ?? messageBody({ op: "wallet_request" });
    const external = this.#message(null, wallet, { op: "wallet_request" }, null, body, {});
    external.hashNorm = new CellBuilder()
      .uint(2, 2)
      .address(null)
      .address(wallet)
      .coins(0n)
      .bit(0)
      .bit(1)
      .ref(body)
      .build()
      .hashBase64();
    if (sent) {
      external.hash = sent.hash;
      external.hashNorm = sent.hashNorm;
    }
    const trace = {
      id: "",
      external,
      transactions: [],
      mcSeqno: this.#mcBlock.seqno,
      actions: [],
    } as unknown as LedgerTrace;
    const queue: { message: LedgerMessage; parent: TraceNode | undefined }[] = [
      { message: external, parent: undefined },
    ];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const { message, parent } = next;
      const node = this.#process(trace, message, message === external ? requests : []);
      if (parent) parent.children.push(node);
      else trace.root = node;
      for (const out of node.transaction.outMessages) queue.push({ message: out, parent: node });
    }
    trace.id = trace.transactions[0]?.hash as string;
    this.traces.push(trace);
    return trace;
  }

  /** One transaction: the destination processes the message. */
  #process(trace: LedgerTrace, message: LedgerMessage, requests: OutRequest[]): TraceNode {
    const account = this.#destination(message);
    const previous = account.lastTransaction;
    const before = this.#snapshot(account);
    const lt = this.#lt;
    const credit = message.value ?? 0n;
    const activated = account.status === "nonexist";
    account.status = "active";
    const outcome = receive(account, message, requests);
    const storageFee = BigInt(this.#random.int(1, 40));
    const gasFee = outcome.gas * GAS_PRICE;
    const transaction: LedgerTransaction = {
      hash: this.hash(),
      lt,
      now: this.#utime,
      account: account.raw,
      shardSeqno: this.#shardBlock.seqno,
      mcSeqno: this.#mcBlock.seqno,
      trace,
      prevHash: previous?.hash ?? ZERO_HASH,
      prevLt: previous?.lt ?? 0n,
      before,
      after: before,
      inMessage: message,
      outMessages: [],
      storageFee,
      gasUsed: outcome.gas,
      gasFee,
      fwdFees: 0n,
      totalFees: 0n,
      success: outcome.success,
      exitCode: outcome.exitCode,
      vmSteps: Number(outcome.gas / 60n),
      activated,
    };
    message.processedBy = transaction;
    // Out messages: fixed values first, then "rest" takes what the incoming value leaves.
    const drafts = outcome.outs.map((out, index) => {
      const init = out.deploy && !this.accounts.has(out.to) ? this.#deployable(out) : null;
      const body = messageBody(out.payload);
      return { out, index, init, body, fwdFee: forwardFee(body, init ? stateInit(init) : null) };
    });
    const fwdFees = drafts.reduce((sum, draft) => sum + draft.fwdFee, 0n);
    const fixed = drafts.reduce((sum, { out }) => sum + (out.value === "rest" ? 0n : out.value), 0n);
    const rest = credit - storageFee - gasFee - fwdFees - fixed;
    for (const draft of drafts) {
      const value = draft.out.value === "rest" ? rest : draft.out.value;
      if (value < 0n) throw new Error(`sandbox ledger: ${account.kind} cannot pay for its messages`);
      const created = this.#message(account.raw, draft.out.to, draft.out.payload, value, draft.body, {
        init: draft.init ? stateInit(draft.init) : null,
        fwdFee: draft.fwdFee,
        createdLt: lt + 1n + BigInt(draft.index),
        createdAt: this.#utime,
        bounce: draft.out.payload.op !== "bounced" && !this.#isWallet(draft.out.to),
        bounced: draft.out.payload.op === "bounced",
        sentBy: transaction,
      });
      transaction.outMessages.push(created);
      if (draft.init) this.accounts.set(draft.init.raw, draft.init);
    }
    const sent = transaction.outMessages.reduce((sum, out) => sum + (out.value ?? 0n), 0n);
    transaction.fwdFees = fwdFees;
    transaction.totalFees = storageFee + gasFee + fwdFees;
    account.balance = before.balance + credit - transaction.totalFees - sent;
    if (account.balance < 0n) throw new Error(`sandbox ledger: ${account.raw} would go below zero`);
    transaction.after = this.#snapshot(account);
    account.lastTransaction = transaction;
    this.#lt += 1n + BigInt(transaction.outMessages.length) + BigInt(this.#random.int(0, 2));
    this.#shardBlock.transactions.push(transaction);
    this.#shardBlock.endLt = this.#lt;
    this.#mcBlock.endLt = this.#lt;
    this.transactions.push(transaction);
    trace.transactions.push(transaction);
    this.#record(outcome.record, transaction);
    return { transaction, children: [] };
  }

  /** The account a message goes to; a jetton wallet being deployed starts out empty. */
  #destination(message: LedgerMessage): LedgerAccount {
    const account = this.accounts.get(message.destination);
    if (!account) throw new Error(`sandbox ledger: no account ${message.destination}`);
    return account;
  }

  /** The jetton wallet a message deploys, not yet active. */
  #deployable(out: OutRequest): LedgerAccount {
    const { owner, master } = out.deploy as NonNullable<OutRequest["deploy"]>;
    return undeployedJettonWallet(out.to, owner, master);
  }

  #isWallet(raw: string): boolean {
    return this.accounts.get(raw)?.kind === "wallet";
  }

  #snapshot(account: LedgerAccount): StateSnapshot {
    const active = account.status === "active";
    return {
      hash: this.hash(),
      balance: account.balance,
      status: account.status,
      codeHash: active ? codeCell(account.kind).hashBase64() : null,
      dataHash: active ? dataCell(account).hashBase64() : null,
    };
  }

  #message(
    source: string | null,
    destination: string,
    payload: MessagePayload,
    value: bigint | null,
    body: Cell,
    envelope: Partial<
      Pick<LedgerMessage, "init" | "fwdFee" | "createdLt" | "createdAt" | "bounce" | "bounced" | "sentBy">
    >,
  ): LedgerMessage {
    const message: LedgerMessage = {
      hash: "",
      hashNorm: null,
      source,
      destination,
      value,
      fwdFee: null,
      createdLt: null,
      createdAt: null,
      bounce: null,
      bounced: null,
      payload,
      body,
      init: null,
      sentBy: undefined,
      processedBy: undefined,
      ...envelope,
    };
    message.hash = this.#messageCell(message).hashBase64();
    this.messages.push(message);
    return message;
  }

  /** The message cell (TL-B `Message`), so message hashes are real hashes of real messages. */
  #messageCell(message: LedgerMessage): Cell {
    const cell = new CellBuilder();
    if (message.source === null) cell.uint(2, 2).address(null).address(message.destination).coins(0n);
    else {
      cell
        .bit(0)
        .bit(1)
        .bit(message.bounce ?? false)
        .bit(message.bounced ?? false)
        .address(message.source)
        .address(message.destination)
        .coins(message.value ?? 0n)
        .bit(0)
        .coins(0n)
        .coins(message.fwdFee ?? 0n)
        .uint(message.createdLt ?? 0n, 64)
        .uint(message.createdAt ?? 0, 32);
    }
    cell.maybeRef(message.init);
    return cell.bit(1).ref(message.body).build();
  }

  #record(
    record: "jetton_transfer" | "jetton_burn" | "nft_transfer" | undefined,
    transaction: LedgerTransaction,
  ): void {
    const { payload } = transaction.inMessage;
    const account = this.accounts.get(transaction.account) as LedgerAccount;
    if (record === "jetton_transfer" && payload.op === "jetton_transfer" && account.jettonWallet) {
      this.jettonTransfers.push({
        transaction,
        queryId: payload.queryId,
        source: account.jettonWallet.owner,
        destination: payload.destination,
        amount: payload.amount,
        sourceWallet: account.raw,
        master: account.jettonWallet.master,
        responseDestination: payload.responseDestination,
        forwardTonAmount: payload.forwardTonAmount,
      });
    } else if (record === "jetton_burn" && payload.op === "jetton_burn" && account.jettonWallet) {
      this.jettonBurns.push({
        transaction,
        queryId: payload.queryId,
        owner: account.jettonWallet.owner,
        wallet: account.raw,
        master: account.jettonWallet.master,
        amount: payload.amount,
        responseDestination: payload.responseDestination,
      });
    } else if (record === "nft_transfer" && payload.op === "nft_transfer" && account.nftItem) {
      this.nftTransfers.push({
        transaction,
        queryId: payload.queryId,
        item: account.raw,
        collection: account.nftItem.collection,
        oldOwner: transaction.inMessage.source as string,
        newOwner: payload.newOwner,
        responseDestination: payload.responseDestination,
        forwardAmount: payload.forwardAmount,
      });
    }
  }
}
