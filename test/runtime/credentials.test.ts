import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { basicAuthorization, bearerAuth, nodeAuth } from "../../src/runtime/credentials/auth.js";
import { nodeHttpEndpoint, nodeWebSocketEndpoint } from "../../src/runtime/credentials/node-endpoints.js";
import { redactUrl } from "../../src/runtime/credentials/redact.js";
import { Secret } from "../../src/runtime/credentials/secret.js";
import { isLoopbackHost, requireSecureUrl } from "../../src/runtime/credentials/secure-url.js";
import { wrapSecrets } from "../../src/runtime/credentials/wrap-secrets.js";
import { ConfigurationError } from "../../src/runtime/errors/configuration-error.js";

const TOKEN = "tok3n5ecret";

describe("Secret", () => {
  it("shows *** in inspect, JSON, templates and concatenation, and reveals on request", () => {
    const secret = new Secret(TOKEN);
    const shown = [
      inspect(secret),
      inspect({ secret }, { showHidden: true }),
      JSON.stringify({ secret }),
      `${secret}`,
      String(secret),
      `x${secret as unknown as string}`,
    ];
    for (const text of shown) expect(text).not.toContain(TOKEN);
    expect(JSON.stringify({ secret })).toBe('{"secret":"***"}');
    expect(secret.reveal()).toBe(TOKEN);
  });
});

describe("node credentials", () => {
  it("token mode puts the token in the path before the surface path, with no header", () => {
    const auth = nodeAuth({ token: TOKEN });
    expect(auth.scheme).toBe("token");
    expect(auth.resolveUrl("https://nd-1.example.com/", "/evm")).toBe(
      `https://nd-1.example.com/${TOKEN}/evm`,
    );
    expect(auth.resolveUrl("https://nd-1.example.com", "")).toBe(`https://nd-1.example.com/${TOKEN}`);
    expect(auth.headers()).toEqual({});
  });

  it("basic mode keeps the path and sends Authorization: Basic (UTF-8)", () => {
    const auth = nodeAuth({ username: "alice", password: "pä55wörd" });
    expect(auth.resolveUrl("https://nd-1.example.com", "/wallet/getnowblock")).toBe(
      "https://nd-1.example.com/wallet/getnowblock",
    );
    expect(auth.headers()).toEqual({
      authorization: `Basic ${Buffer.from("alice:pä55wörd").toString("base64")}`,
    });
    expect(basicAuthorization("user", "pass")).toBe("Basic dXNlcjpwYXNz");
  });

  it.each([
    [{ apiKey: "k" }, /bearer\/API key/],
    [{ bearer: "k" }, /bearer\/API key/],
    [{ token: TOKEN, username: "u", password: "p" }, /not both/],
    [{ token: "" }, /token must be a non-empty string/],
    [{ token: `Bearer ${TOKEN}` }, /whitespace/],
    [{ username: "u" }, /password must be a non-empty string/],
    [{ username: "", password: "p" }, /username must be a non-empty string/],
    [{}, /must be \{ token \} or \{ username, password \}/],
    [{ token: TOKEN, extra: 1 }, /unknown field\(s\) extra/],
  ])("refuses %j at construction, without echoing secrets", (credentials, message) => {
    let caught: unknown;
    try {
      nodeAuth(credentials as never);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect((caught as ConfigurationError).option).toBe("credentials");
    expect((caught as Error).message).toMatch(message);
    expect((caught as Error).message).not.toContain(TOKEN);
  });

  it("bearer auth for the platform sends Authorization: Bearer and refuses an empty key", () => {
    expect(bearerAuth("k3y-0123456789").headers()).toEqual({ authorization: "Bearer k3y-0123456789" });
    expect(bearerAuth(new Secret("k3y-0123456789")).headers()).toEqual({
      authorization: "Bearer k3y-0123456789",
    });
    expect(() => bearerAuth("")).toThrow(ConfigurationError);
  });
});

describe("HTTPS rule", () => {
  it("accepts https anywhere and http only on loopback", () => {
    for (const url of [
      "https://nd-1.example.com",
      "http://127.0.0.1:8545",
      "http://127.9.9.9",
      "http://localhost:1",
      "http://[::1]:80",
    ]) {
      expect(() => requireSecureUrl(url, "url")).not.toThrow();
    }
    for (const url of [
      "http://nd-1.example.com",
      "http://10.0.0.1",
      "http://128.0.0.1",
      "http://api.localhost",
      "ftp://127.0.0.1",
      "not a url",
      "https://nd-1.example.com?",
      "https://nd-1.example.com/#",
      "https://nd-1.example.com/base?x=1",
    ]) {
      expect(() => requireSecureUrl(url, "url")).toThrow(ConfigurationError);
    }
    expect(isLoopbackHost("127.0.0.1.example.com")).toBe(false);
  });

  it("refuses user info in URLs and never shows it", () => {
    let message = "";
    try {
      requireSecureUrl("https://alice:hunter2@nd-1.example.com", "url");
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/user info/);
    expect(message).not.toContain("hunter2");
  });

  it("redacts only the path of a URL it accepts: the whole URL only for a refusal that shows it", () => {
    const redacted: string[] = [];
    const redact = (text: string) => {
      redacted.push(text);
      return text;
    };
    requireSecureUrl("https://nd-123-456-789.example.com/evm", "url", redact);
    expect(redacted).toEqual(["/evm"]);
    expect(() => requireSecureUrl("http://nd-123-456-789.example.com/evm", "url", redact)).toThrow(
      "http://nd-123-456-789.example.com/evm",
    );
    expect(redacted).toEqual(["/evm", "/evm", "http://nd-123-456-789.example.com/evm"]);
  });

  it("redactUrl drops user info and masks secrets", () => {
    expect(redactUrl(`https://alice:hunter2@host/${TOKEN}/evm?key=${TOKEN}`, [TOKEN])).toBe(
      "https://host/***/evm?key=***",
    );
  });
});

describe("node endpoints", () => {
  it("builds HTTP and WebSocket URLs for both modes", () => {
    const url = "https://nd-123-456-789.example.com";
    expect(nodeHttpEndpoint({ url, credentials: { token: TOKEN }, path: "/evm" })).toEqual({
      url: `${url}/${TOKEN}/evm`,
      headers: {},
    });
    expect(nodeWebSocketEndpoint({ url, credentials: { token: TOKEN } })).toEqual({
      url: `wss://nd-123-456-789.example.com/ws/${TOKEN}`,
      headers: {},
    });
    expect(
      nodeWebSocketEndpoint({ url: `${url}/`, credentials: { username: "u", password: "p-0123456789" } }),
    ).toEqual({
      url: "wss://nd-123-456-789.example.com/ws",
      headers: { authorization: basicAuthorization("u", "p-0123456789") },
    });
    expect(nodeWebSocketEndpoint({ url: "http://127.0.0.1:9000", credentials: { token: TOKEN } }).url).toBe(
      `ws://127.0.0.1:9000/ws/${TOKEN}`,
    );
  });

  it("refuses plain HTTP to a remote node and does not show the token", () => {
    expect(() => nodeHttpEndpoint({ url: "http://nd-1.example.com", credentials: { token: TOKEN } })).toThrow(
      /must use https/,
    );
  });
});

describe("secret fields of answers", () => {
  const paths = [["details", "auth_key"]] as const;

  it("hide a repeat of their value in another field when printed, nested or at the top, and keep the fields", () => {
    const endpoint = `https://nd-1.example.com/${TOKEN}`;
    const node = wrapSecrets(
      { id: "ND-1", details: { auth_key: TOKEN, https_endpoint: endpoint, port: 443 } },
      paths,
    );
    expect(inspect(node, { depth: 5 })).not.toContain(TOKEN);
    expect(JSON.stringify(node)).toBe(
      '{"id":"ND-1","details":{"auth_key":"***","https_endpoint":"https://nd-1.example.com/***","port":443}}',
    );
    expect(node.details.https_endpoint).toBe(endpoint);
    expect(Object.keys(node.details)).toEqual(["auth_key", "https_endpoint", "port"]);

    const top = wrapSecrets({ auth_key: TOKEN, note: `key ${TOKEN}` }, [["auth_key"]]);
    expect(JSON.stringify(top)).toBe('{"auth_key":"***","note":"key ***"}');
    expect(top.note).toBe(`key ${TOKEN}`);
  });

  it("hide a repeat of their value base64-encoded in another field", () => {
    const header = `Basic ${Buffer.from(`alice:${TOKEN}`).toString("base64")}`;
    const node = wrapSecrets({ details: { auth_password: TOKEN, header } }, [["details", "auth_password"]]);
    expect(JSON.stringify(node)).toBe('{"details":{"auth_password":"***","header":"Basic YWxpY2U***="}}');
    expect(node.details.header).toBe(header);
  });

  it("leave an answer without repeats, and values too short to be a secret, as they are", () => {
    const plain = { details: { auth_key: TOKEN, https_endpoint: "https://nd-1.example.com" } };
    const wrapped = wrapSecrets(structuredClone(plain), paths);
    expect(Object.getPrototypeOf(wrapped.details)).toBe(Object.prototype);
    // A short value would be "found" in unrelated text: "1" is in every URL with a digit.
    const short = wrapSecrets(
      { details: { auth_key: "1", https_endpoint: "https://nd-1.example.com" } },
      paths,
    );
    expect(JSON.stringify(short)).toBe(
      '{"details":{"auth_key":"***","https_endpoint":"https://nd-1.example.com"}}',
    );
  });
});
