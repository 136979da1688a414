/**
 * Issue 46, the wallet's rows: mistakes a newcomer makes against the sandbox's TRON node over a
 * real socket, each answered with the real reason and the fix.
 */
import { BroadcastError, createWalletClient, privateKeySigner, type WalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWalletNode, type WalletNode } from "../support/wallet-node.js";

let node: WalletNode;
let wallet: WalletClient;
beforeAll(async () => {
  node = await startWalletNode();
  wallet = createWalletClient({ url: node.url, credentials: { token: node.token } });
});
afterAll(() => node.close());

const TRX = 1_000_000n;

describe("delegating more energy than staked", () => {
  it("says the stake is too low in the headline, with the fix, not that energy is exhausted", async () => {
    const demo = privateKeySigner(node.surface.demo.privateKey);
    const receiver = privateKeySigner("c3".repeat(32)).address;
    const { txID } = await wallet.transfer({ to: receiver, amount: 10n * TRX }, demo);
    const landed = wallet.waitForTransaction(txID, { confirmed: true, interval: 10, timeout: 10_000 });
    node.surface.produceBlock();
    node.surface.produceBlock();
    await landed;

    const refused = await wallet.stake
      .delegate({ receiver, amount: 1_000_000_000n * TRX, resource: "ENERGY" }, demo)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BroadcastError);
    const error = refused as BroadcastError;
    expect(error.reason).toBe("stake too low");
    expect(error.shortMessage).toContain(
      "the amount to delegate is more than the sender has staked for that resource and not yet delegated",
    );
    expect(error.shortMessage).toContain("stake more first with stake.freeze");
    expect(error.shortMessage).not.toContain("no energy left");
    expect(error.serviceMessage).toContain("FreezeEnergyV2");
  });
});
