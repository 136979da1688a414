/**
 * The try-it answer view's masking (issue 45, secrets in answers): the spec's secret fields by
 * position, their values and the typed credentials wherever else they appear, and credential headers;
 * the rest of the text exactly as sent (no number re-serialised).
 */
import { describe, expect, test } from "vitest";
import { type AnswerPart, maskAnswer, maskHeaders } from "../../scripts/docs/try-it-answer-secrets.js";

const shown = (parts: AnswerPart[]) =>
  parts.map((part) => (typeof part === "string" ? part : part.masked)).join("");
const revealed = (parts: AnswerPart[]) =>
  parts.map((part) => (typeof part === "string" ? part : part.value)).join("");

const NODE_PATHS = [
  ["results", "*", "details", "auth_key"],
  ["results", "*", "details", "auth_password"],
  ["results", "*", "details", "auth_username"],
];

describe("maskAnswer", () => {
  test("masks each secret field by position, and its repeats in other strings", () => {
    const text =
      '{"count":2,"results":[{"id":"ND-1","details":{"https_endpoint":"https://nd-1.example/3c6e0b8a4d9f","auth_username":"u1","auth_key":"3c6e0b8a4d9f"}},' +
      '{"id":"ND-2","details":{"auth_password":"pw-0123456789","note":"auth_key"}}],"total_supply":990000000000000000123}';
    const parts = maskAnswer(text, NODE_PATHS, [], 10_000);
    expect(shown(parts)).toBe(
      '{"count":2,"results":[{"id":"ND-1","details":{"https_endpoint":"https://nd-1.example/***","auth_username":"***","auth_key":"***"}},' +
        '{"id":"ND-2","details":{"auth_password":"***","note":"auth_key"}}],"total_supply":990000000000000000123}',
    );
    for (const secret of ["3c6e0b8a4d9f", '"u1"', "pw-0123456789"])
      expect(shown(parts)).not.toContain(secret);
    expect(revealed(parts)).toBe(text);
  });

  test("keeps a secret path's key apart from the same name elsewhere, and reads escaped keys", () => {
    const text = '{ "auth_key" : "top-level-not-secret", "details" : { "auth\\u005fkey" : "k-0123456789" } }';
    expect(shown(maskAnswer(text, [["details", "auth_key"]], [], 10_000))).toBe(
      '{ "auth_key" : "top-level-not-secret", "details" : { "auth\\u005fkey" : "***" } }',
    );
  });

  test("masks the typed credentials echoed in an answer, JSON or not, and leaves short ones", () => {
    const echoed = maskAnswer(
      '{"error":"bad password hunter2-secret"}',
      [],
      ["hunter2-secret", "short"],
      10_000,
    );
    expect(shown(echoed)).toBe('{"error":"bad password ***"}');
    const plain = maskAnswer("denied for hunter2-secret (short)", [], ["hunter2-secret", "short"], 10_000);
    expect(shown(plain)).toBe("denied for *** (short)");
    expect(revealed(plain)).toBe("denied for hunter2-secret (short)");
  });

  test("cuts a long answer after the limit", () => {
    const parts = maskAnswer(`"${"x".repeat(50)}"`, [], [], 10);
    expect(shown(parts)).toBe(`"xxxxxxxxx\n… (cut here)`);
  });
});

describe("maskHeaders", () => {
  test("masks credential headers whole and typed credentials in others; challenges stay", () => {
    const parts = maskHeaders(
      [
        ["content-type", "application/json"],
        ["set-cookie", "session=abc"],
        ["x-auth-token", "t0k3n-abcdef"],
        ["www-authenticate", 'Basic realm="node"'],
        ["x-echo", "you sent hunter2-secret"],
      ],
      ["hunter2-secret"],
    );
    expect(shown(parts)).toBe(
      'content-type: application/json\nset-cookie: ***\nx-auth-token: ***\nwww-authenticate: Basic realm="node"\nx-echo: you sent ***\n',
    );
  });
});
