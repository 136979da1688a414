#!/usr/bin/env node
/**
 * The `chainkit` command: `chainkit sandbox`, `chainkit call`, `chainkit docs`, `chainkit generate`,
 * `chainkit mock`.
 * `chainkit diff`, `chainkit proxy`, `chainkit drift`, `chainkit check`.
 */
import { CALL_HELP, runCallCommand } from "./call-command.js";
import { CHECK_HELP, runCheckCommand } from "./check-command.js";
import { DIFF_HELP, runDiffCommand } from "./diff-command.js";
import { DOCS_HELP, runDocsCommand } from "./docs-command.js";
import { DRIFT_HELP, runDriftCommand } from "./drift-command.js";
import { errorJsonLine } from "./error-output.js";
import { GENERATE_HELP, runGenerateCommand } from "./generate-command.js";
import { MAIN_HELP } from "./main-help.js";
import { MOCK_HELP, runMockCommand } from "./mock-command.js";
import { PROXY_HELP, runProxyCommand } from "./proxy-command.js";
import { runSandboxCommand, SANDBOX_HELP } from "./sandbox-command.js";
import { UsageError } from "./usage-error.js";

const COMMANDS: Record<string, { run: (args: readonly string[]) => Promise<void>; help: string }> = {
  sandbox: { run: runSandboxCommand, help: SANDBOX_HELP },
  call: { run: runCallCommand, help: CALL_HELP },
  docs: { run: runDocsCommand, help: DOCS_HELP },
  generate: { run: runGenerateCommand, help: GENERATE_HELP },
  mock: { run: runMockCommand, help: MOCK_HELP },
  diff: { run: runDiffCommand, help: DIFF_HELP },
  proxy: { run: runProxyCommand, help: PROXY_HELP },
  drift: { run: runDriftCommand, help: DRIFT_HELP },
  check: { run: runCheckCommand, help: CHECK_HELP },
};

async function main(argv: readonly string[]): Promise<void> {
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    console.log(MAIN_HELP);
    return;
  }
  const command = COMMANDS[name];
  if (command === undefined) throw new UsageError(`unknown command "${name}"\n\n${MAIN_HELP}`);
  try {
    await command.run(args);
  } catch (error) {
    if (error instanceof UsageError) error.message += `\n(chainkit ${name} --help lists the options)`;
    throw error;
  }
}

const argv = process.argv.slice(2);
main(argv).catch((error: unknown) => {
  // A wrong command line exits 2; a failure of the work itself (a refused request, a busy port) exits 1.
  if (argv.includes("--json")) console.error(errorJsonLine(error));
  else console.error(`chainkit: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
