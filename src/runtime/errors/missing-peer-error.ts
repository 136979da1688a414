import { ChainkitError } from "./chainkit-error.js";

/**
 * An optional peer dependency that a feature needs is not installed: `ganache` for the sandbox's EVM
 * node, `@grpc/grpc-js` for `chainkit/grpc`. The message names the `npm install` that fixes it.
 *
 * @example
 * try { await startSandbox(); } catch (err) {
 *   if (err instanceof MissingPeerError) console.log(err.packageName, err.installCommand); // "ganache" "npm install ganache"
 * }
 */
export class MissingPeerError extends ChainkitError {
  override name = "MissingPeerError";
  /** The package to install, e.g. `ganache`. */
  readonly packageName: string;
  /** The command that installs it, e.g. `npm install ganache`. */
  readonly installCommand: string;

  constructor(init: { packageName: string; neededBy: string; cause?: unknown }) {
    const installCommand = `npm install ${init.packageName}`;
    super(
      `${init.neededBy} needs the package ${init.packageName}, which is not installed (it is an optional peer dependency of chainkit). Run: ${installCommand}`,
      { cause: init.cause },
    );
    this.packageName = init.packageName;
    this.installCommand = installCommand;
  }
}
