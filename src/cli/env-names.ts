/**
 * The environment variables the CLI reads and writes. `chainkit sandbox --env` writes one per URL,
 * credential and fixture; `chainkit call` reads the URL and credentials of the surface it calls.
 * Names are derived, so a credential the sandbox adds later gets a variable with no CLI change.
 */

/** Prefix of every variable. */
const PREFIX = "CHAINKIT_";

/**
 * The variable of a credential or fixture: `apiKey` -> `CHAINKIT_API_KEY`,
 * `walletPrivateKey` -> `CHAINKIT_WALLET_PRIVATE_KEY`.
 *
 * @example
 * envNameOf("nodeToken"); // "CHAINKIT_NODE_TOKEN"
 */
export function envNameOf(key: string): string {
  return (
    PREFIX +
    key
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .replace(/[^A-Za-z0-9]+/g, "_")
      .toUpperCase()
  );
}

/**
 * The variable of a surface's base URL: `evm` -> `CHAINKIT_EVM_URL`.
 *
 * @example
 * urlEnvName("platform"); // "CHAINKIT_PLATFORM_URL"
 */
export function urlEnvName(surface: string): string {
  return envNameOf(`${surface}Url`);
}

/** The credential variables `chainkit call` reads (named as the sandbox's credentials are). */
export const CREDENTIAL_ENV = Object.freeze({
  apiKey: envNameOf("apiKey"),
  nodeToken: envNameOf("nodeToken"),
  username: envNameOf("username"),
  password: envNameOf("password"),
  exchangePrivateKey: envNameOf("exchangePrivateKey"),
});

/** The exchange network `chainkit call` signs for (`mainnet` or `testnet`), as `chainkit sandbox` writes it. */
export const EXCHANGE_NETWORK_ENV = envNameOf("exchangeNetwork");
