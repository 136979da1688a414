/**
 * A problem in a spec, located by file and JSON pointer. The generator stops on the first one and
 * prints `message` as is, so it must say what is wrong and where without a stack trace.
 */
export class SpecError extends Error {
  override readonly name = "SpecError";

  /**
   * @param file - The spec file, as the user would type it (e.g. `specs/platform.openapi.yaml`).
   * @param pointer - JSON pointer into the spec (`""` for the document root).
   * @param problem - What is wrong, in one sentence.
   */
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly problem: string,
  ) {
    super(`${file}#${pointer}: ${problem}`);
  }
}
