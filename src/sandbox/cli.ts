/**
 * `npm run sandbox`: starts every surface on 127.0.0.1, prints the base URLs and the demo
 * credentials, and stops cleanly on Ctrl-C (SIGINT) or SIGTERM; a second Ctrl-C exits at once.
 *
 *   npm run sandbox -- [--node-startup-ms 1500] [--testnet] [--seed 7]
 */
import { parseArgs } from "node:util";
import { type Sandbox, startSandbox } from "./index.js";
import { signalStopper } from "./stop-on-signal.js";

const USAGE = "usage: npm run sandbox -- [--node-startup-ms <ms>] [--testnet] [--seed <n>]";

function integerFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0)
    throw new UsageError(`--${name} must be a non-negative integer`);
  return parsed;
}

function describe(sandbox: Sandbox): string {
  const { urls, credentials, fixtures } = sandbox;
  return [
    "chainkit sandbox running (loopback only; these credentials exist only here)",
    "",
    `  platform  ${urls.platform}   Authorization: Bearer ${credentials.apiKey}`,
    `  exchange  ${urls.exchange}   POST /exchange`,
    `  evm       ${urls.evm}/${credentials.nodeToken}${sandbox.evm.path}   (chain id ${sandbox.evm.chainId})`,
    `  wallet    ${urls.wallet}/${credentials.nodeToken}/wallet/...`,
    `  indexer   ${urls.indexer}/${credentials.nodeToken}/api/v3/actions`,
    "",
    `  node token          ${credentials.nodeToken}`,
    `  node basic auth     ${credentials.username}:${credentials.password}`,
    `  exchange key        ${credentials.exchangePrivateKey}`,
    `  exchange address    ${fixtures.exchangeAddress}`,
    `  resting order ids   ${fixtures.restingOids.join(", ")}`,
    `  wallet key          ${credentials.walletPrivateKey}`,
    `  wallet address      ${fixtures.walletAddress}   (TRC-20 token ${fixtures.walletTrc20Address})`,
    "",
    "Press Ctrl-C to stop.",
  ].join("\n");
}

/** A wrong command line: the message is followed by the usage line. */
class UsageError extends Error {}

function readFlags() {
  try {
    return parseArgs({
      options: {
        "node-startup-ms": { type: "string" },
        testnet: { type: "boolean" },
        seed: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function main(): Promise<void> {
  const values = readFlags();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const sandbox = await startSandbox({
    nodeStartupMs: integerFlag(values["node-startup-ms"], "node-startup-ms"),
    exchangeNetwork: values.testnet ? "testnet" : "mainnet",
    seed: integerFlag(values.seed, "seed"),
  });
  console.log(describe(sandbox));

  const stop = signalStopper(() => sandbox.close());
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  // Only a wrong command line needs the usage line; a failure to start (a port, ganache) does not.
  const usage = error instanceof UsageError ? `\n${USAGE}` : "";
  console.error(`sandbox: ${(error as Error).message}${usage}`);
  process.exit(1);
});
