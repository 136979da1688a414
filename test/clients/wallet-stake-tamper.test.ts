import type { WalletTamper } from "chainkit/sandbox";
import {
  createWalletClient,
  privateKeySigner,
  TransactionMismatchError,
  type WalletClient,
  type WalletSigner,
  type WriteResult,
} from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spySigner } from "../support/spy-signer.js";
import { startWalletNode, type WalletNode } from "../support/wallet-node.js";

// A node that builds another Stake 2.0 transaction than the one asked for never gets a signature:
// each write, against each change a dishonest node can make to it.
let node: WalletNode;
let wallet: WalletClient;
const TRX = 1_000_000n;
const receiver = privateKeySigner("c3".repeat(32)).address;

async function landed(txID: string) {
  const waiting = wallet.waitForTransaction(txID, { confirmed: true, interval: 10, timeout: 10_000 });
  node.surface.produceBlock();
  node.surface.produceBlock();
  return waiting;
}

beforeAll(async () => {
  node = await startWalletNode({ unfreezeDelayMs: 1 });
  wallet = createWalletClient({ url: node.url, credentials: { token: node.token } });
  // Honest set-up, so that every write below is one the node would build: an account to lend to,
  // a delegation to take back, an unstaking ready to withdraw.
  const demo = privateKeySigner(node.surface.demo.privateKey);
  await landed((await wallet.transfer({ to: receiver, amount: TRX }, demo)).txID);
  await landed(
    (await wallet.stake.delegate({ receiver, amount: 100n * TRX, resource: "ENERGY" }, demo)).txID,
  );
  await landed((await wallet.stake.unfreeze({ amount: TRX, resource: "ENERGY" }, demo)).txID);
  await landed((await wallet.transfer({ to: receiver, amount: 1n }, demo)).txID); // a later block: the wait is over
});
afterAll(() => node.close());

type Write = "freeze" | "unfreeze" | "delegate" | "undelegate" | "withdraw";
const send: Record<Write, (signer: WalletSigner) => Promise<WriteResult>> = {
  freeze: (signer) => wallet.stake.freeze({ amount: 2n * TRX, resource: "ENERGY" }, signer),
  unfreeze: (signer) => wallet.stake.unfreeze({ amount: TRX, resource: "BANDWIDTH" }, signer),
  delegate: (signer) => wallet.stake.delegate({ receiver, amount: 2n * TRX, resource: "ENERGY" }, signer),
  undelegate: (signer) => wallet.stake.undelegate({ receiver, amount: TRX, resource: "ENERGY" }, signer),
  withdraw: (signer) => wallet.stake.withdraw(signer),
};
const VALUE = "/raw_data/contract/0/parameter/value";
const AMOUNT_FIELD: Record<Exclude<Write, "withdraw">, string> = {
  freeze: "frozen_balance",
  unfreeze: "unfreeze_balance",
  delegate: "balance",
  undelegate: "balance",
};

const everyWrite = (kind: WalletTamper, field: string): [WalletTamper, Write, string][] =>
  (Object.keys(send) as Write[]).map((write) => [kind, write, field]);
const cases: [WalletTamper, Write, string, RegExp?][] = [
  ...(Object.entries(AMOUNT_FIELD) as [Write, string][]).map(
    ([write, json]): [WalletTamper, Write, string, RegExp] => [
      "amount",
      write,
      `${VALUE}/${json}`,
      /sets another amount/,
    ],
  ),
  ["resource", "freeze", `${VALUE}/resource`, /expected ENERGY, got BANDWIDTH/],
  ["resource", "unfreeze", `${VALUE}/resource`],
  ["resource", "delegate", `${VALUE}/resource`],
  ["resource", "undelegate", `${VALUE}/resource`],
  ["recipient", "delegate", `${VALUE}/receiver_address`, /another receiver/],
  ["recipient", "undelegate", `${VALUE}/receiver_address`],
  ["lock", "delegate", `${VALUE}/lock`, /expected false, got true/],
  ...everyWrite("owner", `${VALUE}/owner_address`),
  ...everyWrite("contractType", "/raw_data/contract/0/type"),
  ...everyWrite("memo", "/raw_data/data"),
  ...everyWrite("feeLimit", "/raw_data/fee_limit"),
  ...everyWrite("extraContract", "/raw_data/contract"),
  ...everyWrite("trailingBytes", "/raw_data_hex"),
  ...everyWrite("expiration", "/raw_data/expiration"),
  ...everyWrite("txID", "/txID"),
  ...(Object.entries(AMOUNT_FIELD) as [Write, string][]).map(
    ([write, json]): [WalletTamper, Write, string, RegExp] => [
      "rawDataJson",
      write,
      `${VALUE}/${json}`,
      /raw_data differs/,
    ],
  ),
  ["rawDataJson", "withdraw", `${VALUE}/owner_address`, /raw_data differs/],
];

describe("a node that alters a Stake 2.0 write gets no signature", () => {
  it.each(cases)("tampered %s (%s): TransactionMismatchError at %s", async (kind, write, field, words) => {
    const signer = spySigner(node.surface.demo.privateKey);
    node.surface.setTamper(kind);
    try {
      const error = await send[write](signer).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransactionMismatchError);
      expect((error as TransactionMismatchError).field).toBe(field);
      if (words) expect((error as TransactionMismatchError).message).toMatch(words);
      expect(signer.calls).toEqual([]);
    } finally {
      node.surface.setTamper(undefined);
    }
  });

  it.each(Object.keys(send) as Write[])("an honest node's %s is signed once and taken", async (write) => {
    const signer = spySigner(node.surface.demo.privateKey);
    const { txID } = await send[write](signer);
    expect(signer.calls).toHaveLength(1);
    expect((await landed(txID)).id).toBe(txID);
  });
});
