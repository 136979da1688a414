import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * An EVM signer is unusable or returned something other than what it was asked to sign: a malformed
 * private key, a signer without an address, or signed bytes that are not the transaction chainkit
 * built (another nonce, recipient, value, fee…) or not signed by the signer's address. Nothing was
 * sent. `field` names the field that differed; keys never appear in the message.
 *
 * @example
 * import { privateKeySigner } from "chainkit/evm";
 * try { privateKeySigner("0x1234"); } catch (err) {
 *   if (err instanceof EvmSignerError) console.log(err.shortMessage);
 * }
 */
export class EvmSignerError extends ChainkitError {
  override name = "EvmSignerError";
  /** The field at fault (`privateKey`, `address`, `nonce`, …), when one is. */
  readonly field: string | undefined;

  constructor(message: string, options: { field?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.field = options.field;
  }
}
