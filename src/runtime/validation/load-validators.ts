import type { ValidatorsLoader } from "../operation.js";

/** Anything whose validators are imported on first use: a REST operation or a JSON-RPC method. */
export interface HasValidators<T> {
  validators: ValidatorsLoader<T>;
}

/** Loaded modules, by loader: a descriptor's loader is created once, with the descriptor. */
const loaded = new WeakMap<ValidatorsLoader<unknown>, unknown>();
/** Imports under way, so that calls made together import a module once. */
const loading = new WeakMap<ValidatorsLoader<unknown>, Promise<unknown>>();

/**
 * The validators of an operation once they are loaded, without waiting: the fast path of every
 * call after the first.
 *
 * @param descriptor - A generated operation or method descriptor.
 * @returns Its validators module, or `undefined` while it has not been loaded.
 * @example
 * const validators = loadedValidators(evmMethods.eth_chainId) ?? (await loadValidators(evmMethods.eth_chainId));
 */
export function loadedValidators<T>(descriptor: HasValidators<T>): T | undefined {
  return loaded.get(descriptor.validators) as T | undefined;
}

/**
 * Loads an operation's validators module (once; later calls get the same module) so that
 * {@link loadedValidators} answers without waiting from then on. A failed import is not kept: the
 * next call tries again.
 *
 * @param descriptor - A generated operation or method descriptor.
 * @returns Its validators module.
 * @throws Whatever the import throws (a missing file, for example).
 * @example
 * const { body } = await loadValidators(platformOperations.createNode);
 */
export function loadValidators<T>(descriptor: HasValidators<T>): Promise<T> {
  const loader = descriptor.validators as ValidatorsLoader<unknown>;
  if (loaded.has(loader)) return Promise.resolve(loaded.get(loader) as T);
  let pending = loading.get(loader);
  if (pending === undefined) {
    pending = loader().then(
      (module) => {
        loaded.set(loader, module);
        loading.delete(loader);
        return module;
      },
      (error: unknown) => {
        loading.delete(loader);
        throw error;
      },
    );
    loading.set(loader, pending);
  }
  return pending as Promise<T>;
}

/**
 * Starts importing a descriptor's validators ahead of the call that needs them, for code that is
 * itself still loading: the two chunks then load side by side. The call awaits the same import
 * through {@link loadValidators} and reports what fails (a missing chunk, or a descriptor that is
 * not one), so nothing is reported here.
 *
 * @param descriptor - What a caller passed as a descriptor, checked or not.
 * @example
 * startLoadingValidators(evmMethods.eth_getBlockByHash); // later: await loadValidators(…) finds it loading
 */
export function startLoadingValidators(descriptor: unknown): void {
  const candidate = descriptor as Partial<HasValidators<unknown>> | undefined;
  if (typeof candidate?.validators !== "function") return;
  loadValidators(candidate as HasValidators<unknown>).catch(() => undefined);
}
