import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { NodeAccessError, nodeAccess } from "chainkit/platform";
import { describe, expect, it } from "vitest";

const details = {
  mode: "archive",
  https_endpoint: "https://nd-123-456-789.p2pify.com",
  wss_endpoint: "wss://ws-nd-123-456-789.p2pify.com",
  auth_username: "user-name",
  auth_password: "pass-word-pass-word-pass-word",
  auth_key: "3c6e0b8a9c15224a8228b9a98ca1531d",
};
const node = { id: "ND-123-456-789", status: "running", details };

function accessError(run: () => unknown): NodeAccessError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(NodeAccessError);
    return error as NodeAccessError;
  }
  return expect.unreachable("nodeAccess did not throw");
}

/** The provider's own example nodes, one per protocol. */
const examples = JSON.parse(
  readFileSync(new URL("../fixtures/platform/reference-examples.json", import.meta.url), "utf8"),
).examples as Record<string, { details: typeof details }>;
const exampleNodes = Object.entries(examples).filter(([name]) => name.endsWith("Node"));

describe("nodeAccess", () => {
  it.each(exampleNodes)("reads the provider's example %s", (_name, example) => {
    const access = nodeAccess(example);
    expect(access.url).toBe(example.details.https_endpoint);
    expect({ ...access.credentials }).toEqual({ token: example.details.auth_key });
    expect({ ...nodeAccess(example, { prefer: "basic" }).credentials }).toEqual({
      username: example.details.auth_username,
      password: example.details.auth_password,
    });
  });

  it("takes the token when the node has one", () => {
    const access = nodeAccess(node);
    expect(access.url).toBe("https://nd-123-456-789.p2pify.com");
    expect({ ...access.credentials }).toEqual({ token: details.auth_key });
  });

  it("takes username and password when asked, or when there is no token", () => {
    const basic = { username: details.auth_username, password: details.auth_password };
    expect({ ...nodeAccess(node, { prefer: "basic" }).credentials }).toEqual(basic);
    const { auth_key: _dropped, ...withoutKey } = details;
    expect({ ...nodeAccess({ ...node, details: withoutKey }).credentials }).toEqual(basic);
  });

  it("drops trailing slashes and a token already appended to the endpoint", () => {
    const slash = { ...node, details: { ...details, https_endpoint: `${details.https_endpoint}/` } };
    expect(nodeAccess(slash).url).toBe(details.https_endpoint);
    const withToken = {
      ...node,
      details: { ...details, https_endpoint: `${details.https_endpoint}/${details.auth_key}` },
    };
    expect(nodeAccess(withToken).url).toBe(details.https_endpoint);
    expect(nodeAccess(withToken, { prefer: "basic" }).url).toBe(details.https_endpoint);
  });

  it("drops an appended token that the URL parser percent-encodes, so it is not sent twice", () => {
    const token = "tok{en}^é";
    const withToken = {
      ...node,
      details: { ...details, auth_key: token, https_endpoint: `${details.https_endpoint}/${token}` },
    };
    expect(nodeAccess(withToken).url).toBe(details.https_endpoint);
    const stray = { ...node, details: { ...details, https_endpoint: `${details.https_endpoint}/a%zz` } };
    expect(nodeAccess(stray).url).toBe(`${details.https_endpoint}/a%zz`);
  });

  it("names the missing field when details are absent or incomplete", () => {
    const pending = accessError(() => nodeAccess({ id: "ND-1", status: "pending" }));
    expect(pending.field).toBe("details");
    expect(pending.message).toContain("ND-1");
    expect(pending.message).toContain("pending");

    expect(accessError(() => nodeAccess({ details: { auth_key: "k" } })).field).toBe("https_endpoint");
    expect(
      accessError(() => nodeAccess({ details: { ...details, https_endpoint: "not a url" } })).field,
    ).toBe("https_endpoint");
    expect(
      accessError(() => nodeAccess({ details: { ...details, https_endpoint: "ftp://host" } })).field,
    ).toBe("https_endpoint");
    expect(accessError(() => nodeAccess({ details: { https_endpoint: details.https_endpoint } })).field).toBe(
      "auth_username",
    );
    expect(
      accessError(() =>
        nodeAccess({ details: { https_endpoint: details.https_endpoint, auth_username: "u" } }),
      ).field,
    ).toBe("auth_password");
    expect(
      accessError(() => nodeAccess({ details: { ...details, auth_key: "" } }, { prefer: "token" })).field,
    ).toBe("auth_key");
  });

  it("never shows the secrets when the result is inspected or serialised", () => {
    for (const prefer of ["token", "basic"] as const) {
      const access = nodeAccess(node, { prefer });
      const shown = [inspect(access, { depth: 5 }), JSON.stringify(access)];
      for (const text of shown) {
        for (const secret of [details.auth_key, details.auth_password, details.auth_username]) {
          expect(text).not.toContain(secret);
        }
        expect(text).toContain("***");
      }
    }
  });

  it("never shows a secret in its errors", () => {
    const error = accessError(() =>
      nodeAccess({ details: { ...details, https_endpoint: "" } }, { prefer: "basic" }),
    );
    for (const secret of [details.auth_key, details.auth_password, details.auth_username]) {
      expect(`${error.message} ${inspect(error)}`).not.toContain(secret);
    }
  });
});
