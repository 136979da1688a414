import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * What `chainkit proxy`, `drift` or `check` was given cannot be read: an unknown surface, a capture
 * file that is neither HAR nor the proxy's NDJSON, a target that is not a URL. Thrown before
 * anything is checked.
 */
export class DriftSourceError extends ChainkitError {
  override name = "DriftSourceError";

  /**
   * @param source - What the user gave (`capture.har`, `--surface evm`, line 3 of `traffic.ndjson`).
   * @param problem - What is wrong and what to do, in words.
   */
  constructor(
    readonly source: string,
    problem: string,
  ) {
    super(`${source}: ${problem}`);
  }
}
