import { readFileSync } from "node:fs";
import {
  convertAddress,
  TransactionMismatchError,
  type TransactionToSign,
  type UnsignedTransaction,
  WalletSignerError,
} from "chainkit/wallet";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WalletOperations } from "../../generated/wallet/client.js";
import { sendStakeWrite } from "../../src/wallet/stake/stake-writes.js";
import { checkWalletAnswer } from "../support/wallet-node.js";

// Real java-tron answers (test/fixtures/wallet, each file naming its source and licence): the
// spec reads them, and chainkit's checks accept a freeze a real node built exactly when it is the
// freeze that was asked.

type Example = { request: Record<string, unknown> | null; response: Record<string, unknown> | null };
const examples = (name: string) =>
  (
    JSON.parse(readFileSync(new URL(`../fixtures/wallet/${name}.json`, import.meta.url), "utf8")) as {
      examples: Example[];
    }
  ).examples;

/** A recorded unsigned transaction with its int64 fields as bigint, as the client hands them over. */
function asRead(response: Record<string, unknown>): UnsignedTransaction {
  const tx = structuredClone(response) as unknown as UnsignedTransaction & {
    raw_data: Record<string, unknown>;
  };
  tx.raw_data.expiration = BigInt(tx.raw_data.expiration as unknown as number);
  tx.raw_data.timestamp = BigInt(tx.raw_data.timestamp as unknown as number);
  const value = tx.raw_data.contract[0]?.parameter.value as Record<string, unknown>;
  value.frozen_balance = BigInt(value.frozen_balance as number);
  return tx;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("recorded Stake 2.0 answers", () => {
  it.each([
    ["freezeBalanceV2", "freezebalancev2"],
    ["unfreezeBalanceV2", "unfreezebalancev2"],
    ["delegateResource", "delegateresource"],
    ["unDelegateResource", "undelegateresource"],
    ["withdrawExpireUnfreeze", "withdrawexpireunfreeze"],
    ["getCanWithdrawUnfreezeAmount", "getcanwithdrawunfreezeamount"],
    ["getDelegatedResourceV2", "getdelegatedresourcev2"],
    ["getDelegatedResourceAccountIndexV2", "getdelegatedresourceaccountindexv2"],
    ["estimateEnergy", "estimateenergy"],
    ["getAccountNet", "getaccountnet"],
  ] as const)("%s: every recorded answer matches the spec", async (operation, file) => {
    for (const { response } of examples(file)) {
      if (response !== null) await checkWalletAnswer(operation, response);
    }
  });

  it.each(examples("freezebalancev2").map((example, index) => [index, example.response] as const))(
    "freeze %i, built by a real node: the signer is called for the asked freeze, never for another",
    async (_index, response) => {
      const built = asRead(response as Record<string, unknown>);
      const value = built.raw_data.contract[0]?.parameter.value as {
        owner_address: string;
        frozen_balance: bigint;
      };
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Number(built.raw_data.timestamp));
      const operations = { freezeBalanceV2: async () => built } as unknown as WalletOperations;
      const calls: TransactionToSign[] = [];
      // The recorded owner's key is not ours: a signer with its address whose signature cannot recover.
      const signer = {
        address: convertAddress(value.owner_address, false) as string,
        signTransaction: async (transaction: TransactionToSign) => {
          calls.push(transaction);
          return "00".repeat(65);
        },
      };
      const send = (amount: bigint, resource: "ENERGY" | "BANDWIDTH") =>
        sendStakeWrite(operations, { kind: "freeze", request: { amount, resource } }, signer).catch(
          (e: unknown) => e,
        );

      expect(await send(value.frozen_balance + 1n, "ENERGY")).toBeInstanceOf(TransactionMismatchError);
      expect(await send(value.frozen_balance, "BANDWIDTH")).toBeInstanceOf(TransactionMismatchError);
      expect(calls).toEqual([]);
      // The asked freeze passes every check: the signer is called (its signature is then refused).
      expect(await send(value.frozen_balance, "ENERGY")).toBeInstanceOf(WalletSignerError);
      expect(calls).toEqual([{ txID: built.txID, rawDataHex: built.raw_data_hex }]);
    },
  );
});
