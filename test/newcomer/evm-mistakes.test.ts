/**
 * Issue 46, the EVM rows: mistakes a newcomer makes against the sandbox's EVM node over a real
 * socket, each answered with a typed error that names the field and says the fix.
 */
import {
  CallRevertedError,
  ConfigurationError,
  contract,
  createEvmClient,
  type EvmClient,
  erc20,
  privateKeySigner,
  RequestValidationError,
} from "chainkit/evm";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOARD } from "../fixtures/evm/contracts/contracts.js";

let sandbox: Sandbox;
let evm: EvmClient;
let me: ReturnType<typeof privateKeySigner>;
let token: `0x${string}`;
let other: `0x${string}`;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 46, nodeStartupMs: 0 });
  evm = createEvmClient({ url: sandbox.urls.evm, credentials: { token: sandbox.credentials.nodeToken } });
  me = privateKeySigner(sandbox.credentials.evmPrivateKey);
  token = sandbox.fixtures.evmErc20Address as `0x${string}`;
  other = sandbox.fixtures.evmAccounts[0] as `0x${string}`;
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

/** The error a call rejects with (the test fails if it resolves). */
async function failureOf(call: () => unknown): Promise<Error> {
  try {
    await call();
  } catch (error) {
    return error as Error;
  }
  throw new Error("the call succeeded");
}

/** An address with one letter's case flipped: the same hex, a wrong EIP-55 checksum. */
function miscased(address: `0x${string}`): `0x${string}` {
  const at = address.slice(2).search(/[a-fA-F]/) + 2;
  const letter = address[at] as string;
  const flipped = letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase();
  return `${address.slice(0, at)}${flipped}${address.slice(at + 1)}` as `0x${string}`;
}

describe("an address with a wrong EIP-55 checksum", () => {
  it("is refused by sendTransaction at /to, with the checksum rule and the right address", async () => {
    const checksummed = privateKeySigner("b7".repeat(32)).address;
    const error = await failureOf(() => evm.sendTransaction({ to: miscased(checksummed), value: 1n }, me));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/to");
    expect(error.message).toContain("wrong EIP-55 checksum");
    expect(error.message).toContain(`use ${checksummed}`);
    expect(error.message).toContain("all lowercase");
  });

  it("is refused on reads and token calls alike, naming the argument", async () => {
    const wrong = miscased(privateKeySigner("b8".repeat(32)).address);
    const read = await failureOf(() => erc20(evm, token).balanceOf(wrong));
    expect(read).toBeInstanceOf(RequestValidationError);
    expect((read as RequestValidationError).field).toBe("/args/0");
    expect(read.message).toContain("wrong EIP-55 checksum");
    const write = await failureOf(() => erc20(evm, token).transfer(wrong, 1n, me));
    expect((write as RequestValidationError).field).toBe("/args/0");
    const bound = await failureOf(() => erc20(evm, miscased(token)));
    expect(bound).toBeInstanceOf(RequestValidationError);
    expect((bound as RequestValidationError).field).toBe("/address");
  });

  it("is refused on the node's own reads (eth_getBalance, eth_call, eth_getLogs) before sending", async () => {
    const checksummed = privateKeySigner("bb".repeat(32)).address;
    const wrong = miscased(checksummed);
    const before = sandbox.requestCount("evm");
    const balance = await failureOf(() => evm.eth_getBalance(wrong, "latest"));
    expect(balance).toBeInstanceOf(RequestValidationError);
    expect((balance as RequestValidationError).field).toBe("/params/0");
    expect(balance.message).toContain(`use ${checksummed}`);
    const call = await failureOf(() => evm.eth_call({ to: wrong, input: "0x" }, "latest"));
    expect((call as RequestValidationError).field).toBe("/params/0/to");
    const logs = await failureOf(() => evm.eth_getLogs({ address: [token, wrong] }));
    expect((logs as RequestValidationError).field).toBe("/params/0/address/1");
    expect(sandbox.requestCount("evm")).toBe(before);
  });

  it("accepts all-lowercase and all-uppercase hex, which carry no checksum", async () => {
    const checksummed = privateKeySigner("b9".repeat(32)).address;
    const lower = `0x${checksummed.slice(2).toLowerCase()}` as const;
    const upper = `0x${checksummed.slice(2).toUpperCase()}` as const;
    expect(await erc20(evm, token).balanceOf(lower)).toBe(0n);
    expect(await erc20(evm, token).balanceOf(upper)).toBe(0n);
  });
});

describe("an ERC-20 transfer to a TRON address", () => {
  it("says it is a TRON address and what an EVM address looks like", async () => {
    const tron = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8" as `0x${string}`;
    const error = await failureOf(() => erc20(evm, token).transfer(tron, 1n, me));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/args/0");
    expect(error.message).toContain("is a TRON address");
    expect(error.message).toContain("an EVM address is 0x and 40 hex digits");
    expect(error.message).not.toContain("Writer");
  });
});

describe("an ABI uint argument given as a fraction", () => {
  it("is refused at /args/<i>, saying integers only", async () => {
    const error = await failureOf(() => erc20(evm, token).transfer(other, 1.5 as unknown as bigint, me));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/args/1");
    expect(error.message).toContain("integers only, a bigint or a safe-integer number");
    expect(error.message).not.toContain("ethInt");
  });
});

describe("an ERC-20 transfer above the balance", () => {
  it("decodes the sandbox token's InsufficientBalance with its arguments, without an ABI from the user", async () => {
    const balance = await erc20(evm, token).balanceOf(me.address);
    const error = await failureOf(() => erc20(evm, token).transfer(other, balance + 1n, me));
    expect(error).toBeInstanceOf(CallRevertedError);
    const { reason } = error as CallRevertedError;
    expect(reason.name).toBe("InsufficientBalance");
    expect(reason.message).toBe(
      `InsufficientBalance(account: ${me.address.toLowerCase()}, balance: ${balance}, needed: ${balance + 1n})`,
    );
    expect(error.message).toContain(`needed: ${balance + 1n}`);
  });
});

describe("calling a function the contract does not have", () => {
  it("says the contract has no function with that selector", async () => {
    // The sandbox token called with the board's ABI: post(string) is not one of its functions.
    const error = await failureOf(() => contract(evm, token, BOARD.abi).write.post(["gm"], me));
    expect(error).toBeInstanceOf(CallRevertedError);
    expect((error as CallRevertedError).reason.message).toMatch(
      /^the contract has no function with selector 0x[0-9a-f]{8}: check that the ABI is this contract's/,
    );
    const read = await failureOf(() => contract(evm, token, BOARD.abi).read.title());
    expect(read.message).toContain("the contract has no function with selector");
  });
});

describe("evm.subscribe on an HTTP client", () => {
  it('throws ConfigurationError naming transport: "websocket"', () => {
    const js = evm as unknown as {
      subscribe(kind: string): unknown;
      watch(kind: string, on: object): unknown;
    };
    for (const call of [() => js.subscribe("newHeads"), () => js.watch("newHeads", { onEvent() {} })]) {
      let thrown: unknown;
      try {
        call();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigurationError);
      expect((thrown as ConfigurationError).option).toBe("transport");
      expect((thrown as Error).message).toContain('transport: "websocket"');
    }
  });
});

describe("one rule for amounts", () => {
  it("sendTransaction takes a safe-integer number of wei, as erc20.transfer does", async () => {
    const receiver = privateKeySigner("ba".repeat(32)).address;
    const receipt = await evm.waitForReceipt(await evm.sendTransaction({ to: receiver, value: 1000 }, me));
    expect(receipt.status).toBe("0x1");
    expect(BigInt(await evm.eth_getBalance(receiver, "latest"))).toBe(1000n);
  });

  it("refuses an unsafe number at /value, naming BigInt", async () => {
    const error = await failureOf(() => evm.sendTransaction({ to: other, value: 2 ** 60 }, me));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/value");
    expect(error.message).toContain("above 2^53");
    expect(error.message).toContain('BigInt("1152921504606846976")');
  });
});
