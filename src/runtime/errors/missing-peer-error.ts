import { ChainkitError } from "./chainkit-error.js";

/**
 * An optional peer dependency that a feature needs is not installed: `@grpc/grpc-js` for
 * `chainkit/grpc`, `viem` for `chainkit/viem`. The message names the `npm install` that fixes it.
 *
 * @example
 * try { await import("chainkit/grpc"); } catch (err) {
 *   if (err instanceof MissingPeerError) console.log(err.packageName, err.installCommand); // "@grpc/grpc-js" "npm install @grpc/grpc-js"
 * }
 */
export class MissingPeerError extends ChainkitError {
  override name = "MissingPeerError";
  /** The package to install, e.g. `@grpc/grpc-js`. */
  readonly packageName: string;
  /** The command that installs it, e.g. `npm install @grpc/grpc-js`. */
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
