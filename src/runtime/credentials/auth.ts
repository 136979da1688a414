import { ConfigurationError } from "../errors/configuration-error.js";
import { checkNodeCredentials, type NodeCredentials } from "./node-credentials.js";
import { redactUrl } from "./redact.js";
import { Secret, type SecretInput, toSecret } from "./secret.js";
import { secretProblem } from "./secret-rules.js";

/**
 * How a caller attaches credentials to each request, and hides them again in anything it reports.
 * Made by {@link noAuth}, {@link bearerAuth} or {@link nodeAuth}; holds its secrets in closures, so
 * inspecting or serializing it shows only the `scheme`.
 */
export interface Auth {
  readonly scheme: "none" | "bearer" | "token" | "basic";
  /** Joins a base URL and a path (`"/v1/nodes/"`, `"/evm"`, `""`), inserting a path token where the scheme has one. */
  resolveUrl(baseUrl: string, path: string): string;
  /** The headers that carry the credential (their values are secret). */
  headers(): Record<string, string>;
  /** Replaces every credential in `text` by `***` and drops URL user info. */
  redact(text: string): string;
}

/**
 * No credentials: for public endpoints and for tests.
 *
 * @example
 * createRestCaller({ baseUrl: "http://127.0.0.1:8080", auth: noAuth() });
 */
export function noAuth(): Auth {
  return {
    scheme: "none",
    resolveUrl: joinUrl,
    headers: () => ({}),
    redact: (text) => redactUrl(text, []),
  };
}

/**
 * `Authorization: Bearer <apiKey>`, the platform API's only scheme.
 *
 * @param apiKey - The platform API key.
 * @throws {ConfigurationError} (option `apiKey`) when the key is not a string, is shorter than 8
 *   characters, or holds whitespace or anything but printable ASCII.
 * @example
 * const auth = bearerAuth(process.env.PLATFORM_API_KEY ?? "");
 */
export function bearerAuth(apiKey: SecretInput): Auth {
  if (typeof apiKey !== "string" && !(apiKey instanceof Secret)) {
    throw new ConfigurationError("apiKey", "must be a non-empty string");
  }
  const key = toSecret(apiKey);
  if (key.reveal() === "") throw new ConfigurationError("apiKey", "must be a non-empty string");
  if (/\s/.test(key.reveal()))
    throw new ConfigurationError("apiKey", "must not contain whitespace (give the bare key)");
  const problem = secretProblem(key.reveal(), "the key");
  if (problem !== undefined) throw new ConfigurationError("apiKey", problem);
  if (!/^[\x21-\x7e]+$/.test(key.reveal())) {
    throw new ConfigurationError(
      "apiKey",
      "must be printable ASCII (it travels in the Authorization header)",
    );
  }
  const secrets = [key.reveal()];
  return {
    scheme: "bearer",
    resolveUrl: joinUrl,
    headers: () => ({ authorization: `Bearer ${key.reveal()}` }),
    redact: (text) => redactUrl(text, secrets),
  };
}

/**
 * Node credentials: `{ token }` puts the token in the path (`{url}/{token}{path}`), `{ username, password }`
 * sends `Authorization: Basic` to `{url}{path}`.
 *
 * @param credentials - `{ token }` or `{ username, password }`.
 * @throws {ConfigurationError} (option `credentials`) for a bearer key, mixed, unknown or empty
 *   credentials, or a token or password that breaks the secret rules (8 characters at least, well-formed
 *   Unicode, a token not `.` or `..`).
 * @example
 * const auth = nodeAuth({ token: "0123abcd" });
 * auth.resolveUrl("https://nd-1.example.com", "/evm"); // "https://nd-1.example.com/0123abcd/evm"
 */
export function nodeAuth(credentials: NodeCredentials): Auth {
  const checked = checkNodeCredentials(credentials);
  if (checked.kind === "token") {
    const { token } = checked;
    const secrets = [token.reveal()];
    return {
      scheme: "token",
      resolveUrl: (baseUrl, path) =>
        joinUrl(joinUrl(baseUrl, `/${encodeURIComponent(token.reveal())}`), path),
      headers: () => ({}),
      redact: (text) => redactUrl(text, secrets),
    };
  }
  const { username, password } = checked;
  const header = basicAuthorization(username, password.reveal());
  const secrets = [password.reveal(), header.slice("Basic ".length)];
  return {
    scheme: "basic",
    resolveUrl: joinUrl,
    headers: () => ({ authorization: header }),
    redact: (text) => redactUrl(text, secrets),
  };
}

/**
 * The `Authorization` value for HTTP basic auth, UTF-8 encoded as RFC 7617 asks.
 *
 * @example
 * basicAuthorization("user", "pass"); // "Basic dXNlcjpwYXNz"
 */
export function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/**
 * Joins a base URL and a path with exactly one slash between them.
 *
 * @example
 * joinUrl("https://host/", "/v1/nodes/"); // "https://host/v1/nodes/"
 * joinUrl("https://host", ""); // "https://host"
 */
export function joinUrl(baseUrl: string, path: string): string {
  const base = baseUrl.endsWith("/") ? baseUrl.slice(0, -1) : baseUrl;
  if (path === "") return base;
  return path.startsWith("/") ? `${base}${path}` : `${base}/${path}`;
}
