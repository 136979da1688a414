import { ConfigurationError } from "../errors/configuration-error.js";
import type { WebSocketConstructor } from "./websocket-like.js";

/** How a client picks its WebSocket class. */
export interface WebSocketChoice {
  /** The class given by the caller, if any (treated as browser-like: no headers). */
  given?: WebSocketConstructor | undefined;
  /** Whether the upgrade request must carry headers (basic auth). */
  needsHeaders: boolean;
}

/**
 * A choice {@link checkWebSocketChoice} accepted, with what the runtime offers settled then: the
 * code that opens sockets reads it instead of probing the runtime, so it shares nothing with the
 * constructors' checks (which a bundler would otherwise put in a chunk of its own).
 */
export interface CheckedWebSocketChoice extends WebSocketChoice {
  /** Whether to load the `ws` package when no class is given (a Node-like runtime). */
  loadsWsPackage: boolean;
}

/**
 * Whether this runtime can load the `ws` package (Node, and runtimes that emulate it).
 *
 * @example
 * canLoadWsPackage(); // true in Node
 */
export function canLoadWsPackage(): boolean {
  const versions = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions;
  return typeof versions?.node === "string";
}

/**
 * Checks, when a client is created, that a WebSocket class able to connect exists: headers (basic
 * auth) need the `ws` package, which only Node-like runtimes load; browsers and other runtimes with
 * only a browser-style `WebSocket` support token mode.
 *
 * @returns The choice, with whether the `ws` package is to be loaded.
 * @throws {ConfigurationError} (option `credentials`) for basic auth where only a browser-style class
 *   exists; (option `WebSocket`) when there is no WebSocket class at all.
 * @example
 * checkWebSocketChoice({ needsHeaders: false }); // { needsHeaders: false, loadsWsPackage: true } in Node
 */
export function checkWebSocketChoice(choice: WebSocketChoice): CheckedWebSocketChoice {
  const nodeLike = canLoadWsPackage();
  if (choice.needsHeaders && (choice.given !== undefined || !nodeLike)) {
    throw new ConfigurationError(
      "credentials",
      "basic auth over a WebSocket needs an Authorization header on the upgrade request, which a browser-style " +
        "WebSocket cannot send; use the node's token ({ token }, sent in the URL), or run in Node, where chainkit uses the ws package",
    );
  }
  if (choice.given === undefined && !nodeLike && typeof globalThis.WebSocket !== "function") {
    throw new ConfigurationError(
      "WebSocket",
      "this runtime has no WebSocket class; pass one as the WebSocket option",
    );
  }
  return { ...choice, loadsWsPackage: nodeLike };
}
