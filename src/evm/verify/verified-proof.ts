import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { ProofError } from "../errors/proof-error.js";
import { type BatchAnswer, type BatchRpc, batchResult } from "./batch-rpc.js";
import { type BlockHeaderInput, verifyBlockHash } from "./block-hash.js";
import { bytesToHex, hexToBigint, hexToBytes } from "./hex.js";
import { type AccountProofInput, type VerifiedAccount, verifyProof } from "./verify-proof.js";

/** Options for {@link getVerifiedProof}. */
export interface VerifiedProofOptions {
  /** How many batches to send before giving up when the head keeps moving (default 5). */
  maxAttempts?: number;
}

/** A proof verified against a header whose hash was recomputed. */
export interface VerifiedProofResult {
  /** The `latest` header the proof was checked against, as the node sent it. */
  header: BlockHeaderInput;
  /** The header's hash, recomputed from its fields. */
  blockHash: string;
  /** The header's number. */
  blockNumber: bigint;
  /** The verified account and slots. */
  proof: VerifiedAccount;
}

const DEFAULT_ATTEMPTS = 5;

function checkInput(address: string, storageKeys: readonly string[], maxAttempts: number): void {
  const issue = (pointer: string, message: string) =>
    new RequestValidationError("getVerifiedProof", [{ pointer, message }]);
  if (typeof address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
    throw issue("/address", "must be a 20-byte 0x-prefixed hex address");
  }
  if (!Array.isArray(storageKeys)) throw issue("/storageKeys", "must be a list of hex slot keys");
  storageKeys.forEach((key, i) => {
    if (typeof key !== "string" || !/^0x[0-9a-fA-F]{1,64}$/.test(key)) {
      throw issue(`/storageKeys/${i}`, "must be a hex quantity or 32-byte hex");
    }
  });
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw issue("/options/maxAttempts", "must be a positive integer");
  }
}

/** A result the proof needs: an object, never null. */
function requiredResult<T>(entry: BatchAnswer | undefined, method: string): T {
  const result = batchResult<T>(entry, method);
  if (result === null) throw new ProofError(`${method}: the node answered null`, { subject: method });
  return result;
}

const pad32 = (key: string) =>
  bytesToHex(hexToBytes(`0x${key.slice(2).padStart(64, "0")}`, "storageKeys", "key"));

/**
 * Fetches and verifies an account (and storage slots) at the chain head. `eth_getProof` is only
 * served for `latest`, so this sends one batch — the latest header, the proof, the latest header
 * again — and accepts it only when both headers are the same block. It then recomputes that
 * header's hash and verifies the proof against its `stateRoot`, and checks the proof is for the
 * requested address and slots. When the head moved during the batch it asks again, up to
 * `maxAttempts` times.
 *
 * Trust: the result is proven consistent with the returned header (and its hash); deciding whether
 * that header belongs to the chain you trust (e.g. by comparing its hash with another source) is yours.
 *
 * @param rpc - anything that sends a JSON-RPC batch (the EVM client does)
 * @param address - the account, 20-byte hex
 * @param storageKeys - the slots to prove, hex quantities or 32-byte hex
 * @param options - `maxAttempts` (default 5)
 * @returns the header, its hash and number, and the verified account with its slots
 * @throws {RequestValidationError} before sending, naming a bad address, slot key or option
 * @throws {ProofError} when the proof or header does not verify, or the head moved on every attempt
 * @example
 * const rpc = namedBatch(createJsonRpcClient({ url: "https://nd-1.example.com", path: "/evm", auth: nodeAuth({ token }) }));
 * const { blockNumber, proof } = await getVerifiedProof(rpc, "0x4838b106fce9647bdf1e7877bf73ce8b0bad5f97", [`0x${"0".repeat(64)}`]);
 * console.log(blockNumber, proof.balance, proof.storage[0]?.value);
 */
export async function getVerifiedProof(
  rpc: BatchRpc,
  address: string,
  storageKeys: readonly string[],
  options: VerifiedProofOptions = {},
): Promise<VerifiedProofResult> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_ATTEMPTS;
  checkInput(address, storageKeys, maxAttempts);
  // Nodes take 32-byte slot keys; short quantities such as "0x0" are widened before sending.
  const asked = storageKeys.map(pad32);
  const latestHeader = { method: "eth_getBlockByNumber", params: ["latest", false] };
  const calls = [latestHeader, { method: "eth_getProof", params: [address, asked, "latest"] }, latestHeader];
  let lastSeen = "";
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const answers = await rpc.batch(calls);
    const before = requiredResult<BlockHeaderInput>(answers[0], "eth_getBlockByNumber");
    const proof = requiredResult<AccountProofInput>(answers[1], "eth_getProof");
    const after = requiredResult<BlockHeaderInput>(answers[2], "eth_getBlockByNumber");
    if (before.hash !== after.hash) {
      lastSeen = `${before.hash} then ${after.hash}`;
      continue;
    }
    const blockHash = verifyBlockHash(before);
    const account = verifyProof(proof, before.stateRoot as string);
    if (account.address !== address.toLowerCase()) {
      throw new ProofError(`eth_getProof: the proof is for ${account.address}, not ${address}`, {
        subject: "accountProof",
        field: "address",
      });
    }
    const got = account.storage.map((slot) => slot.key);
    if (asked.length !== got.length || asked.some((key, i) => key !== got[i])) {
      throw new ProofError("eth_getProof: the proven slots are not the requested ones", {
        subject: "storageProof",
        field: "key",
        details: `asked ${asked.join(", ") || "none"}; got ${got.join(", ") || "none"}`,
      });
    }
    return {
      header: before,
      blockHash,
      blockNumber: hexToBigint(before.number, "header", "number"),
      proof: account,
    };
  }
  throw new ProofError(`the chain head moved during each of ${maxAttempts} attempts; no consistent answer`, {
    subject: "header",
    field: "hash",
    details: `last attempt saw ${lastSeen}`,
  });
}
