import { keccak_256 } from "@noble/hashes/sha3.js";
import {
  type AccountProofInput,
  type BlockWithTransactionsInput,
  EMPTY_CODE_HASH,
  ProofError,
  verifyBlockHash,
  verifyProof,
  verifyTransactionsRoot,
} from "chainkit/evm";
import ganache, { type EthereumProvider } from "ganache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initCode, makeSlots, RUNTIME_CODE } from "./storage-contract.js";

const SLOTS = makeSlots(48);
const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}`;

let provider: EthereumProvider;
let deployer: string;
let contract: string;
let block: BlockWithTransactionsInput & { stateRoot: string };

const call = <T>(method: string, params: unknown[]): Promise<T> =>
  provider.request({ method, params } as never) as Promise<T>;
const getProof = (address: string, keys: string[]) =>
  call<AccountProofInput>("eth_getProof", [address, keys, "latest"]);

beforeAll(async () => {
  provider = ganache.provider({
    chain: { chainId: 999 },
    logging: { quiet: true },
    wallet: { deterministic: true },
  });
  [deployer] = (await call<string[]>("eth_accounts", [])) as [string];
  const hash = await call<string>("eth_sendTransaction", [
    { from: deployer, data: initCode(SLOTS), gas: "0x2dc6c0" },
  ]);
  const receipt = await call<{ contractAddress: string; status: string }>("eth_getTransactionReceipt", [
    hash,
  ]);
  expect(receipt.status).toBe("0x1");
  contract = receipt.contractAddress;
  block = await call("eth_getBlockByNumber", ["latest", true]);
});

afterAll(async () => {
  await provider?.disconnect();
});

describe("proofs from ganache verify against its header", () => {
  it("the header hash and transactions root of the deployment block", () => {
    expect(verifyBlockHash(block)).toBe(block.hash);
    expect(verifyTransactionsRoot(block).transactionsRoot).toBe(block.transactionsRoot);
  });

  it(`every one of the ${SLOTS.length} written slots, asked as 32-byte keys and as quantities`, async () => {
    const keys = SLOTS.map((slot, i) => (i % 2 ? slot.key : `0x${BigInt(slot.key).toString(16)}`));
    const account = verifyProof(await getProof(contract, keys), block.stateRoot);
    expect(account.exists).toBe(true);
    expect(account.codeHash).toBe(hex(keccak_256(RUNTIME_CODE)));
    expect(account.storage.map(({ key, value, exists }) => ({ key, value, exists }))).toEqual(
      SLOTS.map(({ key, value }) => ({ key, value, exists: true })),
    );
  });

  it("slots never written are proven empty", async () => {
    const absent = ["0x30", "0x3e8", hex(keccak_256(Uint8Array.of(200))), `0x${"ff".repeat(32)}`];
    const account = verifyProof(await getProof(contract, absent), block.stateRoot);
    expect(account.storage.map(({ value, exists }) => ({ value, exists }))).toEqual(
      absent.map(() => ({ value: 0n, exists: false })),
    );
  });

  it("an account that does not exist is proven absent, slots included", async () => {
    const nobody = `0x${"5a".repeat(20)}`;
    const account = verifyProof(await getProof(nobody, ["0x0"]), block.stateRoot);
    expect(account).toMatchObject({ exists: false, nonce: 0n, balance: 0n, codeHash: hex(EMPTY_CODE_HASH) });
    expect(account.storage).toEqual([{ key: `0x${"0".repeat(64)}`, value: 0n, exists: false }]);
  });

  it("the deployer's nonce and balance", async () => {
    const proof = await getProof(deployer, []);
    const account = verifyProof(proof, block.stateRoot);
    expect(account).toMatchObject({ exists: true, nonce: 1n, balance: BigInt(proof.balance) });
    expect(account.balance).toBeLessThan(10n ** 21n);
  });

  it("a proof checked against another block's state root fails, naming the proof and node", async () => {
    const genesis = await call<{ stateRoot: string }>("eth_getBlockByNumber", ["0x0", false]);
    const proof = await getProof(contract, [SLOTS[0]?.key as string]);
    let thrown: unknown;
    try {
      verifyProof(proof, genesis.stateRoot);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ProofError);
    expect(thrown).toMatchObject({ subject: "accountProof", nodeIndex: 0 });
    expect((thrown as Error).message).toContain("does not hash to the root");
  });
});
