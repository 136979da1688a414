import { ChainkitError, type ChainkitErrorOptions } from "../../runtime/errors/chainkit-error.js";

/** What an {@link ExchangeError} points at, so callers can react without parsing the message. */
export interface ExchangeErrorOptions extends ChainkitErrorOptions {
  /** JSON pointer to the input at fault, e.g. `/modifies/3/order/t/limit/tif`, when the input is to blame. */
  field?: string;
  /** The service's own message, when the service refused the whole request. */
  serviceMessage?: string;
  /** The HTTP status of the refusal, when there was a response. */
  status?: number;
}

/**
 * An exchange action could not be built or signed, or the service refused the whole request
 * (`{"status":"err"}` or an HTTP 422 text). Errors of single entries inside a batch are not thrown:
 * they are returned as `{ error }` statuses.
 *
 * @example
 * try { await exchange.batchModify([{ oid: 77738308, order: { a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } } }]); } catch (err) {
 *   if (err instanceof ExchangeError) console.log(err.field ?? err.serviceMessage);
 * }
 */
export class ExchangeError extends ChainkitError {
  override name = "ExchangeError";
  /** JSON pointer to the input at fault, if the input is to blame. */
  readonly field: string | undefined;
  /** The service's message, if the service refused the request. */
  readonly serviceMessage: string | undefined;
  /** The HTTP status, if there was a response. */
  readonly status: number | undefined;

  constructor(shortMessage: string, options: ExchangeErrorOptions = {}) {
    super(shortMessage, options);
    this.field = options.field;
    this.serviceMessage = options.serviceMessage;
    this.status = options.status;
  }
}
