/**
 * Where the guides connect. `chainkit sandbox --env sandbox.env` writes a sandbox's URLs, credentials
 * and fixtures to `sandbox.env` as `CHAINKIT_*` variables; a guide run with them
 * (`node --env-file=sandbox.env --import tsx examples/evm.ts`) talks to that sandbox. Without them, the
 * guide starts a sandbox of its own for the run and stops it at the end.
 */
import type { Sandbox, SandboxOptions } from "chainkit/sandbox";

/** The variables a guide reads, and the sandbox it may have started. */
export interface SandboxEnv {
  /** A variable's value, e.g. `get("CHAINKIT_EVM_URL")`; throws naming the variable when it is not set. */
  get(name: string): string;
  /** Stops the sandbox this run started (nothing to stop when the variables came from outside). */
  close(): Promise<void>;
}

/**
 * The `CHAINKIT_*` variables of the environment when it has any URL among them, else those of a
 * sandbox started now with `options`.
 *
 * @example
 * const env = await sandboxEnv();
 * const url = env.get("CHAINKIT_EVM_URL");
 * await env.close();
 */
export async function sandboxEnv(options: SandboxOptions = {}): Promise<SandboxEnv> {
  if (Object.keys(process.env).some((name) => /^CHAINKIT_\w+_URL$/.test(name))) {
    return { get: (name) => readVariable(process.env, name), close: async () => {} };
  }
  // Loaded only here: a run against a sandbox that is already up does not load the sandbox's code.
  const { startSandbox } = await import("chainkit/sandbox");
  const sandbox = await startSandbox(options);
  const variables = sandboxVariables(sandbox, options.exchangeNetwork);
  return { get: (name) => readVariable(variables, name), close: () => sandbox.close() };
}

/**
 * The variables `chainkit sandbox --env` writes for a sandbox: `urls.evm` is `CHAINKIT_EVM_URL`,
 * `credentials.nodeToken` is `CHAINKIT_NODE_TOKEN`, a list fixture is joined by commas, and
 * `CHAINKIT_EXCHANGE_NETWORK` names the network its exchange takes signatures for.
 *
 * @example
 * sandboxVariables(sandbox).CHAINKIT_NODE_TOKEN; // the demo node's token
 */
export function sandboxVariables(
  sandbox: Sandbox,
  exchangeNetwork: "mainnet" | "testnet" = "mainnet",
): Record<string, string> {
  const name = (key: string) => `CHAINKIT_${key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase()}`;
  const credentials = sandbox.credentials as unknown as Record<string, string>;
  return Object.fromEntries([
    ...Object.entries(sandbox.urls).map(([surface, url]) => [name(`${surface}Url`), url]),
    ...Object.keys(credentials).map((key) => [name(key), String(credentials[key])]),
    ...Object.entries(sandbox.fixtures).map(([key, value]) => [
      name(key),
      Array.isArray(value) ? value.join(",") : String(value),
    ]),
    ["CHAINKIT_EXCHANGE_NETWORK", exchangeNetwork],
  ]);
}

function readVariable(variables: Readonly<Record<string, string | undefined>>, name: string): string {
  const value = variables[name];
  if (value === undefined || value === "") {
    throw new Error(
      `${name} is not set: start a sandbox with \`chainkit sandbox --env sandbox.env\` and run this guide with \`node --env-file=sandbox.env\`, or set no CHAINKIT_* variable and the guide starts its own sandbox`,
    );
  }
  return value;
}
