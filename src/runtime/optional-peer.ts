import { MissingPeerError } from "./errors/missing-peer-error.js";

/**
 * Imports an optional peer dependency, turning "Cannot find package" into a {@link MissingPeerError}
 * that names the `npm install` to run. Any other failure (the package is there but broken, or one
 * of its own dependencies is missing) is thrown as it is.
 *
 * @param packageName - The peer's package name, e.g. `@grpc/grpc-js`.
 * @param neededBy - What needs it, for the message, e.g. `chainkit/grpc`.
 * @param load - Imports the package (default `import(packageName)`); given so bundlers see a literal specifier.
 * @returns The package's module namespace.
 * @throws {MissingPeerError} when the package is not installed.
 * @example
 * const grpc = await importOptionalPeer<typeof import("@grpc/grpc-js")>("@grpc/grpc-js", "chainkit/grpc");
 */
export async function importOptionalPeer<T>(
  packageName: string,
  neededBy: string,
  load: () => Promise<unknown> = () => import(packageName),
): Promise<T> {
  try {
    return (await load()) as T;
  } catch (error) {
    if (isMissing(error, packageName)) throw new MissingPeerError({ packageName, neededBy, cause: error });
    throw error;
  }
}

/** Whether the import failed because this very package cannot be found. */
function isMissing(error: unknown, packageName: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    typeof message === "string" &&
    message.includes(`'${packageName}'`)
  );
}
