import { keccak_256 } from "@noble/hashes/sha3.js";
import {
  type AccountProofInput,
  type BlockHeaderInput,
  type BlockWithTransactionsInput,
  createEvmClient,
  encodeHeader,
  encodeTransaction,
  ProofError,
  type TransactionInput,
  verifyBlockHash,
  verifyProof,
  verifyTransactionsRoot,
} from "chainkit/evm";
import { afterEach, describe, expect, it } from "vitest";
import { type LoopbackServer, type Reply, startLoopbackServer } from "../support/loopback-server.js";
import { realVector } from "./fixtures.js";

// Findings 5 and 6 of the attack review (issue 18): hex that only looks like hex, and pseudo system
// transactions placed anywhere but where the node puts them. Each case is served over a real socket
// where a client would meet it, and checked on the pure functions too.

const TOKEN = "hostile-token-7f3a9c21";

const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A node on 127.0.0.1 answering each JSON-RPC call (single or batch) with `answer(method)`. */
async function hostileNode(answer: (method: string) => unknown): Promise<string> {
  const server = await startLoopbackServer((request): Reply => {
    const calls = request.json as { id: number; method: string } | { id: number; method: string }[];
    const reply = (call: { id: number; method: string }) => ({
      jsonrpc: "2.0",
      id: call.id,
      result: answer(call.method),
    });
    return { body: Array.isArray(calls) ? calls.map(reply) : reply(calls) };
  });
  servers.push(server);
  return server.url;
}

/**
 * Replaces the hex digit at `index` with a Cyrillic letter whose UTF-16 low byte is that digit
 * ("3" U+0033 → "г" U+0433, "b" U+0062 → "Ѣ" U+0462): Node's hex decoder reads only the low byte.
 */
function lookAlike(hex: string, index: number): string {
  const code = hex.charCodeAt(index);
  return `${hex.slice(0, index)}${String.fromCharCode(0x400 + code)}${hex.slice(index + 1)}`;
}

const deposit = realVector<{ blockHeader: BlockHeaderInput; result: AccountProofInput; stateRoot: string }>(
  "eth_getProof_mainnet_21925176_deposit_contract",
);

describe("finding 5: characters that only look like hex digits", () => {
  const header = deposit.blockHeader;
  const timestamp = header.timestamp as string; // "0x67be0db3"
  const forgedHeader = { ...header, timestamp: lookAlike(timestamp, timestamp.length - 1) };

  it("the look-alikes decode to the same bytes in Node's Buffer (what made them dangerous)", () => {
    const forged = forgedHeader.timestamp as string;
    expect(Buffer.from(forged.slice(2), "hex")).toEqual(Buffer.from(timestamp.slice(2), "hex"));
    expect(Number.parseInt(forged, 16)).not.toBe(Number.parseInt(timestamp, 16));
  });

  it("verifyBlockHash refuses a header field with a look-alike digit, naming the field", () => {
    expect(verifyBlockHash(header)).toBe(header.hash);
    expect(() => verifyBlockHash(forgedHeader)).toThrow(
      expect.objectContaining({ name: "ProofError", subject: "header", field: "timestamp" }),
    );
    const forgedRoot = { ...header, stateRoot: lookAlike(header.stateRoot as string, 5) };
    expect(() => verifyBlockHash(forgedRoot)).toThrow(expect.objectContaining({ field: "stateRoot" }));
  });

  it("verifyProof refuses look-alike addresses, roots and proof nodes", () => {
    const proof = deposit.result;
    expect(verifyProof(proof, deposit.stateRoot).exists).toBe(true);
    const address = proof.address.lastIndexOf("a");
    const cases: [AccountProofInput, string, string][] = [
      [{ ...proof, address: lookAlike(proof.address, address) }, deposit.stateRoot, "address"],
      [{ ...proof, storageHash: lookAlike(proof.storageHash, 9) }, deposit.stateRoot, "storageHash"],
      [
        {
          ...proof,
          accountProof: proof.accountProof.map((node, i) => (i === 0 ? lookAlike(node, 10) : node)),
        },
        deposit.stateRoot,
        "accountProof[0]",
      ],
      [proof, lookAlike(deposit.stateRoot, 4), "stateRoot"],
    ];
    for (const [forged, root, field] of cases) {
      expect(() => verifyProof(forged, root), field).toThrow(expect.objectContaining({ field }));
    }
  });

  it("getVerifiedProof refuses a look-alike header from a node when response validation is off", async () => {
    const url = await hostileNode((method) => (method === "eth_getProof" ? deposit.result : forgedHeader));
    const evm = createEvmClient({ url, credentials: { token: TOKEN }, validateResponse: false });
    const error = await evm.getVerifiedProof(deposit.result.address, ["0x1"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProofError);
    expect(error).toMatchObject({ subject: "header", field: "timestamp" });

    // The same answers with the real header verify: only the look-alike digit was wrong.
    const honest = await hostileNode((method) => (method === "eth_getProof" ? deposit.result : header));
    const client = createEvmClient({ url: honest, credentials: { token: TOKEN }, validateResponse: false });
    const { proof } = await client.getVerifiedProof(deposit.result.address, ["0x1"]);
    expect(proof.storage[0]?.value).toBe(BigInt(deposit.result.storageProof[0]?.value as string));
  });
});

describe("finding 6: pseudo system transactions are skipped only where the node prepends them", () => {
  const block = realVector<{ result: BlockWithTransactionsInput }>(
    "eth_getBlockByHash_mainnet_2000004_full",
  ).result;
  const real = block.transactions as TransactionInput[];

  /** A pseudo system transaction in the shape archive nodes give them (legacy, gasPrice 0, r = s = 1). */
  function systemTransaction(nonce: number, index: number): TransactionInput {
    const tx: TransactionInput & Record<string, unknown> = {
      ...real[0],
      type: "0x0",
      nonce: `0x${nonce.toString(16)}`,
      gasPrice: "0x0",
      to: "0x2222222222222222222222222222222222222222",
      from: "0x2222222222222222222222222222222222222222",
      value: "0xde0b6b3a7640000",
      input: "0x",
      v: "0x1c",
      r: "0x1",
      s: "0x1",
      transactionIndex: `0x${index.toString(16)}`,
    };
    tx.hash = `0x${Buffer.from(keccak_256(encodeTransaction(tx))).toString("hex")}`;
    return tx;
  }

  const withTransactions = (transactions: TransactionInput[]) => ({ ...block, transactions });
  const leading = [systemTransaction(0, 0), systemTransaction(1, 1)];

  it("skips the leading run and says which transactions it skipped", () => {
    const result = verifyTransactionsRoot(withTransactions([...leading, ...real]), {
      skipSystemTransactions: true,
    });
    expect(result.transactionsRoot).toBe(block.transactionsRoot);
    expect(result.skippedSystemTransactions.map((tx) => tx.hash)).toEqual(leading.map((tx) => tx.hash));
    expect(verifyTransactionsRoot(block, { skipSystemTransactions: true }).skippedSystemTransactions).toEqual(
      [],
    );
    expect(verifyTransactionsRoot(block).skippedSystemTransactions).toEqual([]);
  });

  it("counts a system-shaped transaction after the first ordinary one, so the root fails", () => {
    const forged = [
      [systemTransaction(0, 0), ...real, systemTransaction(1, real.length + 1)], // first and last
      [...real.slice(0, 2), systemTransaction(0, 2), ...real.slice(2)], // in the middle
      [...real, systemTransaction(0, real.length)], // only last
    ];
    for (const transactions of forged) {
      expect(() =>
        verifyTransactionsRoot(withTransactions(transactions), { skipSystemTransactions: true }),
      ).toThrow(expect.objectContaining({ name: "ProofError", field: "transactionsRoot" }));
    }
  });

  it("counts every transaction without the option", () => {
    expect(() => verifyTransactionsRoot(withTransactions([...leading, ...real]))).toThrow(
      expect.objectContaining({ field: "transactionsRoot" }),
    );
  });

  it("refuses a block served with system transactions at both ends, fetched through the client", async () => {
    const served = withTransactions([
      systemTransaction(0, 0),
      ...real,
      systemTransaction(1, real.length + 1),
    ]);
    const url = await hostileNode(() => served);
    const evm = createEvmClient({ url, credentials: { token: TOKEN } });
    const fetched = (await evm.eth_getBlockByHash(block.hash as string, true)) as BlockWithTransactionsInput;
    expect(() => verifyTransactionsRoot(fetched, { skipSystemTransactions: true })).toThrow(
      expect.objectContaining({ field: "transactionsRoot" }),
    );

    const prepended = withTransactions([...leading, ...real]);
    const honestUrl = await hostileNode(() => prepended);
    const honest = createEvmClient({ url: honestUrl, credentials: { token: TOKEN } });
    const good = (await honest.eth_getBlockByHash(block.hash as string, true)) as BlockWithTransactionsInput;
    const { skippedSystemTransactions } = verifyTransactionsRoot(good, { skipSystemTransactions: true });
    expect(skippedSystemTransactions).toHaveLength(2);
  });
});

/** RLP of `depth` lists, each holding only the next, around an empty list. */
function nestedLists(depth: number): Uint8Array {
  const parts: number[][] = [];
  let length = 1; // the innermost 0xc0
  for (let level = 0; level < depth; level++) {
    let header: number[];
    if (length < 56) header = [0xc0 + length];
    else {
      const size: number[] = [];
      for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) size.unshift(rest % 256);
      header = [0xf7 + size.length, ...size];
    }
    parts.push(header);
    length += header.length;
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const header of parts.reverse()) {
    bytes.set(header, at);
    at += header.length;
  }
  bytes[at] = 0xc0;
  return bytes;
}

describe("finding 8: RLP nested far deeper than any real node", () => {
  const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}`;

  it("a 60,000-deep proof node is a ProofError naming the node, not a RangeError", () => {
    const node = nestedLists(60_000);
    // The node hashes to the root it is checked against, so the walk goes on to read it.
    const root = hex(keccak_256(node));
    const proof = { ...deposit.result, accountProof: [hex(node)] };
    const error = (() => {
      try {
        verifyProof(proof, root);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ProofError);
    expect(error).toMatchObject({ subject: "accountProof", nodeIndex: 0 });
    expect((error as ProofError).message).toMatch(/nested deeper than 32/);
  });

  it("a node served that way through getVerifiedProof rejects with a ProofError", async () => {
    const node = nestedLists(60_000);
    const forged = { ...deposit.blockHeader, stateRoot: hex(keccak_256(node)) };
    // A consistent header: its hash is recomputed, so only the proof node can fail.
    const header = { ...forged, hash: hex(keccak_256(encodeHeader(forged))) };
    const url = await hostileNode((method) =>
      method === "eth_getProof" ? { ...deposit.result, accountProof: [hex(node)] } : header,
    );
    const evm = createEvmClient({ url, credentials: { token: TOKEN }, validateResponse: false });
    const error = await evm.getVerifiedProof(deposit.result.address, ["0x1"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProofError);
    expect((error as ProofError).message).toMatch(/nested deeper than 32/);
  });
});
