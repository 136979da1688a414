import type { ExchangeOperations } from "../../generated/exchange/client.js";
import { scrubValue } from "../runtime/credentials/scrub-value.js";
import { HttpError } from "../runtime/errors/http-error.js";
import { RequestValidationError } from "../runtime/errors/request-validation-error.js";
import { isRetryable, nextRetryDelay, type RetryPolicy, retryHint } from "../runtime/http/retry-policy.js";
import { sleep } from "../runtime/http/sleep.js";
import { resolveMaxResponseBytes } from "../runtime/max-response-bytes.js";
import type { RestCallOptions } from "../runtime/rest/create-rest-caller.js";
import { ExchangeError } from "./errors/exchange-error.js";
import { refusalHint } from "./errors/refusal-hint.js";
import type { NonceManager } from "./nonce-manager.js";
import type { Signature } from "./signing/signature.js";

/** The actions of `POST /exchange`, by operation id. */
export type ExchangeActionId =
  | "order"
  | "cancel"
  | "cancelByCloid"
  | "modify"
  | "batchModify"
  | "scheduleCancel"
  | "updateLeverage"
  | "updateIsolatedMargin"
  | "approveAgent"
  | "usdSend"
  | "spotSend"
  | "withdraw3"
  | "usdClassTransfer"
  | "sendAsset"
  | "approveBuilderFee"
  | "twapOrder"
  | "twapCancel"
  | "vaultTransfer"
  | "createSubAccount"
  | "subAccountTransfer"
  | "subAccountSpotTransfer"
  | "evmUserModify"
  | "reserveRequestWeight"
  | "noop";

/** One signed action to send. */
export interface Submission<Action> {
  id: ExchangeActionId;
  /** The action for a nonce (user-signed actions carry their nonce inside). */
  action: (nonce: number) => Action;
  /** Signs the action with the nonce. */
  sign: (action: Action, nonce: number) => Promise<Signature>;
  /** Body fields signed with the action (`vaultAddress`, `expiresAfter`). */
  extras: { vaultAddress?: string; expiresAfter?: number };
  /** Rate-limit weight: the number of orders, cancels or modifications. */
  weight: number;
  signal?: AbortSignal;
  timeout?: number;
  /** The most bytes of the answer to read, overriding the client's. */
  maxResponseBytes?: number;
}

/** The `response` of an `ok` answer, and the nonce the request was signed with. */
export interface Accepted {
  response: unknown;
  nonce: number;
}

type AnyOperation = (body: unknown, options: RestCallOptions) => Promise<unknown>;

function refusal(
  text: string,
  status: number,
  resends: number,
  network: "mainnet" | "testnet" | undefined,
  cause?: unknown,
): ExchangeError {
  // Kept bounded, as every error keeps a server's text: a refusal may be megabytes long.
  const message = String(scrubValue(text, (unchanged) => unchanged));
  const resent = resends > 0 && /duplicate nonce/i.test(message);
  return new ExchangeError(`The exchange refused the request: ${message}`, {
    serviceMessage: message,
    status,
    cause,
    details: resent
      ? `the same signed request was resent ${resends} time(s) after failures; an earlier attempt may have been processed`
      : network && refusalHint(message, network),
  });
}

/** A spec refusal of the body, with pointers relative to the action as the caller passed it. */
function relativeToAction(error: RequestValidationError): RequestValidationError {
  const issues = error.issues.map((issue) => ({
    pointer: issue.pointer.replace(/^\/body\/action(?=\/|$)/, "").replace(/^\/body(?=\/)/, "") || "/",
    message: issue.message,
  }));
  return new RequestValidationError(error.operation, issues);
}

/**
 * Signs and sends exchange actions for one signer: each waits its turn in the signer's queue, takes
 * the next nonce, is signed once, and is resent unchanged (never re-signed) after a network failure,
 * HTTP 429 or 502/503/504, within the retry policy and before `expiresAfter`.
 *
 * @param operations - The generated exchange operations (they check each body against the spec).
 * @param nonces - The signer's nonce manager and queue (asked for on each submission: it may
 *   wait for the signer's address the first time).
 * @param policy - How often and how long to resend.
 * @param network - The network the actions are signed for, named when a refusal may come from a mismatch.
 * @returns `submit`, which resolves to the `ok` answer's `response`.
 * @example
 * const operations = createExchangeOperations(createRestCaller({ baseUrl: url }));
 * const submit = createSignedSender(operations, async () => nonceManagerFor(await addressOfSigner(signer)), resolveRetryPolicy(undefined));
 * const { nonce } = await submit({
 *   id: "scheduleCancel",
 *   action: () => ({ type: "scheduleCancel" }),
 *   sign: (scheduled, n) => signL1Action({ signer, action: scheduled, nonce: n, isMainnet: true }),
 *   extras: {},
 *   weight: 1,
 * });
 */
export function createSignedSender(
  operations: ExchangeOperations,
  nonces: () => Promise<NonceManager>,
  policy: RetryPolicy,
  network?: "mainnet" | "testnet",
) {
  /** Sends one signed body, resending exactly it after retryable failures. */
  async function send(
    id: ExchangeActionId,
    body: unknown,
    callOptions: RestCallOptions,
    expiresAfter?: number,
  ) {
    const operation = operations[id] as AnyOperation;
    const started = Date.now();
    for (let resends = 0; ; resends++) {
      try {
        return {
          answer: (await operation(body, callOptions)) as { status: string; response: unknown },
          resends,
        };
      } catch (error) {
        if (error instanceof RequestValidationError) throw relativeToAction(error);
        if (error instanceof HttpError && error.status === 422) {
          throw refusal(error.serviceMessage ?? "malformed request", 422, resends, network, error);
        }
        const delay = isRetryable(error)
          ? nextRetryDelay(policy, resends, Date.now() - started, retryHint(error))
          : undefined;
        const expired = expiresAfter !== undefined && Date.now() + (delay ?? 0) > expiresAfter;
        if (delay === undefined || expired) throw error;
        await sleep(delay, callOptions.signal);
      }
    }
  }

  return async function submit<Action>(submission: Submission<Action>): Promise<Accepted> {
    // A malformed limit is refused before a nonce is taken or anything signed.
    if (submission.maxResponseBytes !== undefined) resolveMaxResponseBytes(submission.maxResponseBytes);
    const callOptions: RestCallOptions = {
      weight: submission.weight,
      signal: submission.signal,
      timeout: submission.timeout,
      maxResponseBytes: submission.maxResponseBytes,
    };
    // Every submission awaits the same promise, so submissions join the queue in call order.
    const manager = await nonces();
    return manager.run(async (nonce) => {
      const action = submission.action(nonce);
      const signature = await submission.sign(action, nonce);
      const body = { action, nonce, signature, ...submission.extras };
      const { answer, resends } = await send(
        submission.id,
        body,
        callOptions,
        submission.extras.expiresAfter,
      );
      if (answer.status === "err") throw refusal(String(answer.response), 200, resends, network);
      return { response: answer.response, nonce };
    }, submission.signal);
  };
}
