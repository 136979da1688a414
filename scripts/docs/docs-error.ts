/** Thrown when the docs cannot be built from the specs as they are (a bad ref, a missing file). */
export class DocsError extends Error {
  override readonly name = "DocsError";
}
