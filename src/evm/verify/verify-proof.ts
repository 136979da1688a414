import { keccak256Into } from "../../runtime/hashing/keccak-256.js";
import { ProofError } from "../errors/proof-error.js";
import {
  bytesToBigint,
  bytesToHex,
  equalBytes,
  fixedHexToBytes,
  hexConstant,
  hexToBigint,
  hexToBytes,
} from "./hex.js";
import { decodeRlp, type RlpValue } from "./rlp.js";
import { EMPTY_TRIE_ROOT, walkProof } from "./trie.js";

/** keccak of no bytes: the code hash of an account without code (written out so loading hashes nothing). */
export const EMPTY_CODE_HASH: Uint8Array = /* @__PURE__ */ hexConstant(
  "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
);

/** One storage slot of an `eth_getProof` answer. */
export interface StorageProofInput {
  /** The slot, as a hex quantity or 32-byte hex. */
  key: string;
  /** The slot's value as a hex quantity (leading zeros allowed). */
  value: string;
  /** RLP-encoded trie nodes from the storage root to the slot. */
  proof: readonly string[];
}

/** An `eth_getProof` answer (EIP-1186), as the node sent it. */
export interface AccountProofInput {
  address: string;
  /** RLP-encoded trie nodes from the state root to the account. */
  accountProof: readonly string[];
  balance: string;
  codeHash: string;
  nonce: string;
  storageHash: string;
  storageProof: readonly StorageProofInput[];
}

/** A storage slot whose value has been proven against the account's storage root. */
export interface VerifiedSlot {
  /** The slot as 32-byte lowercase hex. */
  key: string;
  /** The proven value (0 when the slot is empty). */
  value: bigint;
  /** Whether the slot is in the trie (false: proven empty). */
  exists: boolean;
}

/** An account whose fields have been proven against a state root. */
export interface VerifiedAccount {
  /** The address, lowercase. */
  address: string;
  /** Whether the account is in the state trie (false: proven absent, fields are the empty defaults). */
  exists: boolean;
  nonce: bigint;
  balance: bigint;
  /** Lowercase hex. */
  storageHash: string;
  /** Lowercase hex. */
  codeHash: string;
  /** The requested slots, in the order the node returned them. */
  storage: VerifiedSlot[];
}

function mismatch(subject: string, field: string, claimed: string, proven: string): never {
  throw new ProofError(`${subject}: ${field} is ${claimed} but the proof shows ${proven}`, {
    subject,
    field,
  });
}

function decodeNodes(nodes: unknown, subject: string): Uint8Array[] {
  if (!Array.isArray(nodes)) {
    throw new ProofError(`${subject}: the proof is missing or not a list`, { subject, field: "proof" });
  }
  return nodes.map((node, i) => hexToBytes(node, subject, `${subject}[${i}]`));
}

// Reads an RLP integer from a proven leaf; the trie only holds canonical encodings.
function leafInteger(item: RlpValue | undefined, subject: string, field: string): bigint {
  if (!(item instanceof Uint8Array) || item.length > 32 || (item.length > 0 && item[0] === 0)) {
    throw new ProofError(`${subject}: the proven ${field} is not a canonical integer`, { subject, field });
  }
  return bytesToBigint(item);
}

function leafHash(item: RlpValue | undefined, subject: string, field: string): Uint8Array {
  if (!(item instanceof Uint8Array) || item.length !== 32) {
    throw new ProofError(`${subject}: the proven ${field} is not 32 bytes`, { subject, field });
  }
  return item;
}

function slotKey(key: string, subject: string): Uint8Array {
  const digits = key.slice(2);
  if (digits.length === 0 || digits.length > 64) {
    throw new ProofError(`${subject}: key must be 1 to 32 bytes of hex`, { subject, field: "key" });
  }
  return hexToBytes(`0x${digits.padStart(64, "0")}`, subject, "key");
}

function verifySlot(entry: StorageProofInput, index: number, storageRoot: Uint8Array): VerifiedSlot {
  const subject = `storageProof[${index}]`;
  if (typeof entry !== "object" || entry === null) {
    throw new ProofError(`${subject}: entry is not an object`, { subject });
  }
  if (typeof entry.key !== "string" || !entry.key.startsWith("0x")) {
    throw new ProofError(`${subject}: key is missing or not 0x-prefixed hex`, { subject, field: "key" });
  }
  const key = slotKey(entry.key, subject);
  const claimed = hexToBigint(entry.value, subject, "value");
  const leaf = walkProof(
    storageRoot,
    keccak256Into(key, new Uint8Array(32)),
    decodeNodes(entry.proof, subject),
    subject,
  );
  const proven =
    leaf === undefined ? 0n : leafInteger(decodeRlp(leaf, { subject, field: "value" }), subject, "value");
  if (claimed !== proven) mismatch(subject, "value", `0x${claimed.toString(16)}`, `0x${proven.toString(16)}`);
  return { key: bytesToHex(key), value: proven, exists: leaf !== undefined };
}

/**
 * Verifies an `eth_getProof` answer (EIP-1186) against a state root: walks `accountProof` along
 * keccak(address) to the account leaf `rlp([nonce, balance, storageRoot, codeHash])`, checks the
 * returned fields against it (as numbers: leading zeros are fine), then walks each `storageProof`
 * from the proven storage root along keccak(pad32(key)) and checks its value. An account or slot
 * the proof shows to be absent is a valid answer: `exists: false` with the empty defaults (nonce and
 * balance 0, the empty storage root and code hash; slot value 0).
 *
 * The result names the address and slots the proof is about; compare them with what you asked
 * for (`getVerifiedProof` does), since a valid proof for another key is still valid.
 *
 * Trust: this proves the answer is consistent with `stateRoot`; whether that root belongs to the
 * chain you trust is up to you (e.g. compare it with a header you trust).
 *
 * @param proof - the `eth_getProof` result as the node sent it
 * @param stateRoot - the state root to check against (hex or 32 bytes), e.g. the block header's `stateRoot`
 * @returns the proven account and slots, numbers as bigint
 * @throws {ProofError} naming the proof (`accountProof`, `storageProof[i]`), node index and field that failed
 * @example
 * const block = await evm.eth_getBlockByNumber("latest", false);
 * const proof = await evm.eth_getProof(address, [`0x${"0".repeat(64)}`], "latest");
 * // Check against the header of the block the proof was read at (getVerifiedProof makes sure they match).
 * const account = verifyProof(proof, block?.stateRoot ?? "");
 * console.log(account.exists, account.balance, account.storage[0]?.value);
 */
export function verifyProof(proof: AccountProofInput, stateRoot: string | Uint8Array): VerifiedAccount {
  const subject = "accountProof";
  if (typeof proof !== "object" || proof === null) {
    throw new ProofError("eth_getProof result is not an object", { subject: "proof" });
  }
  const root =
    typeof stateRoot === "string" ? fixedHexToBytes(stateRoot, 32, "stateRoot", "stateRoot") : stateRoot;
  if (root.length !== 32) {
    throw new ProofError("stateRoot must be 32 bytes", { subject: "stateRoot", field: "stateRoot" });
  }
  const address = fixedHexToBytes(proof.address, 20, subject, "address");
  const nonce = hexToBigint(proof.nonce, subject, "nonce");
  const balance = hexToBigint(proof.balance, subject, "balance");
  const storageHash = fixedHexToBytes(proof.storageHash, 32, subject, "storageHash");
  const codeHash = fixedHexToBytes(proof.codeHash, 32, subject, "codeHash");
  const leaf = walkProof(
    root,
    keccak256Into(address, new Uint8Array(32)),
    decodeNodes(proof.accountProof, subject),
    subject,
  );

  let proven = { nonce: 0n, balance: 0n, storageHash: EMPTY_TRIE_ROOT, codeHash: EMPTY_CODE_HASH };
  if (leaf !== undefined) {
    const account = decodeRlp(leaf, { subject, field: "account" });
    if (!Array.isArray(account) || account.length !== 4) {
      throw new ProofError(`${subject}: the account leaf is not a 4-item list`, {
        subject,
        field: "account",
      });
    }
    proven = {
      nonce: leafInteger(account[0], subject, "nonce"),
      balance: leafInteger(account[1], subject, "balance"),
      storageHash: leafHash(account[2], subject, "storageHash"),
      codeHash: leafHash(account[3], subject, "codeHash"),
    };
  }
  const state = leaf === undefined ? " (the account is proven absent)" : "";
  if (nonce !== proven.nonce) mismatch(subject, "nonce", `${nonce}`, `${proven.nonce}${state}`);
  if (balance !== proven.balance) mismatch(subject, "balance", `${balance}`, `${proven.balance}${state}`);
  for (const field of ["storageHash", "codeHash"] as const) {
    const claimed = field === "storageHash" ? storageHash : codeHash;
    if (!equalBytes(claimed, proven[field])) {
      mismatch(subject, field, bytesToHex(claimed), `${bytesToHex(proven[field])}${state}`);
    }
  }

  if (!Array.isArray(proof.storageProof)) {
    throw new ProofError("storageProof is missing or not a list", {
      subject: "storageProof",
      field: "storageProof",
    });
  }
  return {
    address: bytesToHex(address),
    exists: leaf !== undefined,
    nonce,
    balance,
    storageHash: bytesToHex(storageHash),
    codeHash: bytesToHex(codeHash),
    storage: proof.storageProof.map((entry, i) => verifySlot(entry, i, storageHash)),
  };
}
