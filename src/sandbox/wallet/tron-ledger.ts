import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { transactionBandwidth } from "../../wallet/fees/transaction-size.js";
import {
  CREATE_ACCOUNT_FEE,
  FREE_NET_LIMIT,
  MAX_FEE_LIMIT,
  resourceLimit,
  SUN_PER_BYTE,
  SUN_PER_ENERGY,
} from "./chain-parameters.js";
import { type SandboxContract, storedContract } from "./sandbox-contract.js";
import type { EmittedLog, SandboxTrc20 } from "./sandbox-trc20.js";
import { chainAddressOf, verifiedSigner } from "./signature-check.js";
import { StakeBook, type StakeState } from "./stake-book.js";
import { isStakeContract } from "./stake-contract.js";
import {
  encodeHeaderRaw,
  encodeRaw,
  encodeTransaction,
  type StoredHeader,
  type StoredRaw,
} from "./tron-protobuf.js";

/** An account of the sandbox's chain. Addresses are lowercase `41…` hex. */
export interface AccountState extends StakeState {
  address: string;
  /** TRX in sun. */
  balance: bigint;
  /** TRC-10 holdings by token id. */
  assets: Map<string, bigint>;
  createTime: bigint;
  latestOprationTime?: bigint;
  freeNetUsage: bigint;
  latestConsumeFreeTime?: bigint;
  /** Bandwidth of the stake (own and acquired) used so far, in bytes. */
  netUsage: bigint;
  latestConsumeTime?: bigint;
  /**
   * Energy of the stake used so far. The sandbox does not recover used energy and bandwidth over
   * time as the network does (over 24 hours): a test sees exactly what each transaction used.
   */
  energyUsed?: bigint;
  /** `Contract` for the TRC-20 token's account. */
  type?: "Contract";
}

/** A transaction in the sandbox's chain (or its pool). */
export interface StoredTransaction {
  txID: string;
  raw: StoredRaw;
  rawBytes: Uint8Array;
  contract: SandboxContract;
  signatures: string[];
  /** Once in a block: `SUCCESS`, or how its contract call failed (`REVERT`, `OUT_OF_ENERGY`). */
  contractRet?: string;
}

/** A transaction's receipt. */
export interface StoredInfo {
  fee: bigint;
  blockNumber: bigint;
  blockTimeStamp: bigint;
  /** Bandwidth paid with stake (bytes), or burned for (sun). */
  netUsage: bigint;
  netFee: bigint;
  /** What a contract call did; absent for transfers. */
  call?: CallReceipt;
}

/** The outcome of a contract call in a block. */
export interface CallReceipt {
  contract: string;
  result: "SUCCESS" | "REVERT" | "OUT_OF_ENERGY";
  /** The return data, or the revert data. */
  output: string;
  logs: EmittedLog[];
  /** Energy from the stake, energy burned for (sun), all energy used. */
  energyUsage: bigint;
  energyFee: bigint;
  energyTotal: bigint;
  /** Why it failed, as the node words it. */
  message?: string;
}

/** A produced block, and the state after it. */
export interface StoredBlock {
  id: string;
  header: StoredHeader;
  witnessSignature: string;
  transactions: StoredTransaction[];
  state: ReadonlyMap<string, AccountState>;
}

/** Why the chain refused a broadcast, in java-tron's codes. */
export interface Refusal {
  code:
    | "SIGERROR"
    | "CONTRACT_VALIDATE_ERROR"
    | "DUP_TRANSACTION_ERROR"
    | "TAPOS_ERROR"
    | "TRANSACTION_EXPIRATION_ERROR";
  message: string;
}

/** The longest a transaction may stay valid, as java-tron allows. */
const MAX_EXPIRATION_MS = 24n * 3600n * 1000n;
const BLOCK_VERSION = 34;

/**
 * The sandbox's TRON chain: accounts with TRX, TRC-10 holdings and stake, a pool of broadcast
 * transactions, and blocks that take the pool, move balances and record receipts. A block is
 * solidified once another block follows it. Signatures are checked by recovering the signer's
 * address from each one (see `signature-check.ts`).
 *
 * @example
 * const ledger = new TronLedger({ accounts: [newAccount(`41${"11".repeat(20)}`, 0n)], now: Date.now });
 * ledger.produceBlock();
 */
export class TronLedger {
  readonly #accounts: Map<string, AccountState>;
  readonly #blocks: StoredBlock[] = [];
  readonly #pool: StoredTransaction[] = [];
  readonly #byId = new Map<
    string,
    { transaction: StoredTransaction; block: StoredBlock; info: StoredInfo }
  >();
  readonly #now: () => number;
  readonly #witnessKey = secp256k1.utils.randomSecretKey();
  readonly #witnessAddress = chainAddressOf(
    secp256k1.Point.fromBytes(secp256k1.getPublicKey(this.#witnessKey, false)),
  );
  /** Blocks a block needs after it to count as solidified. */
  readonly solidLag = 1;

  /** The contracts deployed, by `41…` address. */
  readonly #contracts: ReadonlyMap<string, SandboxTrc20>;
  /** Stake 2.0: delegations and the unstaking delay. */
  readonly stake: StakeBook;

  constructor(options: {
    accounts: Iterable<AccountState>;
    contracts?: Iterable<SandboxTrc20>;
    now?: () => number;
    /** How long unstaked TRX waits before it can be withdrawn (default one minute; the network waits 14 days). */
    unfreezeDelayMs?: number;
  }) {
    this.stake = new StakeBook(options.unfreezeDelayMs ?? 60_000);
    this.#accounts = new Map([...options.accounts].map((account) => [account.address, account]));
    this.#contracts = new Map([...(options.contracts ?? [])].map((token) => [token.address, token]));
    this.#now = options.now ?? Date.now;
    this.produceBlock();
  }

  /** The head block. */
  get head(): StoredBlock {
    return this.#blocks.at(-1) as StoredBlock;
  }

  /** The latest solidified block. */
  get solid(): StoredBlock {
    return this.#blocks[Math.max(0, this.#blocks.length - 1 - this.solidLag)] as StoredBlock;
  }

  /** An account at the head (or, with `confirmed`, at the solidified block), or undefined. */
  account(address: string, confirmed = false): AccountState | undefined {
    return confirmed ? this.solid.state.get(address) : this.#accounts.get(address);
  }

  /** The block at a height, or with this id; undefined when there is none (or it is not solid yet). */
  block(numberOrId: bigint | string, confirmed = false): StoredBlock | undefined {
    const limit = confirmed ? this.solid.header.number : this.head.header.number;
    const found =
      typeof numberOrId === "bigint"
        ? this.#blocks[Number(numberOrId)]
        : this.#blocks.find((block) => block.id === numberOrId.toLowerCase());
    return found && found.header.number <= limit ? found : undefined;
  }

  /** A transaction in a block, with its block and receipt. */
  transaction(txID: string, confirmed = false) {
    const found = this.#byId.get(txID.toLowerCase());
    return found && found.block.header.number <= (confirmed ? this.solid : this.head).header.number
      ? found
      : undefined;
  }

  /** The receipts of a block's transactions, in block order. */
  receipts(block: StoredBlock): { txID: string; info: StoredInfo }[] {
    return block.transactions.map(({ txID }) => ({
      txID,
      info: (this.#byId.get(txID) as { info: StoredInfo }).info,
    }));
  }

  /**
   * A raw transaction referencing the head block, expiring 60 s after it, as `createtransaction` builds it.
   *
   * @param contract - What the transaction does.
   * @param feeLimit - For a contract call, the most sun it may burn for energy.
   */
  build(contract: SandboxContract, feeLimit?: bigint): StoredTransaction {
    const head = this.head;
    const raw: StoredRaw = {
      refBlockBytes: hexToBytes(head.header.number.toString(16).padStart(16, "0").slice(12, 16)),
      refBlockHash: hexToBytes(head.id.slice(16, 32)),
      expiration: head.header.timestamp + 60_000n,
      timestamp: BigInt(this.#now()),
      ...(feeLimit !== undefined && { feeLimit }),
      contracts: [storedContract(contract)],
    };
    return sealTransaction(raw, contract, []);
  }

  /**
   * Checks whether a transfer may be built: the accounts, amounts and holdings a node checks first.
   *
   * @returns A java-tron validation message, or undefined when the transfer can be built.
   */
  refusalToBuild(contract: SandboxContract, feeLimit = 0n): string | undefined {
    const owner = this.#accounts.get(contract.owner);
    const name = contract.kind;
    if (isStakeContract(contract)) {
      if (!owner) return `Account[${contract.owner}] not exists`;
      const receiver = "receiver" in contract ? this.#accounts.get(contract.receiver) : undefined;
      const pending = this.#pending(contract.owner);
      return this.stake.refusal(contract, owner, receiver, pending, this.head.header.timestamp);
    }
    if (contract.kind === "TriggerSmartContract") {
      if (!this.#contracts.has(contract.contract)) return "No contract or not a valid smart contract";
      if (feeLimit < 0n || feeLimit > MAX_FEE_LIMIT) {
        return `feeLimit must be >= 0 and <= ${MAX_FEE_LIMIT}`;
      }
      if (!owner) return `Validate ${name} error, no OwnerAccount.`;
      if (contract.callValue > 0n && owner.balance < contract.callValue) {
        return "Validate InternalTransfer error, balance is not sufficient.";
      }
      return undefined;
    }
    if (!owner) return `Validate ${name} error, no OwnerAccount.`;
    if (contract.amount <= 0n) return `Validate ${name} error, amount must be greater than 0.`;
    if (contract.to === contract.owner) return `Validate ${name} error, cannot transfer to yourself.`;
    const pending = this.#pending(contract.owner);
    if (contract.kind === "TransferContract") {
      const fee = this.#accounts.has(contract.to) ? 0n : CREATE_ACCOUNT_FEE;
      if (owner.balance - pending.sun < contract.amount + fee) {
        return `Validate ${name} error, balance is not sufficient.`;
      }
      return undefined;
    }
    const held = owner.assets.get(contract.asset);
    if (held === undefined) return `Validate ${name} error, no asset!`;
    if (held - (pending.assets.get(contract.asset) ?? 0n) < contract.amount) {
      return `Validate ${name} error, assetBalance is not sufficient.`;
    }
    if (!this.#accounts.has(contract.to) && owner.balance - pending.sun < CREATE_ACCOUNT_FEE) {
      return `Validate ${name} error, Validate TransferAssetActuator error, insufficient fee.`;
    }
    return undefined;
  }

  /**
   * Takes a signed transaction into the pool, after java-tron's checks: not seen before, not expired,
   * referencing a known block, signed by its owner, valid against the balances.
   *
   * @param raw - The `raw_data` rebuilt from the broadcast JSON.
   * @param contract - Its contract.
   * @param signatures - The signatures, as hex.
   * @returns The pooled transaction, or the refusal.
   */
  accept(raw: StoredRaw, contract: SandboxContract, signatures: string[]): StoredTransaction | Refusal {
    const transaction = sealTransaction(raw, contract, signatures);
    if (this.#byId.has(transaction.txID) || this.#pool.some((pooled) => pooled.txID === transaction.txID)) {
      return { code: "DUP_TRANSACTION_ERROR", message: "dup trans" };
    }
    const headTime = this.head.header.timestamp;
    if (raw.expiration <= headTime) {
      return { code: "TRANSACTION_EXPIRATION_ERROR", message: "Transaction expired" };
    }
    if (raw.expiration > headTime + MAX_EXPIRATION_MS) {
      return { code: "TRANSACTION_EXPIRATION_ERROR", message: "expiration is too long" };
    }
    if (!this.#referencesKnownBlock(raw)) return { code: "TAPOS_ERROR", message: "Tapos check error" };
    for (const signature of signatures) {
      const signer = verifiedSigner(transaction.txID, signature);
      if (signer === undefined) {
        return { code: "SIGERROR", message: "Validate signature error: Signature is not valid" };
      }
      if (signer.address !== contract.owner) {
        return {
          code: "SIGERROR",
          message: `Validate signature error: ${signature} is signed by ${signer.base58} but it is not contained of permission.`,
        };
      }
    }
    if (signatures.length === 0) return { code: "SIGERROR", message: "Validate signature error: miss sig" };
    const refused = this.refusalToBuild(contract, raw.feeLimit);
    if (refused) return { code: "CONTRACT_VALIDATE_ERROR", message: refused };
    this.#pool.push(transaction);
    return transaction;
  }

  /**
   * Produces a block from the pool: each transfer moves its amount, creates the recipient's account
   * when new (for a fee), and gets a receipt.
   *
   * @returns The new block.
   */
  produceBlock(): StoredBlock {
    const parent = this.#blocks.at(-1);
    const number = parent ? parent.header.number + 1n : 0n;
    const timestamp = BigInt(Math.max(this.#now(), Number(parent?.header.timestamp ?? 0n) + 1));
    const transactions = this.#pool.splice(0).filter((transaction) => transaction.raw.expiration > timestamp);
    const infos = transactions.map((transaction) => this.#apply(transaction, timestamp));
    const header: StoredHeader = {
      timestamp,
      txTrieRoot: merkleRoot(transactions),
      parentHash: parent ? hexToBytes(parent.id) : new Uint8Array(32),
      number,
      witnessAddress: hexToBytes(this.#witnessAddress),
      version: BLOCK_VERSION,
    };
    const headerBytes = encodeHeaderRaw(header);
    const digest = sha256(headerBytes);
    const signed = secp256k1.sign(digest, this.#witnessKey, { prehash: false, format: "recovered" });
    const block: StoredBlock = {
      id: number.toString(16).padStart(16, "0") + bytesToHex(digest).slice(16),
      header,
      witnessSignature: bytesToHex(signed.subarray(1)) + bytesToHex(signed.subarray(0, 1)),
      transactions,
      state: snapshot(this.#accounts),
    };
    this.#blocks.push(block);
    transactions.forEach((transaction, index) => {
      const info = infos[index] as Omit<StoredInfo, "blockNumber">;
      transaction.contractRet = info.call?.result ?? "SUCCESS";
      this.#byId.set(transaction.txID, { transaction, block, info: { ...info, blockNumber: number } });
    });
    return block;
  }

  #apply(transaction: StoredTransaction, time: bigint): Omit<StoredInfo, "blockNumber"> {
    const contract = transaction.contract;
    const owner = this.#accounts.get(contract.owner) as AccountState;
    const bandwidth = this.#chargeBandwidth(owner, transaction, time);
    if (isStakeContract(contract)) {
      const receiver = "receiver" in contract ? this.#accounts.get(contract.receiver) : undefined;
      this.stake.apply(contract, owner, receiver, time);
      owner.latestOprationTime = time;
      return { ...bandwidth, fee: bandwidth.netFee, blockTimeStamp: time };
    }
    if (contract.kind === "TriggerSmartContract") {
      const call = this.#runCall(owner, contract, transaction.raw.feeLimit ?? 0n);
      owner.latestOprationTime = time;
      return { ...bandwidth, fee: bandwidth.netFee + call.energyFee, blockTimeStamp: time, call };
    }
    let recipient = this.#accounts.get(contract.to);
    let fee = bandwidth.netFee;
    if (!recipient) {
      recipient = newAccount(contract.to, time);
      this.#accounts.set(contract.to, recipient);
      fee += CREATE_ACCOUNT_FEE;
    }
    owner.balance -= fee - bandwidth.netFee;
    if (contract.kind === "TransferContract") {
      owner.balance -= contract.amount;
      recipient.balance += contract.amount;
    } else {
      owner.assets.set(contract.asset, (owner.assets.get(contract.asset) ?? 0n) - contract.amount);
      recipient.assets.set(contract.asset, (recipient.assets.get(contract.asset) ?? 0n) + contract.amount);
    }
    owner.latestOprationTime = time;
    return { ...bandwidth, fee, blockTimeStamp: time };
  }

  /**
   * Bandwidth as java-tron charges it: from the stake (own and acquired) when it covers the whole
   * transaction, else from the free allowance, else burned from the balance. The size is the signed
   * transaction's encoding plus the 64 bytes java-tron adds for its result.
   */
  #chargeBandwidth(owner: AccountState, transaction: StoredTransaction, time: bigint) {
    const bytes = transactionBandwidth(transaction.rawBytes.length, transaction.signatures.length);
    const stakeLeft =
      resourceLimit(owner.stakedForBandwidth + owner.acquiredForBandwidth, "bandwidth") - owner.netUsage;
    if (bytes <= stakeLeft) {
      owner.netUsage += bytes;
      owner.latestConsumeTime = time;
      return { netUsage: bytes, netFee: 0n };
    }
    if (owner.freeNetUsage + bytes <= FREE_NET_LIMIT) {
      owner.freeNetUsage += bytes;
      owner.latestConsumeFreeTime = time;
      return { netUsage: bytes, netFee: 0n };
    }
    owner.balance -= bytes * SUN_PER_BYTE;
    return { netUsage: 0n, netFee: bytes * SUN_PER_BYTE };
  }

  /**
   * Runs a contract call from a block: energy comes from the stake first, the rest is burned at
   * {@link SUN_PER_ENERGY}. When the burn would pass the fee limit (or the balance), the call stops
   * with `OUT_OF_ENERGY`, burns what it may and changes nothing; a revert burns what it used.
   */
  #runCall(
    owner: AccountState,
    contract: Extract<SandboxContract, { kind: "TriggerSmartContract" }>,
    feeLimit: bigint,
  ): CallReceipt {
    const token = this.#contracts.get(contract.contract) as SandboxTrc20;
    const trial = token.call(contract.data, contract.owner);
    const needed = BigInt(trial.energyUsed);
    const staked =
      resourceLimit(owner.stakedForEnergy + owner.acquiredForEnergy, "energy") - (owner.energyUsed ?? 0n);
    const fromStake = needed < staked ? needed : staked > 0n ? staked : 0n;
    const burn = (needed - fromStake) * SUN_PER_ENERGY;
    const affordable = feeLimit < owner.balance ? feeLimit : owner.balance;
    if (burn > affordable) {
      owner.balance -= affordable;
      owner.energyUsed = (owner.energyUsed ?? 0n) + fromStake;
      return {
        contract: contract.contract,
        result: "OUT_OF_ENERGY",
        output: "",
        logs: [],
        energyUsage: fromStake,
        energyFee: affordable,
        energyTotal: fromStake + affordable / SUN_PER_ENERGY,
        message: `Not enough energy for 'SSTORE' operation executing: curInvokeEnergyLimit[${fromStake + affordable / SUN_PER_ENERGY}], usedEnergy[${needed}]`,
      };
    }
    owner.balance -= burn;
    owner.energyUsed = (owner.energyUsed ?? 0n) + fromStake;
    const outcome = trial.reverted ? trial : token.execute(contract.data, contract.owner);
    return {
      contract: contract.contract,
      result: outcome.reverted ? "REVERT" : "SUCCESS",
      output: outcome.output,
      logs: outcome.logs,
      energyUsage: fromStake,
      energyFee: burn,
      energyTotal: needed,
      ...(outcome.reverted && { message: "REVERT opcode executed" }),
    };
  }

  /** What the pool already takes from an account. */
  #pending(address: string) {
    let sun = 0n;
    const assets = new Map<string, bigint>();
    const stake = { BANDWIDTH: 0n, ENERGY: 0n, TRON_POWER: 0n };
    for (const { contract } of this.#pool) {
      if (contract.owner !== address) continue;
      if (contract.kind === "FreezeBalanceV2Contract") sun += contract.amount;
      if (contract.kind === "UnfreezeBalanceV2Contract" || contract.kind === "DelegateResourceContract") {
        stake[contract.resource] += contract.amount;
      }
      if (contract.kind !== "TransferContract" && contract.kind !== "TransferAssetContract") continue;
      if (!this.#accounts.has(contract.to)) sun += CREATE_ACCOUNT_FEE;
      if (contract.kind === "TransferContract") sun += contract.amount;
      else assets.set(contract.asset, (assets.get(contract.asset) ?? 0n) + contract.amount);
    }
    return { sun, assets, stake };
  }

  #referencesKnownBlock(raw: StoredRaw): boolean {
    const bytes = bytesToHex(raw.refBlockBytes);
    const hash = bytesToHex(raw.refBlockHash);
    return this.#blocks
      .slice(-65_536)
      .some(
        (block) =>
          block.header.number.toString(16).padStart(16, "0").slice(12, 16) === bytes &&
          block.id.slice(16, 32) === hash,
      );
  }
}

/** A new, empty account, as a transfer to a fresh address creates it. */
export function newAccount(address: string, time: bigint): AccountState {
  return {
    address,
    balance: 0n,
    assets: new Map(),
    createTime: time,
    freeNetUsage: 0n,
    netUsage: 0n,
    stakedForBandwidth: 0n,
    stakedForEnergy: 0n,
    delegatedForBandwidth: 0n,
    delegatedForEnergy: 0n,
    acquiredForBandwidth: 0n,
    acquiredForEnergy: 0n,
    unfrozen: [],
  };
}

/** A transaction from its raw data: its protobuf bytes and id (the SHA-256 of the bytes). */
export function sealTransaction(
  raw: StoredRaw,
  contract: SandboxContract,
  signatures: string[],
): StoredTransaction {
  const rawBytes = encodeRaw(raw);
  return { txID: bytesToHex(sha256(rawBytes)), raw, rawBytes, contract, signatures };
}

function snapshot(accounts: Map<string, AccountState>): ReadonlyMap<string, AccountState> {
  return new Map(
    [...accounts].map(([address, account]) => [
      address,
      { ...account, assets: new Map(account.assets), unfrozen: [...account.unfrozen] },
    ]),
  );
}

/** The Merkle root of a block's transactions (SHA-256 of each signed transaction, pairs hashed up, an odd one carried). */
function merkleRoot(transactions: readonly StoredTransaction[]): Uint8Array {
  let level: Uint8Array[] = transactions.map((transaction) =>
    sha256(
      encodeTransaction(
        transaction.rawBytes,
        transaction.signatures.map((signature) => hexToBytes(signature)),
      ),
    ),
  );
  if (level.length === 0) return new Uint8Array(32);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array;
      const right = level[i + 1];
      next.push(right ? sha256(Uint8Array.from([...left, ...right])) : left);
    }
    level = next;
  }
  return level[0] as Uint8Array;
}
