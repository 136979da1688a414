import { parseJson } from "../../runtime/json/parse-json.js";
import { stringifyJson } from "../../runtime/json/stringify-json.js";
import type { RpcMethod, RpcMethodValidators } from "../../runtime/operation.js";
import { checkValue } from "../../runtime/validation/field-issues.js";
import { loadValidators } from "../../runtime/validation/load-validators.js";
import { assertAnswerValid } from "./spec-checks.js";

/** A JSON-RPC error object, as a node answers it. */
export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * The EVM surface's contract: checks params of the methods our OpenRPC spec describes, and their
 * results before they leave. Methods outside the spec are not checked here. Every method's
 * validators are loaded when the contract is made, so that the checks answer at once.
 *
 * @example
 * const contract = await RpcContract.load(evmMethods);
 * const refused = contract.checkParams("eth_getProof", [address, [], "latest"]); // undefined, or an Invalid params error
 */
export class RpcContract {
  readonly #methods: Readonly<Record<string, RpcMethod>>;
  readonly #validators: ReadonlyMap<string, RpcMethodValidators>;

  private constructor(
    methods: Readonly<Record<string, RpcMethod>>,
    validators: ReadonlyMap<string, RpcMethodValidators>,
  ) {
    this.#methods = methods;
    this.#validators = validators;
  }

  /**
   * Makes the contract of these methods, with their validators loaded.
   *
   * @param methods - The generated method descriptors, keyed by method name.
   * @returns The contract.
   */
  static async load(methods: Readonly<Record<string, RpcMethod>>): Promise<RpcContract> {
    const entries = await Promise.all(
      Object.entries(methods).map(async ([name, method]) => [name, await loadValidators(method)] as const),
    );
    return new RpcContract(methods, new Map(entries));
  }

  /** The descriptor of a method in the spec, or undefined. */
  method(name: string): RpcMethod | undefined {
    return Object.hasOwn(this.#methods, name) ? this.#methods[name] : undefined;
  }

  /**
   * Checks a call's params against the method's params schema.
   *
   * @param name - The method name.
   * @param params - The params as received (`undefined` reads as `[]`).
   * @returns `-32602 Invalid params` naming the first bad param, or undefined when they are valid or the
   *   method is not in the spec.
   */
  checkParams(name: string, params: unknown): RpcErrorObject | undefined {
    const validators = this.method(name) && this.#validators.get(name);
    if (!validators) return undefined;
    const issues = checkValue(validators.params, params ?? [], "/params");
    if (issues.length === 0) return undefined;
    const first = issues[0] ?? { pointer: "/params", message: "is invalid" };
    return { code: -32602, message: "Invalid params", data: `${first.pointer} ${first.message}` };
  }

  /**
   * Checks a result against the method's result schema.
   *
   * @param name - The method name.
   * @param result - The result about to be sent.
   * @throws {SandboxContractError} when a method in the spec would answer outside its schema.
   */
  checkResult(name: string, result: unknown): void {
    const validators = this.method(name) && this.#validators.get(name);
    if (!validators) return;
    assertAnswerValid(validators.result, parseJson(stringifyJson(result ?? null)), `${name} result`);
  }
}
