import { inspect } from "node:util";
import { type Client, credentials, Metadata, type ServiceError, status } from "@grpc/grpc-js";
import { ConfigurationError, Secret, xTokenCallCredentials, xTokenInterceptor } from "chainkit/grpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HealthClient, type HealthServer, startHealthServer } from "../support/grpc-health-server.js";
import { createSelfSignedCert, type SelfSignedCert } from "../support/self-signed-cert.js";

const token = "grpc-secret-token-7f3a";

/** The certificate names `localhost`; the target is an IP, so TLS checks the name given here. */
const tlsOptions = { "grpc.ssl_target_name_override": "localhost" };

function captureError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return expect.unreachable("expected a throw");
}

type CheckClient = Client & {
  Check(
    request: { service: string },
    metadata: Metadata,
    options: Record<string, unknown>,
    callback: (error: ServiceError | null, response?: { status: string }) => void,
  ): void;
};

/** Calls Health/Check and resolves with the status name, or rejects with the grpc-js error. */
function check(
  client: Client,
  options: Record<string, unknown> = {},
  metadata = new Metadata(),
): Promise<string> {
  return new Promise((resolve, reject) => {
    (client as CheckClient).Check({ service: "" }, metadata, options, (error, response) =>
      error ? reject(error) : resolve(String(response?.status)),
    );
  });
}

async function expectUnauthenticated(call: Promise<string>): Promise<void> {
  const error = (await call.then(
    () => expect.unreachable("the call succeeded without a valid token"),
    (reason: unknown) => reason,
  )) as ServiceError;
  expect(error.code).toBe(status.UNAUTHENTICATED);
}

const clients: Client[] = [];
function track<T extends Client>(client: T): T {
  clients.push(client);
  return client;
}
afterAll(() => {
  for (const client of clients) client.close();
});

describe("xTokenInterceptor on an insecure channel", () => {
  let server: HealthServer;
  beforeAll(async () => {
    server = await startHealthServer(token);
  });
  afterAll(() => server.close());

  it("authenticates calls with the token", async () => {
    const client = track(
      new HealthClient(server.target, credentials.createInsecure(), {
        interceptors: [xTokenInterceptor(token, { target: server.target })],
      }),
    );
    expect(await check(client)).toBe("SERVING");
    expect(server.receivedTokens.at(-1)).toBe(token);
  });

  it("replaces an x-token the caller already put in the metadata, sending exactly one", async () => {
    const client = track(
      new HealthClient(server.target, credentials.createInsecure(), {
        interceptors: [xTokenInterceptor(token, { target: server.target })],
      }),
    );
    const metadata = new Metadata();
    metadata.set("x-token", "stale");
    expect(await check(client, {}, metadata)).toBe("SERVING");
    expect(server.receivedTokens.at(-1)).toBe(token);
  });

  it("is answered UNAUTHENTICATED without a token or with a wrong one", async () => {
    const bare = track(new HealthClient(server.target, credentials.createInsecure()));
    await expectUnauthenticated(check(bare));
    const wrong = track(
      new HealthClient(server.target, credentials.createInsecure(), {
        interceptors: [xTokenInterceptor("not-the-token", { target: server.target })],
      }),
    );
    await expectUnauthenticated(check(wrong));
  });
});

describe("xTokenCallCredentials on a TLS channel", () => {
  let cert: SelfSignedCert;
  let server: HealthServer;
  beforeAll(async () => {
    cert = createSelfSignedCert();
    server = await startHealthServer(token, cert);
  });
  afterAll(() => server.close());

  it("authenticates calls when combined with the channel credentials", async () => {
    const channel = credentials.combineChannelCredentials(
      credentials.createSsl(cert.cert),
      xTokenCallCredentials(token),
    );
    const client = track(new HealthClient(server.target, channel, tlsOptions));
    expect(await check(client)).toBe("SERVING");
    expect(server.receivedTokens.at(-1)).toBe(token);
  });

  it("authenticates a single call given as per-call credentials", async () => {
    const client = track(new HealthClient(server.target, credentials.createSsl(cert.cert), tlsOptions));
    expect(await check(client, { credentials: xTokenCallCredentials(token) })).toBe("SERVING");
    await expectUnauthenticated(check(client));
  });

  it("is answered UNAUTHENTICATED with a wrong token", async () => {
    const channel = credentials.combineChannelCredentials(
      credentials.createSsl(cert.cert),
      xTokenCallCredentials("not-the-token"),
    );
    await expectUnauthenticated(check(track(new HealthClient(server.target, channel, tlsOptions))));
  });

  it("leaves the interceptor usable over TLS to this machine too", async () => {
    const client = track(
      new HealthClient(server.target, credentials.createSsl(cert.cert), {
        ...tlsOptions,
        interceptors: [xTokenInterceptor(token, { target: server.target })],
      }),
    );
    expect(await check(client)).toBe("SERVING");
  });
});

describe("token handling", () => {
  it.each([
    ["an empty string", ""],
    ["a short token", "abc1234"],
    ["a non-string", 42],
    ["a newline", "abc\ndef"],
    ["surrounding spaces", " abc "],
    ["non-ASCII text", "tökén"],
    ["an object that only looks like a Secret", { reveal: () => "abc" }],
  ])("refuses %s before any call, without echoing it", (_label, bad) => {
    const makers = [xTokenCallCredentials, (t: string) => xTokenInterceptor(t, { target: "127.0.0.1:1" })];
    for (const make of makers) {
      const error = captureError(() => make(bad as string));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe("token");
      if (typeof bad === "string" && bad.trim() !== "") {
        expect((error as Error).message).not.toContain(bad.trim());
      }
    }
  });

  it("takes the token wrapped in a Secret too", async () => {
    const server = await startHealthServer(token);
    try {
      const client = track(
        new HealthClient(server.target, credentials.createInsecure(), {
          interceptors: [xTokenInterceptor(new Secret(token), { target: server.target })],
        }),
      );
      expect(await check(client)).toBe("SERVING");
    } finally {
      await server.close();
    }
  });

  it("never shows the token when the credentials or interceptor are inspected or serialised", () => {
    for (const value of [xTokenCallCredentials(token), xTokenInterceptor(token, { target: "localhost:1" })]) {
      expect(inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true })).not.toContain(token);
      expect(JSON.stringify(value) ?? "").not.toContain(token);
    }
  });
});
