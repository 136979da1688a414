import { ChainkitError } from "../../runtime/errors/chainkit-error.js";
import { describeProblem, type PackageProblem } from "./generator-packages.js";

/**
 * `chainkit generate` cannot run: packages it needs are absent or at other versions where it
 * installs them, and installing them failed. The message names each package with the version it
 * needs and what was found, and the command that fixes it.
 *
 * @example
 * // chainkit generate needs ts-morph 27.0.2 (absent), yaml 2.9.1 (found 2.3.0) in ~/.cache/chainkit/generator-…
 * // Run: npm ci --prefix "~/.cache/chainkit/generator-…" --ignore-scripts --no-audit --no-fund
 */
export class GeneratorPackagesError extends ChainkitError {
  override name = "GeneratorPackagesError";
  /** The packages that are absent or at another version. */
  readonly problems: readonly PackageProblem[];
  /** The command that installs them at the versions the generator needs. */
  readonly fixCommand: string;

  constructor(problems: readonly PackageProblem[], fixCommand: string, npmOutput?: string) {
    super(
      `chainkit generate needs ${problems.map(describeProblem).join(", ")}, and could not install them. Run: ${fixCommand}`,
      npmOutput === undefined ? {} : { details: `npm said:\n${npmOutput}` },
    );
    this.problems = problems;
    this.fixCommand = fixCommand;
  }
}
