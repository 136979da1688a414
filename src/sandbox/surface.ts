import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

/**
 * The contract between the sandbox's HTTP core and each emulated surface. A surface is a plain
 * handler from a parsed request to a response; the core owns sockets, authentication and faults.
 */

// The surfaces scripts/generate/surfaces.ts declares: shipped code may not import the generator, so
// test/architecture/surface-lists.test.ts holds the two lists equal.
/** The surfaces the sandbox serves, each on its own port. */
export type SurfaceName = "platform" | "exchange" | "evm" | "wallet" | "indexer";

/** How a surface authenticates callers, as the service does. */
export type SurfaceAuth =
  /** `Authorization: Bearer <api key>` (platform). */
  | "bearer"
  /** A node token as the first path segment, or basic auth; bearer refused (EVM, wallet, indexer). */
  | "node"
  /** No header: the body is signed (exchange). */
  | "none";

/** A request as a surface sees it: authenticated already, with the token segment removed. */
export interface SandboxRequest {
  method: string;
  /** The path after the node token (if any), without the query, e.g. `/evm` or `/api/v3/actions`. */
  path: string;
  query: URLSearchParams;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The raw body text ("" when there is none). */
  body: string;
}

/** What a surface answers. A non-string body is written as JSON (bigint as integer literals). */
export interface SandboxResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A surface's request handler. Throwing is a sandbox bug and answers 500. */
export type SurfaceHandler = (request: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

/** What the HTTP core tells an {@link UpgradeHandler} about an accepted upgrade request. */
export interface UpgradeContext {
  /** The path with the node token removed (`/ws`). */
  path: string;
  /** Draws the fault for one message the server is about to send (`socketDrop`, `socketStall`). */
  drawFault(): "drop" | "stall" | undefined;
}

/**
 * Takes over a WebSocket upgrade request that passed faults and authentication: `socket` is the raw
 * connection to upgrade (or to answer with a refusal).
 */
export type UpgradeHandler = (
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  context: UpgradeContext,
) => void;

/**
 * Faults injected before a request reaches its surface, for testing retries and error paths.
 * They are drawn before authentication, as a proxy or load balancer in front of a real service
 * answers 429 and 503 without looking at credentials.
 * Rates are probabilities from 0 to 1, drawn from a seeded generator so a test run repeats itself.
 */
export interface FaultPlan {
  /** Added delay before every answer, in milliseconds. */
  latencyMs?: number;
  /** Share of requests answered 429 with `Retry-After`. */
  rateLimit?: number;
  /** `Retry-After` sent with injected 429s, in seconds (default 0, so tests stay fast). */
  retryAfterSeconds?: number;
  /** Share of JSON-RPC requests answered at HTTP 200 with error -32005 and `data.try_again_in` (EVM only). */
  rpcRateLimit?: number;
  /** `try_again_in` sent with injected -32005 errors (default "1ms"). */
  tryAgainIn?: string;
  /** Share of requests answered 503. */
  serverError?: number;
  /** Share of requests whose connection is dropped without an answer. */
  drop?: number;
  /** Share of requests answered 200 with a body that is not JSON. */
  malformed?: number;
  /**
   * WebSocket (EVM `/ws`): share of messages the server is about to send (answers and notifications)
   * at which it drops the connection instead, without a closing handshake, as a crashed proxy would.
   */
  socketDrop?: number;
  /**
   * WebSocket: share of messages the server is about to send at which the connection stalls instead:
   * from then on nothing is sent or answered, and the socket stays open (a half-dead connection only a
   * client's keep-alive notices).
   */
  socketStall?: number;
  /** WebSocket: share of upgrade requests refused with HTTP 503 instead of switching protocols. */
  upgradeRefuse?: number;
  /** Seed of the generator that draws the faults (default 1). */
  seed?: number;
}
