// Signers made by privateKeySigner: they sign exactly what they are given, so their output needs no
// decoding. Kept apart from privateKeySigner so the send path (loaded on first use) can ask without
// importing the signer, whose module the entry re-exports.
const ownSigners = new WeakSet<object>();

/**
 * Records `signer` as made by `privateKeySigner`.
 *
 * @example
 * markOwnSigner(signer);
 */
export function markOwnSigner(signer: object): void {
  ownSigners.add(signer);
}

/**
 * Whether `signer` was made by `privateKeySigner`, whose signed bytes are built from the
 * transaction given (the send path decodes and checks every other signer's answer).
 *
 * @example
 * isPrivateKeySigner(privateKeySigner(key)); // true
 */
export function isPrivateKeySigner(signer: object): boolean {
  return ownSigners.has(signer);
}
