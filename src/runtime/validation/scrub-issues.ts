import type { FieldIssue } from "../errors/request-validation-error.js";
import { pointerToken } from "../json/json-pointer.js";

/**
 * Issues about a server's answer with the client's secrets scrubbed from pointers and messages: a
 * pointer names the answer's own keys, and a server may use a token as a key. Each pointer token is
 * scrubbed as the key it stands for (`~1` read back as `/`), so escaping cannot hide a secret.
 *
 * @param issues - Worded issues, pointers into the answer.
 * @param redact - Replaces secrets in a string by `***`.
 * @returns The issues, scrubbed.
 * @example
 * scrubIssues([{ pointer: "/tok3n/x", message: "is required" }], (t) => t.replaceAll("tok3n", "[hidden]"));
 * // [{ pointer: "/[hidden]/x", message: "is required" }]
 */
export function scrubIssues(issues: readonly FieldIssue[], redact: (text: string) => string): FieldIssue[] {
  return issues.map(({ pointer, message }) => ({
    pointer: pointer
      .split("/")
      .map((token) => pointerToken(redact(token.replace(/~1/g, "/").replace(/~0/g, "~"))))
      .join("/"),
    message: redact(message),
  }));
}
