/**
 * A module imported on first use and kept: the first call starts the `import()`, every later call
 * gets the same promise. Calling `import()` again for a loaded module is not free (a resolve each
 * time, and under a loader hook such as tsx a round trip to the hook's thread), which on a hot path
 * (a contract read, a signature, a log walk) cost more than the work itself. A failed import is not
 * kept: the next call tries again.
 *
 * @param load - The dynamic import, written out (`() => import("./x.js")`) so bundlers still split it.
 * @returns A function giving the module.
 * @example
 * const evmEntry = loadOnce(() => import("chainkit/evm"));
 * const { verifyProof } = await evmEntry(); // later calls: the same module, no new import
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let module: Promise<T> | undefined;
  return () => {
    module ??= load().catch((error: unknown) => {
      module = undefined;
      throw error;
    });
    return module;
  };
}
