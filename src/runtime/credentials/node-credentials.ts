import { ConfigurationError } from "../errors/configuration-error.js";
import { Secret, type SecretInput, toSecret } from "./secret.js";
import { hasLoneSurrogate, secretProblem } from "./secret-rules.js";

/**
 * How a node client proves who it is: the node's auth token, sent as a path segment
 * (`https://host/<token>/…`), or its username and password, sent as HTTP basic auth.
 * Nodes refuse bearer API keys.
 */
export type NodeCredentials = { token: SecretInput } | { username: string; password: SecretInput };

/** Node credentials after checking, with the secret parts wrapped. */
export type CheckedNodeCredentials =
  | { kind: "token"; token: Secret }
  | { kind: "basic"; username: string; password: Secret };

const BEARER_LIKE = new Set(["apiKey", "api_key", "bearer", "authorization", "Authorization", "key"]);
const ALLOWED = new Set(["token", "username", "password"]);

/**
 * Checks node credentials and wraps their secrets.
 *
 * @param credentials - `{ token }` or `{ username, password }`, exactly one of the two.
 * @returns The credentials with a `kind` tag and secrets wrapped in `Secret`.
 * @throws {ConfigurationError} (option `credentials`) for a bearer/API-key credential, a mix of token and
 *   username/password, unknown or missing fields, empty values, a token containing whitespace, or a
 *   token or password that breaks the secret rules (at least 8 characters, well-formed Unicode, a token
 *   not `.` or `..`); the message says which rule, never the secret.
 * @example
 * checkNodeCredentials({ token: "0123abcd" }); // { kind: "token", token: Secret(***) }
 * checkNodeCredentials({ apiKey: "k" } as never); // throws ConfigurationError
 */
export function checkNodeCredentials(credentials: NodeCredentials): CheckedNodeCredentials {
  if (credentials === null || typeof credentials !== "object") {
    throw invalid("must be { token } or { username, password }");
  }
  const keys = Object.keys(credentials);
  const bearer = keys.find((key) => BEARER_LIKE.has(key));
  if (bearer !== undefined) {
    throw invalid(
      `nodes do not accept a bearer/API key (${bearer}); use the node's auth key as { token } or its username and password as { username, password }`,
    );
  }
  const unknown = keys.filter((key) => !ALLOWED.has(key));
  if (unknown.length > 0) throw invalid(`unknown field(s) ${unknown.join(", ")}`);

  const fields = credentials as { token?: unknown; username?: unknown; password?: unknown };
  const hasBasic = fields.username !== undefined || fields.password !== undefined;
  if (fields.token !== undefined) {
    if (hasBasic) throw invalid("give either { token } or { username, password }, not both");
    const token = secretText(fields.token, "token");
    if (/\s/.test(token.reveal())) throw invalid("token must not contain whitespace (give the bare token)");
    return { kind: "token", token };
  }
  if (!hasBasic) throw invalid("must be { token } or { username, password }");
  if (typeof fields.username !== "string" || fields.username === "") {
    throw invalid("username must be a non-empty string");
  }
  if (fields.username.includes(":"))
    throw invalid("username must not contain ':' (basic auth cannot carry it)");
  if (hasLoneSurrogate(fields.username)) {
    throw invalid("username holds a lone UTF-16 surrogate (half of a character), which no header can carry");
  }
  return { kind: "basic", username: fields.username, password: secretText(fields.password, "password") };
}

function secretText(value: unknown, field: string): Secret {
  if (typeof value !== "string" && !(value instanceof Secret)) {
    throw invalid(`${field} must be a non-empty string`);
  }
  const secret = toSecret(value);
  if (secret.reveal() === "") throw invalid(`${field} must be a non-empty string`);
  const problem = secretProblem(secret.reveal(), field);
  if (problem !== undefined) throw invalid(problem);
  return secret;
}

function invalid(message: string): ConfigurationError {
  return new ConfigurationError("credentials", message);
}
