import { ChainkitError } from "../../runtime/errors/chainkit-error.js";
import { tvmExitCodeMeaning } from "../tvm-exit-codes.js";

/** What a get-method run left, as the indexer answers it. */
export interface GetMethodOutcome {
  gas_used: number;
  exit_code: number;
  stack: readonly unknown[];
}

/**
 * A get-method ran and ended with an exit code other than 0 or 1 (TVM's two success codes): the
 * method does not exist (11), an argument has the wrong type (7), the account has no code (-13), or
 * the contract threw its own code. `exitCode` holds the code, `meaning` says it in words, and
 * `result` the whole answer, stack included. Thrown by `runGetMethod` unless the client was made with
 * `getMethodExitCodes: "return"`.
 *
 * @example
 * try { await indexer.runGetMethod({ address, method: "get_wallet_dta", stack: [] }); } catch (err) {
 *   if (err instanceof GetMethodError && err.exitCode === 11) console.log("no such method:", err.method);
 * }
 */
export class GetMethodError extends ChainkitError {
  override name = "GetMethodError";
  /** The get-method that ran. */
  readonly method: string;
  /** TVM's exit code. */
  readonly exitCode: number;
  /** What the exit code means, in words. */
  readonly meaning: string;
  /** The whole answer: gas used, exit code and stack. */
  readonly result: GetMethodOutcome;

  constructor(method: string, result: GetMethodOutcome) {
    const meaning = tvmExitCodeMeaning(result.exit_code);
    super(`get-method ${method} ended with TVM exit code ${result.exit_code}: ${meaning}`, {
      details:
        'a non-zero exit code is a failed run, not a result; to read such runs as results, create the client with getMethodExitCodes: "return"',
    });
    this.method = method;
    this.exitCode = result.exit_code;
    this.meaning = meaning;
    this.result = result;
  }
}
