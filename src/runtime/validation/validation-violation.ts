/**
 * One place where a call and the spec disagree, as a client in `validation: "report"` mode hands it
 * to `onViolation` (and as the drift report reads it).
 */
export interface ValidationViolation {
  /** The operationId (REST) or JSON-RPC method. */
  operation: string;
  /** Which half of the call disagrees. A client reports answers only: a bad request is still refused. */
  direction: "request" | "response";
  /** JSON pointer to the value at fault: into the body (REST) or the envelope (JSON-RPC, `/result/…`). */
  pointer: string;
  /** The spec's rule that failed: a schema keyword (`type`, `enum`, `required`, `additionalProperties`, …), or `status`, `json`, `int64`. */
  rule: string;
  /** What the spec expects there, in words. */
  message: string;
  /** The value found, as JSON, cut to 120 characters; left out when it could hold a secret. */
  sample?: string;
}

/** How a client treats answers the spec refuses: throws (`"on"`), does not check (`"off"`), or returns them and reports (`"report"`). */
export type ValidationMode = "on" | "off" | "report";

/** Receives each violation of a client in `validation: "report"` mode. */
export type ViolationHandler = (violation: ValidationViolation) => void;
