/** The request an answer belongs to, as it may be shown in errors. */
export interface ShownRequest {
  readonly method: string;
  /** URL with credentials replaced by `***`. */
  readonly url: string;
  /** Scrubs credentials from body text. */
  readonly redact: (text: string) => string;
  /** Which credentials went with the request, so a 401 can say whether they were wrong or missing. */
  readonly credentials?: CredentialsSent;
}

/** The credentials a request carried: none, a bearer key, a node token in the path, or basic auth. */
export type CredentialsSent = "none" | "bearer" | "token" | "basic";

/**
 * Describes a request for errors, redacting its URL only when an error first reads it: parsing and
 * scrubbing the URL on every call would cost more than the rest of a call's bookkeeping. The URL as
 * sent is a private field, so inspecting or serializing the description shows no credentials. (A
 * class, because an object literal with a getter is about 250 times slower to create in V8.)
 *
 * @param method - The HTTP method.
 * @param url - The URL as sent, credentials included.
 * @param redact - Scrubs credentials from text (the auth's `redact`).
 * @param credentials - Which credentials the request carries (the auth's `scheme`).
 * @returns The description; its `url` is computed once, on first read.
 * @example
 * const shown = showRequest("GET", "https://host/evm?key=tok", (t) => t.replaceAll("tok", "***"));
 * shown.url; // "https://host/evm?key=***"
 */
export function showRequest(
  method: string,
  url: string,
  redact: (text: string) => string,
  credentials?: CredentialsSent,
): ShownRequest {
  return new LazilyShownRequest(method, url, redact, credentials);
}

class LazilyShownRequest implements ShownRequest {
  readonly #sentUrl: string;
  #shownUrl: string | undefined;

  constructor(
    readonly method: string,
    sentUrl: string,
    readonly redact: (text: string) => string,
    readonly credentials?: CredentialsSent,
  ) {
    this.#sentUrl = sentUrl;
  }

  get url(): string {
    this.#shownUrl ??= this.redact(asSent(this.#sentUrl));
    return this.#shownUrl;
  }
}

/** The URL as fetch sends it: `URL` resolves `.` and `..` segments and normalises the rest. */
function asSent(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
