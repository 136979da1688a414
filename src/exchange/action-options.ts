import type { CancelStatus, Grouping, PlacementStatus } from "../../generated/exchange/types.js";
import type { BuilderInput } from "./action-inputs.js";

// What each call of the exchange client takes besides its action, and what it answers.

/** Per-call options of an L1 action. */
export interface ActionOptions {
  /** Millisecond time after which the exchange must reject the request; must be in the future. */
  expiresAfter?: number;
  /** Act for this vault or subaccount; `null` acts for the signer even when the client has a default. */
  vaultAddress?: string | null;
  /** Aborts the request, a wait for earlier requests of the same signer, and any resend wait. */
  signal?: AbortSignal;
  /** Milliseconds per attempt, overriding the client's. */
  timeout?: number;
}

/** Per-call options of the exchange client's `order`. */
export interface OrderOptions extends ActionOptions {
  /** `na` (default): independent orders; `normalTpsl`: a parent then its TP/SL; `positionTpsl`: TP/SL of the position. */
  grouping?: Grouping;
  /** A builder fee for these orders: the builder's address (any case; sent lowercase) and the fee in tenths of a basis point. */
  builder?: BuilderInput;
}

/** Per-call options of the exchange client's `modify` and `batchModify`. */
export interface ModifyOptions extends ActionOptions {
  /** Place the new order even when the old one is already gone. */
  alwaysPlace?: boolean;
}

/** Per-call options of a user-signed action (no vault, no expiry). */
export interface UserActionOptions {
  signal?: AbortSignal;
  timeout?: number;
}

/** The answer to an action that places orders: one status per order, in order, and the nonce. */
export interface PlacementOutcome {
  /**
   * `{ resting: { oid, cloid? } }`, `{ filled: { totalSz, avgPx, oid, cloid? } }`, `{ error }`, or a
   * waiting string such as `"waitingForTrigger"`. A failed entry is data here, not an exception.
   */
  statuses: PlacementStatus[];
  /** The nonce of the signed request. */
  nonce: number;
}

/** The answer to a cancel: one status per cancel (`"success"` or `{ error }`), and the nonce. */
export interface CancelOutcome {
  statuses: CancelStatus[];
  nonce: number;
}

/** The answer to an action with nothing to report but success: its nonce. */
export interface ActionOutcome {
  nonce: number;
}
