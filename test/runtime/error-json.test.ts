import * as evm from "chainkit/evm";
import * as exchange from "chainkit/exchange";
import * as grpc from "chainkit/grpc";
import * as indexer from "chainkit/indexer";
import * as platform from "chainkit/platform";
import * as wallet from "chainkit/wallet";
import { expect, test } from "vitest";
import * as runtime from "../../src/runtime.js";

// Issue 42, item 14: JSON.stringify threw on an error holding a bigint, so loggers that serialise
// errors failed. Every error class of every entry gets ChainkitError's toJSON.

const { ChainkitError, Secret } = runtime;
type ErrorClass = new (...args: never[]) => InstanceType<typeof ChainkitError>;

const errorClasses = new Map<string, ErrorClass>();
for (const entry of [evm, exchange, grpc, indexer, platform, runtime, wallet]) {
  for (const value of Object.values(entry)) {
    if (typeof value === "function" && value.prototype instanceof ChainkitError) {
      errorClasses.set(value.name, value as ErrorClass);
    }
  }
}

test("the entries export the error classes this test walks", () => {
  expect(errorClasses.size).toBeGreaterThan(20);
  expect([...errorClasses.keys()]).toEqual(
    expect.arrayContaining(["TransactionFailedError", "BroadcastError", "CallRevertedError", "JsonRpcError"]),
  );
});

test.each([...errorClasses])("%s writes bigints as strings, Secrets as ***, and its cause", (name, Class) => {
  // Built through the base constructor, so every class is reached whatever its own takes.
  const error = Reflect.construct(ChainkitError, ["it failed"], Class) as InstanceType<typeof ChainkitError>;
  Object.assign(error, {
    amount: 2n ** 70n,
    info: { fee: 9_000_000_000_000_000_001n, logs: [{ value: -5n }] },
    key: new Secret("never-shown-0123"),
  });
  Object.defineProperty(error, "cause", { value: new Error("underneath") });
  const written = JSON.stringify(error);
  expect(written).not.toContain("never-shown-0123");
  expect(JSON.parse(written)).toMatchObject({
    name: expect.any(String),
    message: "it failed",
    amount: (2n ** 70n).toString(),
    info: { fee: "9000000000000000001", logs: [{ value: "-5" }] },
    key: "***",
    cause: { name: "Error", message: "underneath" },
  });
  expect(name).toBe(Class.name);
});

test("an error whose fields point back at it is written once, without throwing", () => {
  const error = new ChainkitError("loop");
  Object.assign(error, { self: error, list: [] as unknown[] });
  (error as unknown as { list: unknown[] }).list.push(error);
  expect(() => JSON.stringify(error)).not.toThrow();
});
