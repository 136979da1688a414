import { ConfigurationError } from "../../runtime/errors/configuration-error.js";

/**
 * Checks the client's `feeCeiling` option at construction, so a wrong one fails before any send.
 *
 * @param value - The option as given.
 * @param option - Its name, for the error.
 * @returns The ceiling, or `undefined` for the default rule.
 * @throws {ConfigurationError} unless it is a non-negative bigint.
 * @example
 * checkedFeeCeiling(50n * 10n ** 9n, "feeCeiling"); // 50 gwei per gas
 */
export function checkedFeeCeiling(value: unknown, option: string): bigint | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "bigint" || value < 0n) {
    throw new ConfigurationError(
      option,
      "must be a non-negative bigint, in wei per gas (e.g. 50n * 10n ** 9n)",
    );
  }
  return value;
}
