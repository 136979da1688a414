import { keccak256 } from "../../runtime/hashing/keccak-256.js";
import { ProofError } from "../errors/proof-error.js";
import type { BlockHeaderInput } from "./block-hash.js";
import { bytesToHex, fixedHexToBytes, hexToBigint, quantityToBytes } from "./hex.js";
import type { ReceiptInput } from "./receipt-encoding.js";
import { encodeBytes, encodeList } from "./rlp.js";
import type { TransactionInput } from "./transaction-hash.js";
import { recoverSender } from "./transaction-sender.js";

// EIP-4844: each blob uses 2^17 blob gas.
const GAS_PER_BLOB = 131_072n;

// EIP-4844's blob base fee update fraction as Cancun, Prague (EIP-7691) and the Osaka blob-parameter
// forks BPO1 and BPO2 set it. A header does not say which schedule its chain runs, so a receipt's
// blobGasPrice must be the price one of them gives for the header's excessBlobGas.
const BLOB_FEE_UPDATE_FRACTIONS = [3_338_477n, 5_007_716n, 8_346_193n, 11_684_671n] as const;

function fail(subject: string, field: string, why: string): never {
  throw new ProofError(`${subject}: ${field} ${why}`, { subject, field });
}

/** Approximates factor · e^(numerator / denominator) in integers (EIP-4844's `fake_exponential`). */
function fakeExponential(factor: bigint, numerator: bigint, denominator: bigint): bigint {
  let output = 0n;
  let term = factor * denominator;
  for (let i = 1n; term > 0n; i++) {
    output += term;
    term = (term * numerator) / (denominator * i);
  }
  return output / denominator;
}

const lower = (value: string | null | undefined) => (value == null ? null : value.toLowerCase());

function address(value: unknown, subject: string, field: string): string | null {
  return value == null ? null : bytesToHex(fixedHexToBytes(value, 20, subject, field));
}

// The address a creation deploys to: keccak(rlp([sender, nonce])), last 20 bytes.
function createdAddress(sender: string, tx: TransactionInput, subject: string): string {
  const encoded = encodeList([
    encodeBytes(fixedHexToBytes(sender, 20, subject, "from")),
    encodeBytes(quantityToBytes(tx.nonce, subject, "nonce")),
  ]);
  return bytesToHex(keccak256(encoded).subarray(12));
}

// What the sender paid per gas: the gas price, or under EIP-1559 the base fee plus the tip the fee cap allows.
function effectiveGasPrice(
  tx: TransactionInput,
  type: number,
  header: BlockHeaderInput,
  subject: string,
): bigint {
  if (type < 2) return hexToBigint(tx.gasPrice, subject, "gasPrice");
  const baseFee = hexToBigint(header.baseFeePerGas, "header", "baseFeePerGas");
  const cap = hexToBigint(tx.maxFeePerGas, subject, "maxFeePerGas");
  const tip = hexToBigint(tx.maxPriorityFeePerGas, subject, "maxPriorityFeePerGas");
  return cap < baseFee + tip ? cap : baseFee + tip;
}

function checkEqual(claimed: bigint, expected: bigint, subject: string, field: string): void {
  if (claimed !== expected)
    fail(subject, field, `is ${claimed} but the transaction and header give ${expected}`);
}

/**
 * Ties a verified receipt to its verified transaction and header, for the receipt fields no trie
 * holds: `transactionHash`, `type`, `from` (recovered from the signature), `to`, `contractAddress`
 * (derived from the sender and nonce for a creation), `effectiveGasPrice`, and for blob transactions
 * `blobGasUsed` and `blobGasPrice`. Optional fields some nodes leave out are checked when present.
 *
 * @param receipt - the receipt, already checked against the receipts root
 * @param tx - the transaction at the same index, already checked against the transactions root
 * @param header - the block both belong to
 * @param subject - names the receipt in errors, e.g. `"receipts[3]"`
 * @throws {ProofError} naming the receipt field that disagrees with the transaction
 * @example
 * const full = await evm.eth_getBlockByNumber("0x1b4", true);
 * const receipts = await evm.eth_getBlockReceipts("0x1b4");
 * const first = full?.transactions[0];
 * if (full && receipts?.[0] && typeof first === "object") {
 *   checkReceiptAgainstTransaction(receipts[0], first, full, "receipts[0]");
 * }
 */
export function checkReceiptAgainstTransaction(
  receipt: ReceiptInput,
  tx: TransactionInput,
  header: BlockHeaderInput,
  subject: string,
): void {
  const txHash = bytesToHex(fixedHexToBytes(tx.hash, 32, "transaction", "hash"));
  if (bytesToHex(fixedHexToBytes(receipt.transactionHash, 32, subject, "transactionHash")) !== txHash) {
    fail(subject, "transactionHash", `is ${lower(receipt.transactionHash)} but the transaction is ${txHash}`);
  }
  const type = tx.type == null ? 0n : hexToBigint(tx.type, "transaction", "type");
  const receiptType = receipt.type == null ? 0n : hexToBigint(receipt.type, subject, "type");
  checkEqual(receiptType, type, subject, "type");

  const sender = recoverSender(tx, "transaction");
  if (address(receipt.from, subject, "from") !== sender) {
    fail(subject, "from", `is ${lower(receipt.from)} but the transaction is signed by ${sender}`);
  }
  const to = address(tx.to, "transaction", "to");
  if (address(receipt.to, subject, "to") !== to)
    fail(subject, "to", `is ${lower(receipt.to)} but the transaction's is ${to}`);
  const created = to === null ? createdAddress(sender, tx, "transaction") : null;
  if (address(receipt.contractAddress, subject, "contractAddress") !== created) {
    fail(subject, "contractAddress", `is ${lower(receipt.contractAddress)} but should be ${created}`);
  }

  if (receipt.effectiveGasPrice != null) {
    const expected = effectiveGasPrice(tx, Number(type), header, "transaction");
    checkEqual(
      hexToBigint(receipt.effectiveGasPrice, subject, "effectiveGasPrice"),
      expected,
      subject,
      "effectiveGasPrice",
    );
  }
  if (receipt.blobGasUsed != null) {
    const blobs = type === 3n ? BigInt(tx.blobVersionedHashes?.length ?? 0) : 0n;
    checkEqual(
      hexToBigint(receipt.blobGasUsed, subject, "blobGasUsed"),
      blobs * GAS_PER_BLOB,
      subject,
      "blobGasUsed",
    );
  }
  if (type === 3n && receipt.blobGasPrice != null) {
    const claimed = hexToBigint(receipt.blobGasPrice, subject, "blobGasPrice");
    const excess = hexToBigint(header.excessBlobGas, "header", "excessBlobGas");
    const prices = BLOB_FEE_UPDATE_FRACTIONS.map((fraction) => fakeExponential(1n, excess, fraction));
    if (!prices.includes(claimed)) {
      fail(
        subject,
        "blobGasPrice",
        `(${claimed}) is not the price any blob schedule gives for excessBlobGas ${excess}`,
      );
    }
  }
}
