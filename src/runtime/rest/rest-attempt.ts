import type { RequestBody } from "../http/send-request.js";
import type { ShownRequest } from "../http/shown-request.js";
import type { CallOptions, RestOperation, RestOperationValidators } from "../operation.js";

/** Per-call options of an `HttpRestCaller`. */
export interface RestCallOptions extends CallOptions {
  /** Rate-limit weight of this call (default 1), e.g. the number of exchange modifications. */
  weight?: number;
  /**
   * Overrides the operation's `idempotent` for this call. Set it only when repeating this exact
   * request is harmless, such as a signed request the server deduplicates by nonce.
   */
  idempotent?: boolean;
}

/** Where one call goes: its URL as sent, and as errors show it. */
export interface RestTarget {
  url: string;
  shown: ShownRequest;
}

/** Everything one try of a checked call needs; a retry sends the same attempt again. */
export interface RestAttempt {
  operation: RestOperation;
  validators: RestOperationValidators;
  target: RestTarget;
  body: RequestBody | undefined;
  /** Header and cookie parameters of the call. */
  parameterHeaders: Record<string, string> | undefined;
  callOptions: RestCallOptions;
}
