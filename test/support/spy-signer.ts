import { privateKeySigner, type TransactionToSign, type WalletSigner } from "chainkit/wallet";

/** A wallet signer that records what it was asked to sign: tests check it was never called. */
export function spySigner(key: string): WalletSigner & { calls: TransactionToSign[] } {
  const inner = privateKeySigner(key);
  const calls: TransactionToSign[] = [];
  return {
    address: inner.address,
    calls,
    signTransaction: (transaction) => {
      calls.push(transaction);
      return inner.signTransaction(transaction);
    },
  };
}
