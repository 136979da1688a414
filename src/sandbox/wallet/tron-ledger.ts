import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { type SandboxContract, storedContract } from "./sandbox-contract.js";
import { chainAddressOf, verifiedSigner } from "./signature-check.js";
import {
  encodeHeaderRaw,
  encodeRaw,
  encodeTransaction,
  type StoredHeader,
  type StoredRaw,
} from "./tron-protobuf.js";

/** An account of the sandbox's chain. Addresses are lowercase `41…` hex. */
export interface AccountState {
  address: string;
  /** TRX in sun. */
  balance: bigint;
  /** TRC-10 holdings by token id. */
  assets: Map<string, bigint>;
  createTime: bigint;
  latestOprationTime?: bigint;
  freeNetUsage: bigint;
  latestConsumeFreeTime?: bigint;
  /** Sun staked for bandwidth and for energy. */
  stakedForBandwidth: bigint;
  stakedForEnergy: bigint;
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
}

/** A transaction's receipt. */
export interface StoredInfo {
  fee: bigint;
  blockNumber: bigint;
  blockTimeStamp: bigint;
  /** Bandwidth paid with stake (bytes), or burned for (sun). */
  netUsage: bigint;
  netFee: bigint;
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

/** What java-tron charges to create an account by sending to a new address, in sun. */
const CREATE_ACCOUNT_FEE = 1_000_000n;
/** Bandwidth burned instead when the sender has none left, in sun per byte. */
const SUN_PER_BYTE = 1_000n;
const FREE_NET_LIMIT = 600n;
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

  constructor(options: { accounts: Iterable<AccountState>; now?: () => number }) {
    this.#accounts = new Map([...options.accounts].map((account) => [account.address, account]));
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

  /**
   * A raw transaction referencing the head block, expiring 60 s after it, as `createtransaction` builds it.
   *
   * @param contract - What the transaction does.
   */
  build(contract: SandboxContract): StoredTransaction {
    const head = this.head;
    const raw: StoredRaw = {
      refBlockBytes: hexToBytes(head.header.number.toString(16).padStart(16, "0").slice(12, 16)),
      refBlockHash: hexToBytes(head.id.slice(16, 32)),
      expiration: head.header.timestamp + 60_000n,
      timestamp: BigInt(this.#now()),
      contracts: [storedContract(contract)],
    };
    return sealTransaction(raw, contract, []);
  }

  /**
   * Checks whether a transfer may be built: the accounts, amounts and holdings a node checks first.
   *
   * @returns A java-tron validation message, or undefined when the transfer can be built.
   */
  refusalToBuild(contract: SandboxContract): string | undefined {
    if (contract.kind === "TriggerSmartContract") return "This sandbox does not run contract transactions";
    const owner = this.#accounts.get(contract.owner);
    const name = contract.kind;
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
    const refused = this.refusalToBuild(contract);
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
      this.#byId.set(transaction.txID, { transaction, block, info: { ...info, blockNumber: number } });
    });
    return block;
  }

  #apply(transaction: StoredTransaction, time: bigint): Omit<StoredInfo, "blockNumber"> {
    const contract = transaction.contract as Exclude<SandboxContract, { kind: "TriggerSmartContract" }>;
    const owner = this.#accounts.get(contract.owner) as AccountState;
    let recipient = this.#accounts.get(contract.to);
    let fee = 0n;
    if (!recipient) {
      recipient = newAccount(contract.to, time);
      this.#accounts.set(contract.to, recipient);
      fee += CREATE_ACCOUNT_FEE;
    }
    const bytes = BigInt(transaction.rawBytes.length + 65 * transaction.signatures.length + 64);
    let netUsage = 0n;
    let netFee = 0n;
    if (owner.freeNetUsage + bytes <= FREE_NET_LIMIT || owner.stakedForBandwidth > 0n) {
      netUsage = bytes;
      owner.freeNetUsage += owner.stakedForBandwidth > 0n ? 0n : bytes;
      owner.latestConsumeFreeTime = time;
    } else {
      netFee = bytes * SUN_PER_BYTE;
      fee += netFee;
    }
    owner.balance -= fee;
    if (contract.kind === "TransferContract") {
      owner.balance -= contract.amount;
      recipient.balance += contract.amount;
    } else {
      owner.assets.set(contract.asset, (owner.assets.get(contract.asset) ?? 0n) - contract.amount);
      recipient.assets.set(contract.asset, (recipient.assets.get(contract.asset) ?? 0n) + contract.amount);
    }
    owner.latestOprationTime = time;
    return { fee, blockTimeStamp: time, netUsage, netFee };
  }

  /** What the pool already takes from an account. */
  #pending(address: string) {
    let sun = 0n;
    const assets = new Map<string, bigint>();
    for (const { contract } of this.#pool) {
      if (contract.kind === "TriggerSmartContract" || contract.owner !== address) continue;
      if (!this.#accounts.has(contract.to)) sun += CREATE_ACCOUNT_FEE;
      if (contract.kind === "TransferContract") sun += contract.amount;
      else assets.set(contract.asset, (assets.get(contract.asset) ?? 0n) + contract.amount);
    }
    return { sun, assets };
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
    stakedForBandwidth: 0n,
    stakedForEnergy: 0n,
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
    [...accounts].map(([address, account]) => [address, { ...account, assets: new Map(account.assets) }]),
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
