import { type EvmSigner, type EvmTransactionToSign, privateKeySigner } from "chainkit/evm";

/** An EVM signer that records what it was asked to sign: tests check it was never called. */
export function evmSpySigner(
  key: Uint8Array | `0x${string}`,
): EvmSigner & { signed: EvmTransactionToSign[] } {
  const inner = privateKeySigner(key);
  const signed: EvmTransactionToSign[] = [];
  return {
    address: inner.address,
    signed,
    signTransaction: (transaction) => {
      signed.push(transaction);
      return inner.signTransaction(transaction);
    },
  };
}
