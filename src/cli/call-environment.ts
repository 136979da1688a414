/**
 * What `chainkit call` reads from the environment: each surface's URL and the credentials it takes.
 * A missing variable is a {@link UsageError} that names it.
 */
import { type Auth, bearerAuth, noAuth, nodeAuth } from "../runtime/credentials/auth.js";
import type { NodeCredentials } from "../runtime/credentials/node-credentials.js";
import { CREDENTIAL_ENV, EXCHANGE_NETWORK_ENV, urlEnvName } from "./env-names.js";
import type { CallSurface } from "./surfaces.js";
import { UsageError } from "./usage-error.js";

/**
 * The surface's base URL, from `CHAINKIT_<SURFACE>_URL`.
 *
 * @example
 * surfaceUrl(await loadSurface("evm")); // "http://127.0.0.1:8502"
 */
export function surfaceUrl(surface: CallSurface): string {
  const name = urlEnvName(surface.name);
  const url = process.env[name];
  if (url === undefined || url === "") {
    throw new UsageError(
      `set ${name} to the ${surface.name} base URL (chainkit sandbox --env <file> writes it)`,
    );
  }
  return url;
}

/**
 * The node credentials: `CHAINKIT_NODE_TOKEN`, or `CHAINKIT_USERNAME` with `CHAINKIT_PASSWORD`.
 *
 * @example
 * nodeCredentials(await loadSurface("wallet")); // { token: "…" }
 */
export function nodeCredentials(surface: CallSurface): NodeCredentials {
  const env = process.env;
  const token = env[CREDENTIAL_ENV.nodeToken];
  if (token) return { token };
  const username = env[CREDENTIAL_ENV.username];
  const password = env[CREDENTIAL_ENV.password];
  if (username && password) return { username, password };
  throw new UsageError(
    `set ${CREDENTIAL_ENV.nodeToken} (or ${CREDENTIAL_ENV.username} and ${CREDENTIAL_ENV.password}) to call ${surface.name}`,
  );
}

/**
 * How the surface's requests carry credentials, as its spec says: the API key as a bearer token,
 * the node credentials, or none.
 *
 * @example
 * surfaceAuth(await loadSurface("platform")).scheme; // "bearer"
 */
export function surfaceAuth(surface: CallSurface): Auth {
  if (surface.auth === "bearer") {
    const key = process.env[CREDENTIAL_ENV.apiKey];
    if (!key) throw new UsageError(`set ${CREDENTIAL_ENV.apiKey} to the API key of ${surface.name}`);
    return bearerAuth(key);
  }
  if (surface.auth === "node") return nodeAuth(nodeCredentials(surface));
  return noAuth();
}

/** The key that signs exchange actions, and the network the signatures are for. */
export interface ExchangeSigning {
  privateKey: `0x${string}`;
  network: "mainnet" | "testnet";
}

/**
 * The exchange signing settings: `CHAINKIT_EXCHANGE_PRIVATE_KEY`, and `CHAINKIT_EXCHANGE_NETWORK`
 * (default `mainnet`).
 *
 * @param action - The action to sign, for the message when the key is missing.
 * @throws {UsageError} when the key is not set, or the network is neither `mainnet` nor `testnet`.
 * @example
 * const { privateKey, network } = exchangeSigning("order");
 */
export function exchangeSigning(action: string): ExchangeSigning {
  const key = process.env[CREDENTIAL_ENV.exchangePrivateKey];
  if (!key) {
    throw new UsageError(
      `${action} is a signed exchange action: set ${CREDENTIAL_ENV.exchangePrivateKey} to the private key ` +
        "that signs it (0x and 64 hex digits; chainkit sandbox --env writes the sandbox's)",
    );
  }
  const network = process.env[EXCHANGE_NETWORK_ENV] || "mainnet";
  if (network !== "mainnet" && network !== "testnet") {
    throw new UsageError(`${EXCHANGE_NETWORK_ENV} must be mainnet or testnet, not "${network}"`);
  }
  // The exchange client checks the key's form (and never shows it in its error).
  return { privateKey: key as `0x${string}`, network };
}
