/**
 * Writes the derived EVM vectors in test/fixtures/verify/: blocks and transactions for forks and
 * transaction types no real vector covers (Prague header, EIP-2930, EIP-4844, EIP-7702, a block with
 * more than 128 transactions). @ethereumjs/block and @ethereumjs/tx build, sign, hash and root them;
 * the output is in JSON-RPC shape, as a node would send it.
 *
 * Run: npx tsx test/verify/make-derived-vectors.ts
 */
import { writeFileSync } from "node:fs";
import { createBlock, genTransactionsTrieRoot } from "@ethereumjs/block";
import { Common, Hardfork, Mainnet } from "@ethereumjs/common";
import { createTx, type TypedTransaction } from "@ethereumjs/tx";
import { bytesToHex, eoaCode7702SignAuthorization } from "@ethereumjs/util";

// customCrypto.kzg is only consulted for blob sidecars, which these vectors do not carry.
const common = (hardfork: Hardfork) =>
  new Common({ chain: Mainnet, hardfork, customCrypto: { kzg: {} as never } });
const key = (byte: number) => new Uint8Array(32).fill(byte);
const address = (byte: number): `0x${string}` => `0x${byte.toString(16).padStart(2, "0").repeat(20)}`;
const word = (byte: number): `0x${string}` => `0x${byte.toString(16).padStart(2, "0").repeat(32)}`;
const HOW =
  "test/verify/make-derived-vectors.ts: @ethereumjs/tx 10 builds and signs (deterministic keys 0x07.., 0x08..), " +
  "@ethereumjs/block 10 computes transactionsRoot (genTransactionsTrieRoot) and the header hash; JSON converted to JSON-RPC field names";

// JSON-RPC quantities have no leading zeros and print zero as 0x0.
function quantity(hex: string): string {
  const digits = hex.slice(2).replace(/^0+/, "");
  return `0x${digits || "0"}`;
}

function rpcTransaction(tx: TypedTransaction): Record<string, unknown> {
  const json = tx.toJSON() as Record<string, unknown>;
  const out: Record<string, unknown> = { hash: bytesToHex(tx.hash()), type: quantity(json.type as string) };
  for (const [name, value] of Object.entries(json)) {
    if (name === "type" || value === undefined) continue;
    const rpcName = name === "gasLimit" ? "gas" : name === "data" ? "input" : name;
    if (name === "authorizationList") {
      out[rpcName] = (value as Record<string, string>[]).map((auth) => ({
        chainId: quantity(auth.chainId as string),
        address: auth.address,
        nonce: quantity(auth.nonce as string),
        yParity: quantity(auth.yParity as string),
        r: quantity(auth.r as string),
        s: quantity(auth.s as string),
      }));
    } else if (["accessList", "blobVersionedHashes", "to", "data"].includes(name)) {
      out[rpcName] = value;
    } else {
      out[rpcName] = quantity(value as string);
    }
  }
  if (!("to" in out)) out.to = null;
  return out;
}

async function rpcBlock(
  hardfork: Hardfork,
  header: Record<string, unknown>,
  transactions: TypedTransaction[],
): Promise<Record<string, unknown>> {
  const transactionsTrie = await genTransactionsTrieRoot(transactions);
  const block = createBlock(
    { header: { ...header, transactionsTrie }, transactions },
    { common: common(hardfork) },
  );
  const h = block.header.toJSON() as Record<string, string>;
  const names: Record<string, string> = {
    uncleHash: "sha3Uncles",
    coinbase: "miner",
    transactionsTrie: "transactionsRoot",
    receiptTrie: "receiptsRoot",
  };
  const out: Record<string, unknown> = { hash: bytesToHex(block.hash()) };
  for (const [name, value] of Object.entries(h)) {
    if (value === undefined) continue;
    const fixed = [
      "difficulty",
      "number",
      "gasLimit",
      "gasUsed",
      "timestamp",
      "baseFeePerGas",
      "blobGasUsed",
      "excessBlobGas",
    ];
    out[names[name] ?? name] = fixed.includes(name) ? quantity(value) : value;
  }
  out.transactions = transactions.map(rpcTransaction);
  return out;
}

function sign(
  data: Record<string, unknown>,
  hardfork: Hardfork = Hardfork.Prague,
  signer = 7,
): TypedTransaction {
  return createTx(data, { common: common(hardfork) }).sign(key(signer));
}

async function main(): Promise<void> {
  const accessList = [
    { address: address(0xaa), storageKeys: [word(0x01), word(0x02)] },
    { address: address(0xbb), storageKeys: [] },
  ];
  const authorizations = [
    eoaCode7702SignAuthorization({ chainId: "0x1", address: address(0x33), nonce: "0x0" }, key(8)),
    eoaCode7702SignAuthorization({ chainId: "0x0", address: address(0x44), nonce: "0x2a" }, key(9)),
  ];
  const fees = { maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, chainId: 1 };
  const pragueTxs = [
    sign({
      type: 0,
      nonce: 0,
      gasPrice: 20_000_000_000n,
      gasLimit: 21_000,
      to: address(0x11),
      value: 10n ** 18n,
    }),
    sign({ type: 0, nonce: 1, gasPrice: 20_000_000_000n, gasLimit: 200_000, data: "0x6001600055" }),
    sign({
      type: 1,
      nonce: 2,
      gasPrice: 20_000_000_000n,
      gasLimit: 60_000,
      to: address(0x12),
      accessList,
      chainId: 1,
    }),
    sign({
      type: 2,
      nonce: 3,
      gasLimit: 90_000,
      to: address(0x13),
      value: 5n,
      data: "0xdeadbeef",
      accessList,
      ...fees,
    }),
    sign({
      type: 3,
      nonce: 4,
      gasLimit: 21_000,
      to: address(0x14),
      maxFeePerBlobGas: 7n,
      blobVersionedHashes: [`0x01${"22".repeat(31)}`, `0x01${"23".repeat(31)}`],
      ...fees,
    }),
    sign({
      type: 4,
      nonce: 5,
      gasLimit: 80_000,
      to: address(0x15),
      authorizationList: authorizations,
      ...fees,
    }),
  ];
  const pragueHeader = {
    parentHash: word(0x5a),
    coinbase: address(0x48),
    stateRoot: word(0x6b),
    receiptTrie: word(0x7c),
    number: 22_431_084n,
    gasLimit: 36_000_000n,
    gasUsed: 12_345_678n,
    timestamp: 1_746_612_311n,
    extraData: "0x6265617665726275696c642e6f7267",
    mixHash: word(0x9d),
    baseFeePerGas: 1_234_567_890n,
    withdrawalsRoot: word(0x3e),
    blobGasUsed: 262_144n,
    excessBlobGas: 0n,
    parentBeaconBlockRoot: word(0x4f),
    requestsHash: word(0x2f),
  };
  const prague = await rpcBlock(Hardfork.Prague, pragueHeader, pragueTxs);
  write("derived_block_prague_all_tx_types.json", {
    derived: true,
    _how: HOW,
    _what:
      "Prague header (21 fields, requestsHash) with one transaction of every type: legacy (EIP-155 transfer, EIP-155 contract creation), EIP-2930, EIP-1559 (both with access lists), EIP-4844 (2 blob hashes), EIP-7702 (2 authorizations)",
    result: prague,
  });

  // 130 transactions: keys rlp(128) and up are two bytes (0x8180…), a trie shape small blocks never reach.
  const manyTxs = Array.from({ length: 130 }, (_, i) =>
    i % 2 === 0
      ? sign(
          {
            type: 0,
            nonce: i,
            gasPrice: 9_000_000_000n,
            gasLimit: 21_000,
            to: address(0x20),
            value: BigInt(i),
          },
          Hardfork.Shanghai,
        )
      : sign(
          { type: 2, nonce: i, gasLimit: 21_000, to: address(0x21), value: BigInt(i), ...fees },
          Hardfork.Shanghai,
        ),
  );
  const shanghaiHeader = {
    parentHash: word(0x01),
    coinbase: address(0x02),
    stateRoot: word(0x03),
    receiptTrie: word(0x04),
    number: 17_034_871n,
    gasLimit: 30_000_000n,
    gasUsed: 2_730_000n,
    timestamp: 1_681_338_479n,
    extraData: "0x",
    mixHash: word(0x05),
    baseFeePerGas: 7n,
    withdrawalsRoot: word(0x06),
  };
  write("derived_block_shanghai_130_txs.json", {
    derived: true,
    _how: HOW,
    _what:
      "Shanghai header (17 fields) with 130 transactions (alternating legacy EIP-155 and EIP-1559), so the transactions trie has two-byte keys",
    result: await rpcBlock(Hardfork.Shanghai, shanghaiHeader, manyTxs),
  });
}

function write(name: string, value: unknown): void {
  const path = new URL(`../fixtures/verify/${name}`, import.meta.url);
  writeFileSync(
    path,
    `${JSON.stringify(value, (_, v) => (typeof v === "bigint" ? `0x${v.toString(16)}` : v), 2)}\n`,
  );
  console.log(`wrote ${path.pathname}`);
}

await main();
