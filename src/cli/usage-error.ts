/** A wrong command line: the CLI prints the message and the command's usage, and exits 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * Runs a command's option parsing, turning what `parseArgs` refuses (an unknown option, a missing
 * value) into a {@link UsageError}, so the CLI answers it with the command's usage.
 *
 * @param parse - The command's parsing of its arguments.
 * @example
 * import { parseArgs } from "node:util";
 * const { values } = parsedOrUsageError(() => parseArgs({ args: ["--out", "x"], options: { out: { type: "string" } } }));
 */
export function parsedOrUsageError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
