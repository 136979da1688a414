import { ChainkitError } from "./chainkit-error.js";

/**
 * A client was created with options that cannot work: a URL that does not parse, plain HTTP to a host
 * that is not loopback, a URL with user info, credentials that are empty, mixed, or of a kind the
 * surface refuses (a bearer key for a node), or a malformed usage budget. Thrown at construction,
 * before any request.
 *
 * @example
 * try { createEvmClient({ url: "http://node.example.com", credentials: { token } }); } catch (err) {
 *   if (err instanceof ConfigurationError) console.log(err.option); // "url"
 * }
 */
export class ConfigurationError extends ChainkitError {
  override name = "ConfigurationError";
  /** The option at fault, e.g. `url`, `credentials`, `usage.budget`. */
  readonly option: string;

  constructor(option: string, message: string) {
    super(`Invalid option ${option}: ${message}`);
    this.option = option;
  }
}
