/**
 * Thrown when the sandbox is about to answer something its own spec does not allow. It is a bug in
 * the sandbox, never the caller's fault; the HTTP core turns it into a 500.
 */
export class SandboxContractError extends Error {
  override readonly name = "SandboxContractError";
}
