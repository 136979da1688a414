import { keccak256 } from "../../runtime/hashing/keccak-256.js";
import { ProofError } from "../errors/proof-error.js";
import { bytesToHex, fixedHexToBytes, hexToBytes, quantityToBytes } from "./hex.js";
import { encodeBytes, encodeList } from "./rlp.js";

/**
 * A block or header as a JSON-RPC node returns it (`eth_getBlockBy*`, `ots_getHeaderByNumber`).
 * Every field is optional in the type so any node's shape fits; the verifier reports missing ones.
 */
export interface BlockHeaderInput {
  hash?: string | null;
  parentHash?: string | null;
  sha3Uncles?: string | null;
  miner?: string | null;
  stateRoot?: string | null;
  transactionsRoot?: string | null;
  receiptsRoot?: string | null;
  logsBloom?: string | null;
  difficulty?: string | null;
  number?: string | null;
  gasLimit?: string | null;
  gasUsed?: string | null;
  timestamp?: string | null;
  extraData?: string | null;
  mixHash?: string | null;
  nonce?: string | null;
  /** London (EIP-1559). */
  baseFeePerGas?: string | null;
  /** Shanghai (EIP-4895). */
  withdrawalsRoot?: string | null;
  /** Cancun (EIP-4844). */
  blobGasUsed?: string | null;
  /** Cancun (EIP-4844). */
  excessBlobGas?: string | null;
  /** Cancun (EIP-4788). */
  parentBeaconBlockRoot?: string | null;
  /** Prague (EIP-7685). */
  requestsHash?: string | null;
}

type HeaderField = keyof Omit<BlockHeaderInput, "hash">;
type FieldKind = "hash" | "address" | "bloom" | "quantity" | "data" | "nonce";

const SUBJECT = "header";

// Fields every header has, in RLP order.
const BASE_FIELDS: ReadonlyArray<readonly [HeaderField, FieldKind]> = [
  ["parentHash", "hash"],
  ["sha3Uncles", "hash"],
  ["miner", "address"],
  ["stateRoot", "hash"],
  ["transactionsRoot", "hash"],
  ["receiptsRoot", "hash"],
  ["logsBloom", "bloom"],
  ["difficulty", "quantity"],
  ["number", "quantity"],
  ["gasLimit", "quantity"],
  ["gasUsed", "quantity"],
  ["timestamp", "quantity"],
  ["extraData", "data"],
  ["mixHash", "hash"],
  ["nonce", "nonce"],
];

// Fields later forks append, in order; a header carries a prefix of this list.
const FORK_FIELDS: ReadonlyArray<readonly [HeaderField, FieldKind]> = [
  ["baseFeePerGas", "quantity"],
  ["withdrawalsRoot", "hash"],
  ["blobGasUsed", "quantity"],
  ["excessBlobGas", "quantity"],
  ["parentBeaconBlockRoot", "hash"],
  ["requestsHash", "hash"],
];

function fieldBytes(value: unknown, kind: FieldKind, field: string): Uint8Array {
  switch (kind) {
    case "hash":
      return fixedHexToBytes(value, 32, SUBJECT, field);
    case "address":
      return fixedHexToBytes(value, 20, SUBJECT, field);
    case "bloom":
      return fixedHexToBytes(value, 256, SUBJECT, field);
    case "quantity":
      return quantityToBytes(value, SUBJECT, field);
    case "data":
      return hexToBytes(value, SUBJECT, field);
    case "nonce": {
      // The nonce is always 8 bytes in the header, even when a node prints it short.
      const bytes = quantityToBytes(value, SUBJECT, field);
      if (bytes.length > 8) {
        throw new ProofError(`${SUBJECT}: nonce is longer than 8 bytes`, { subject: SUBJECT, field });
      }
      const padded = new Uint8Array(8);
      padded.set(bytes, 8 - bytes.length);
      return padded;
    }
  }
}

/**
 * RLP-encodes a block header in the layout its fields imply: the 15 Frontier fields, then
 * `baseFeePerGas` (London), `withdrawalsRoot` (Shanghai), `blobGasUsed`, `excessBlobGas`,
 * `parentBeaconBlockRoot` (Cancun) and `requestsHash` (Prague), each only if present.
 *
 * @param header - the block or header as the node returned it
 * @returns the header's RLP encoding (its keccak is the block hash)
 * @throws {ProofError} naming the field that is missing, malformed, or present without an earlier fork's field
 * @example
 * const block = await evm.eth_getBlockByNumber("latest", false);
 * if (block) console.log(encodeHeader(block).length);
 */
export function encodeHeader(header: BlockHeaderInput): Uint8Array {
  if (typeof header !== "object" || header === null) {
    throw new ProofError(`${SUBJECT}: block is not an object`, { subject: SUBJECT });
  }
  const items = BASE_FIELDS.map(([field, kind]) => encodeBytes(fieldBytes(header[field], kind, field)));
  let missing: HeaderField | undefined;
  for (const [field, kind] of FORK_FIELDS) {
    const value = header[field];
    if (value == null) {
      missing ??= field;
      continue;
    }
    if (missing !== undefined) {
      throw new ProofError(`${SUBJECT}: ${field} is present but ${missing}, which comes before it, is not`, {
        subject: SUBJECT,
        field: missing,
      });
    }
    items.push(encodeBytes(fieldBytes(value, kind, field)));
  }
  return encodeList(items);
}

/**
 * Recomputes a block's hash, keccak(rlp(header)), and checks it against the `hash` the node sent.
 * Works for every header layout from Frontier to Prague.
 *
 * Trust: a matching hash proves the header fields (state root, transactions root, …) are the ones
 * committed to by that hash; whether the hash is on the chain you trust is up to you.
 *
 * @param block - the block or header as the node returned it (transactions may be hashes or objects)
 * @returns the verified block hash, lowercase hex
 * @throws {ProofError} with `field: "hash"` when the hash does not match, or naming a malformed field
 * @example
 * const block = await evm.eth_getBlockByNumber("latest", false);
 * if (block) verifyBlockHash(block); // "0x…", or throws ProofError
 */
export function verifyBlockHash(block: BlockHeaderInput): string {
  const computed = keccak256(encodeHeader(block));
  const claimed = fixedHexToBytes(block.hash, 32, SUBJECT, "hash");
  const hash = bytesToHex(computed);
  if (bytesToHex(claimed) !== hash) {
    throw new ProofError(`${SUBJECT}: hash is ${bytesToHex(claimed)} but keccak(rlp(header)) is ${hash}`, {
      subject: SUBJECT,
      field: "hash",
    });
  }
  return hash;
}
