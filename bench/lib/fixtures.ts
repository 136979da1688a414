import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The repository root (bench/lib/../..). */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function fixture(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../test/fixtures/${path}`, import.meta.url), "utf8"));
}

type Json = Record<string, unknown>;

/** The real mainnet block 15,571,241 with its 58 full transactions. */
const BLOCK_58_FILE = "evm/eth_getBlockByHash_mainnet_15571241_full.json";
export const block58 = fixture(BLOCK_58_FILE).result as Json & { hash: string; transactions: Json[] };

/** A real type-2 transaction, as eth_getTransactionByHash returns it. */
export const transaction = fixture("evm/eth_getTransactionByHash_mainnet_type2.json").result as Json & {
  hash: string;
};

/** Real eth_getProof answers at mainnet block 21,925,176 and that block's state root. */
export const depositProof = fixture("evm/eth_getProof_mainnet_21925176_deposit_contract.json") as Json & {
  stateRoot: string;
  result: ProofAnswer;
};
export const eoaProof = fixture("evm/eth_getProof_mainnet_21925176_miner_eoa.json") as Json & {
  stateRoot: string;
  result: ProofAnswer;
};

/** The shape of an eth_getProof result. */
export interface ProofAnswer {
  address: string;
  accountProof: string[];
  balance: string;
  codeHash: string;
  nonce: string;
  storageHash: string;
  storageProof: { key: string; value: string; proof: string[] }[];
}

/** What the platform answers to `GET /v1/organization/` (the spec's example). */
export const organization = { id: "RG-123-456", name: "My organization" };

/**
 * A synthetic block with `count` full transactions: the real block's transactions repeated, each
 * copy given its own index and a distinct hash (still 32-byte hex), so nothing is shared by identity.
 */
export function syntheticBlock(count: number): Json {
  const real = block58.transactions;
  const transactions = Array.from({ length: count }, (_, i) => {
    const source = real[i % real.length] as Json & { hash: string };
    const suffix = i.toString(16).padStart(6, "0");
    return {
      ...structuredClone(source),
      hash: `${source.hash.slice(0, -6)}${suffix}`,
      transactionIndex: `0x${i.toString(16)}`,
    };
  });
  return { ...structuredClone(block58), transactions };
}

/** A fixed private key for the signing rows (never funded anywhere). */
export const PRIVATE_KEY = "0x8f2a55949038a9610f50fb23b5883af3b4ecb3c3bb792cbcefbd1542c692be63" as const;

/**
 * A batchModify of 20 modifies, keys in the exchange's canonical order (so both signers take it
 * as is): limit and trigger orders, oids small and beyond 2^32, with and without cloids.
 */
export function batchModify20() {
  const modifies = Array.from({ length: 20 }, (_, i) => ({
    oid: i % 3 === 0 ? 2 ** 33 + i : 77_738_308 + i,
    order: {
      a: i % 4,
      b: i % 2 === 0,
      p: `${1850 + i}.5`,
      s: `0.0${i + 1}`,
      r: false,
      t:
        i % 5 === 4
          ? { trigger: { isMarket: false, triggerPx: `${1800 + i}`, tpsl: "sl" as const } }
          : { limit: { tif: "Gtc" as const } },
      ...(i % 2 === 1 ? { c: `0x${i.toString(16).padStart(32, "0")}` as `0x${string}` } : {}),
    },
  }));
  return { type: "batchModify" as const, modifies };
}

/** An `order` action of 20 orders (the batchModify's new orders), grouped `na`, keys in wire order. */
export function order20() {
  return {
    type: "order" as const,
    orders: batchModify20().modifies.map((modify) => modify.order),
    grouping: "na" as const,
  };
}

/** A `cancel` action of 20 cancels, oids small and beyond 2^32. */
export function cancel20() {
  const cancels = Array.from({ length: 20 }, (_, i) => ({
    a: i % 4,
    o: i % 3 === 0 ? 2 ** 33 + i : 77_738_308 + i,
  }));
  return { type: "cancel" as const, cancels };
}
