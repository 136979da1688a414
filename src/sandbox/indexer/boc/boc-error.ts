/** Why a BoC or a message in it could not be read; the sandbox answers it as the service's 422. */
export class BocError extends Error {
  override readonly name = "BocError";
}
