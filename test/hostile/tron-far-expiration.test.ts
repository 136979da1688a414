import { createWalletClient, privateKeySigner, TransactionMismatchError } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWalletNode, type WalletNode } from "../support/wallet-node.js";

/** Issue 31, finding 11: an expiration no date can show still ends in the typed refusal. */

let node: WalletNode;
beforeAll(async () => {
  node = await startWalletNode();
});
afterAll(() => node.close());

describe("finding 11: a transfer expiring at 2^63 − 1 ms", () => {
  it("is a TransactionMismatchError naming /raw_data/expiration, and the signer is never called", async () => {
    const wallet = createWalletClient({ url: node.url, credentials: { token: node.token } });
    const signer = privateKeySigner(node.surface.demo.privateKey);
    let signed = 0;
    const spy = {
      address: signer.address,
      signTransaction: (tx: Parameters<typeof signer.signTransaction>[0]) => {
        signed++;
        return signer.signTransaction(tx);
      },
    };
    node.surface.setTamper("farExpiration");
    try {
      const to = privateKeySigner("31".repeat(32)).address;
      const error = await wallet.transfer({ to, amount: 1_234n }, spy).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransactionMismatchError);
      expect((error as TransactionMismatchError).field).toBe("/raw_data/expiration");
      expect((error as Error).message).toContain("9223372036854775807 ms since 1970");
      expect(signed).toBe(0);
    } finally {
      node.surface.setTamper(undefined);
    }
  });
});
