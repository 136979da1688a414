/**
 * The bodies a java-tron node answers (at HTTP 200) when it rejects a request:
 * `{"Error": "<exception class> : <message>"}`.
 */

/** `visible: false` with a `value` that is not hex. */
export const BAD_HEX_ERROR = {
  Error:
    "class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string",
};

/** A body that is not JSON. */
export function jsonError(message: string): { Error: string } {
  return { Error: `class org.tron.json.JSONException : ${message}` };
}

/** A body that is JSON but not what the servlet reads (a missing or mistyped field). */
export function invalidArgumentError(message: string): { Error: string } {
  return { Error: `class java.lang.IllegalArgumentException : ${message}` };
}
