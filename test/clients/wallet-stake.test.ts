import {
  BroadcastError,
  createWalletClient,
  type Payment,
  privateKeySigner,
  type RequestValidationError,
  type WalletClient,
} from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWalletNode, type WalletNode } from "../support/wallet-node.js";

// Stake 2.0, fees known before sending and the payment watcher, end to end with chainkit alone
// against the sandbox's wallet node over a real socket.
let node: WalletNode;
let wallet: WalletClient;
const UNFREEZE_DELAY_MS = 300;
beforeAll(async () => {
  node = await startWalletNode({ unfreezeDelayMs: UNFREEZE_DELAY_MS });
  wallet = createWalletClient({ url: node.url, credentials: { token: node.token } });
});
afterAll(() => node.close());

const alice = privateKeySigner("a1".repeat(32));
const bob = privateKeySigner("b2".repeat(32)).address;
const TRX = 1_000_000n;

/** Waits for a transaction while producing the two blocks that hold and solidify it. */
async function landed(txID: string) {
  const waiting = wallet.waitForTransaction(txID, { confirmed: true, interval: 10, timeout: 10_000 });
  node.surface.produceBlock();
  node.surface.produceBlock();
  return waiting;
}

describe("Stake 2.0 and fees before sending", () => {
  it("a TRC-20 transfer's burn falls to zero once TRX is staked for energy and bandwidth, and the watcher sees it arrive", async () => {
    const demo = privateKeySigner(node.surface.demo.privateKey);
    const token = node.surface.trc20Address;
    await landed((await wallet.transfer({ to: alice.address, amount: 9_000n * TRX }, demo)).txID);
    await landed((await wallet.trc20(token).transfer(alice.address, 5_000_000n, demo)).txID);

    const { chainParameter } = await wallet.getChainParameters();
    const energyFee = chainParameter.find((entry) => entry.key === "getEnergyFee")?.value;
    expect(energyFee).toBe(100n);
    const request = { from: alice.address, to: bob, amount: 1_250_000n, token };
    const before = await wallet.estimateFee(request);
    expect(before.energySource).toBe("estimateenergy");
    expect(before.energy).toBeGreaterThan(0n);
    expect(before.energyCovered).toBe(0n);
    expect(before.burn.energy).toBe(before.energy * 100n);
    expect(before.totalBurn).toBe(before.burn.energy + before.burn.bandwidth);

    await landed((await wallet.stake.freeze({ amount: 4_000n * TRX, resource: "ENERGY" }, alice)).txID);
    await landed((await wallet.stake.freeze({ amount: 4_000n * TRX, resource: "BANDWIDTH" }, alice)).txID);
    const account = await wallet.getAccount({ address: alice.address });
    expect(account?.frozenV2).toEqual(
      expect.arrayContaining([{ amount: 4_000n * TRX }, { type: "ENERGY", amount: 4_000n * TRX }]),
    );
    const net = await wallet.getAccountNet({ address: alice.address });
    expect(net.NetLimit).toBeGreaterThan(0n);

    const after = await wallet.estimateFee(request);
    expect(after).toMatchObject({
      energy: before.energy,
      energyCovered: before.energy,
      bandwidthFrom: "stake",
    });
    expect(after.totalBurn).toBe(0n);

    const start = (await wallet.getNowBlock()).block_header.raw_data.number ?? 0n;
    const controller = new AbortController();
    const seen: Payment[] = [];
    const watching = (async () => {
      for await (const payment of wallet.watchPayments({
        addresses: [bob],
        confirmed: true,
        fromBlock: start + 1n,
        pollIntervalMs: 10,
        signal: controller.signal,
      })) {
        seen.push(payment);
        if (seen.length === 1) break;
      }
    })();
    const { txID } = await wallet.trc20(token).transfer(bob, 1_250_000n, alice);
    const receipt = await landed(txID);
    await watching;
    controller.abort();
    expect(seen).toEqual([
      expect.objectContaining({
        kind: "TRC20",
        asset: token,
        from: alice.address,
        to: bob,
        amount: 1_250_000n,
        txID,
      }),
    ]);
    expect(receipt.fee ?? 0n).toBe(0n);
    expect(receipt.receipt?.energy_usage).toBe(after.energy);
    expect(receipt.receipt?.net_usage).toBe(after.bandwidth);
  });

  it("delegates energy to a second account, which then has it, and takes it back", async () => {
    await landed((await wallet.transfer({ to: bob, amount: TRX }, alice)).txID); // bob needs an account
    expect((await wallet.getAccountResource({ address: bob })).EnergyLimit).toBeUndefined();

    await landed(
      (await wallet.stake.delegate({ receiver: bob, amount: 1_000n * TRX, resource: "ENERGY" }, alice)).txID,
    );
    expect(await wallet.getDelegatedResourceV2({ fromAddress: alice.address, toAddress: bob })).toEqual([
      { from: alice.address, to: bob, frozen_balance_for_energy: 1_000n * TRX },
    ]);
    expect(await wallet.getDelegatedResourceAccountIndexV2({ value: alice.address })).toEqual({
      account: alice.address,
      toAccounts: [bob],
    });
    expect((await wallet.getAccountResource({ address: bob })).EnergyLimit).toBeGreaterThan(0n);
    const lent = await wallet.getAccount({ address: alice.address });
    expect(lent?.account_resource?.delegated_frozenV2_balance_for_energy).toBe(1_000n * TRX);

    await landed(
      (await wallet.stake.undelegate({ receiver: bob, amount: 1_000n * TRX, resource: "ENERGY" }, alice))
        .txID,
    );
    expect(await wallet.getDelegatedResourceV2({ fromAddress: alice.address, toAddress: bob })).toEqual([]);
    expect((await wallet.getAccountResource({ address: bob })).EnergyLimit).toBeUndefined();
  });

  it("withdraws unstaked TRX once its waiting period has passed, not before", async () => {
    const refused = await wallet.stake.withdraw(alice).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BroadcastError);
    expect((refused as BroadcastError).message).toContain("no unFreeze balance to withdraw");

    await landed((await wallet.stake.unfreeze({ amount: 500n * TRX, resource: "ENERGY" }, alice)).txID);
    const waiting = (await wallet.getAccount({ address: alice.address }))?.unfrozenV2?.[0];
    expect(waiting).toMatchObject({ type: "ENERGY", unfreeze_amount: 500n * TRX });
    const expires = waiting?.unfreeze_expire_time as bigint;
    const owner = alice.address;
    expect(await wallet.getCanWithdrawUnfreezeAmount({ owner_address: owner, timestamp: expires - 1n })).toBe(
      0n,
    );
    expect(await wallet.getCanWithdrawUnfreezeAmount({ owner_address: owner, timestamp: expires })).toBe(
      500n * TRX,
    );

    while (BigInt(Date.now()) <= expires) await new Promise((resolve) => setTimeout(resolve, 20));
    node.surface.produceBlock(); // a block after the expiry: the chain's time has passed it
    const balance = (await wallet.getAccount({ address: owner }))?.balance ?? 0n;
    const receipt = await landed((await wallet.stake.withdraw(alice)).txID);
    expect(receipt.fee ?? 0n).toBe(0n); // its bandwidth came from the stake
    expect((await wallet.getAccount({ address: owner }))?.balance).toBe(balance + 500n * TRX);
    expect((await wallet.getAccount({ address: owner }))?.unfrozenV2).toBeUndefined();
  });

  it("refuses bad stake requests before anything is sent, naming the field", async () => {
    const sent = wallet.usage().requests;
    const bad = async (run: () => Promise<unknown>) =>
      (await run().catch((error: unknown) => error)) as RequestValidationError;
    expect((await bad(() => wallet.stake.freeze({ amount: 0n, resource: "ENERGY" }, alice))).field).toBe(
      "/amount",
    );
    expect(
      (await bad(() => wallet.stake.freeze({ amount: TRX, resource: "TRON_POWER" as "ENERGY" }, alice)))
        .field,
    ).toBe("/resource");
    expect(
      (await bad(() => wallet.stake.delegate({ receiver: "nobody", amount: TRX, resource: "ENERGY" }, alice)))
        .field,
    ).toBe("/receiver");
    expect((await bad(() => wallet.estimateFee({ from: alice.address, to: bob, amount: -1n }))).field).toBe(
      "/amount",
    );
    expect(wallet.usage().requests).toBe(sent);
  });

  it("a stake already being unstaked in the pool cannot be unstaked twice before the block", async () => {
    const staked = (await wallet.getAccount({ address: alice.address }))?.frozenV2?.find(
      (entry) => entry.type === "ENERGY",
    )?.amount as bigint;
    const half = staked / 2n + 1n;
    const { txID } = await wallet.stake.unfreeze({ amount: half, resource: "ENERGY" }, alice);
    const twice = await wallet.stake
      .unfreeze({ amount: half, resource: "ENERGY" }, alice)
      .catch((e: unknown) => e);
    expect(twice).toBeInstanceOf(BroadcastError);
    expect((twice as BroadcastError).message).toContain("Invalid unfreeze_balance");
    await landed(txID);
    const left = (await wallet.getAccount({ address: alice.address }))?.frozenV2?.find(
      (entry) => entry.type === "ENERGY",
    )?.amount;
    expect(left).toBe(staked - half);
  });

  it("a delegation beyond the stake is refused by the node, in words", async () => {
    const refused = await wallet.stake
      .delegate({ receiver: bob, amount: 1_000_000n * TRX, resource: "BANDWIDTH" }, alice)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BroadcastError);
    expect((refused as BroadcastError).message).toContain("FreezeBandwidthV2");
  });
});
