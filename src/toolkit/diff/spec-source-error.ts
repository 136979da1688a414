import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * A spec given to `chainkit diff` could not be read: a file or git revision that does not exist, or
 * two versions of different kinds (OpenAPI against OpenRPC). Thrown before anything is compared.
 */
export class SpecSourceError extends ChainkitError {
  override name = "SpecSourceError";

  /**
   * @param source - The source as the user gave it (`specs/a.yaml`, `git:HEAD~1:specs/a.yaml`).
   * @param problem - What is wrong and what to do, in words.
   */
  constructor(
    readonly source: string,
    problem: string,
  ) {
    super(`${source}: ${problem}`);
  }
}
