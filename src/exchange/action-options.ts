import type { CancelStatus, ErrorStatus, Grouping, PlacementStatus } from "../../generated/exchange/types.js";
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
  /** The most bytes of the answer to read, overriding the client's `maxResponseBytes` (`Infinity`: none). */
  maxResponseBytes?: number;
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
  /** Aborts the request, a wait for earlier requests of the same signer, and any resend wait. */
  signal?: AbortSignal;
  /** Milliseconds per attempt, overriding the client's. */
  timeout?: number;
  /** The most bytes of the answer to read, overriding the client's `maxResponseBytes` (`Infinity`: none). */
  maxResponseBytes?: number;
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

/** The answer to `replaceOrder`: the new order's status (with its new order id when it rests or fills), and the nonce. */
export interface ReplaceOutcome {
  /** `{ resting: { oid } }`, `{ filled: { oid, … } }`, `{ error }`, or a waiting string. */
  status: PlacementStatus;
  nonce: number;
}

/** The answer to `twapOrder`: `{ running: { twapId } }` or `{ error }`, and the nonce. */
export interface TwapOutcome {
  status: { running: { twapId: number } } | ErrorStatus;
  nonce: number;
}

/** The answer to `twapCancel`: `"success"` or `{ error }`, and the nonce. */
export interface TwapCancelOutcome {
  status: CancelStatus;
  nonce: number;
}

/** The answer to `createSubAccount`: the new sub-account's address, and the nonce. */
export interface SubAccountOutcome {
  address: string;
  nonce: number;
}
