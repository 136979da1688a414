import { ChainkitError, type ChainkitErrorOptions } from "../../runtime/errors/chainkit-error.js";

/** What a {@link ProofError} points at, so callers can react without parsing the message. */
export interface ProofErrorOptions extends ChainkitErrorOptions {
  /** The proof or object that failed, e.g. `"accountProof"`, `"storageProof[1]"`, `"header"`, `"transactions[3]"`. */
  subject: string;
  /** The index of the proof node at fault, when the failure is inside a node list. */
  nodeIndex?: number;
  /** The field that did not verify, e.g. `"balance"`, `"hash"`, `"transactionsRoot"`. */
  field?: string;
}

/**
 * A node's answer did not verify: a Merkle proof, block hash, transaction hash or transactions root
 * does not match what it claims. The answer must not be used.
 *
 * @example
 * try { verifyProof(proof, stateRoot); } catch (err) {
 *   if (err instanceof ProofError) console.log(err.subject, err.nodeIndex, err.field);
 * }
 */
export class ProofError extends ChainkitError {
  override name = "ProofError";
  /** The proof or object that failed. */
  readonly subject: string;
  /** The index of the proof node at fault, if the failure is inside a node list. */
  readonly nodeIndex: number | undefined;
  /** The field that did not verify, if one field is to blame. */
  readonly field: string | undefined;

  constructor(shortMessage: string, options: ProofErrorOptions) {
    super(shortMessage, options);
    this.subject = options.subject;
    this.nodeIndex = options.nodeIndex;
    this.field = options.field;
  }
}
