import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * A wallet signer is unusable or returned something unusable: a malformed private key, an address
 * that is not a TRON address, or a signature that is not 65 bytes or does not recover to the
 * signer's address. Nothing was broadcast. Keys never appear in the message.
 *
 * @example
 * import { privateKeySigner } from "chainkit/wallet";
 * try { privateKeySigner(sandbox.credentials.walletPrivateKey); } catch (err) {
 *   if (err instanceof WalletSignerError) console.log(err.shortMessage);
 * }
 */
export class WalletSignerError extends ChainkitError {
  override name = "WalletSignerError";
}
