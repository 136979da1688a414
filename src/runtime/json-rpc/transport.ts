import type { ShownRequest } from "../http/shown-request.js";

/** One JSON-RPC 2.0 request object as it goes on the wire. */
export interface RpcEnvelope {
  jsonrpc: "2.0";
  id: number;
  method: string;
  /** By position, or by name for a method that takes them so. */
  params: readonly unknown[] | Readonly<Record<string, unknown>>;
}

/** How one exchange may run. */
export interface ExchangeOptions {
  /** Milliseconds until the answer must be in. */
  timeout: number;
  /** The most bytes of answer to read (HTTP; a WebSocket transport keeps its own per-message limit). */
  maxResponseBytes?: number;
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
  /** Method name(s), for errors about the answer as a whole. */
  operation: string;
}

/** The parsed answer to one exchange. */
export interface ExchangeAnswer {
  /** The answer as parsed JSON: one response object, or an array of them for a batch. */
  body: unknown;
  /** The HTTP status it came with (`101` over a WebSocket, whose answers ride the upgraded connection). */
  status: number;
}

/**
 * What the JSON-RPC core needs from a transport: carry one request (or batch) and bring back its
 * answer. The core owns everything else (ids, batching, params checks, retries, reading outcomes),
 * so a call behaves the same over HTTP and over a WebSocket.
 */
export interface JsonRpcTransport {
  /** How errors show the endpoint (credentials replaced by `***`) and scrub server text. */
  readonly shown: ShownRequest;
  /**
   * Sends `payload` and resolves with its answer.
   *
   * @throws {HttpError | RateLimitError | TimeoutError | NetworkError | AbortError | ResponseValidationError}
   *   when the exchange as a whole fails (no answer, an HTTP error status, an answer that is not JSON).
   */
  exchange(payload: RpcEnvelope | readonly RpcEnvelope[], options: ExchangeOptions): Promise<ExchangeAnswer>;
}
