import { Channel, type ChannelInterface, credentials, Metadata, type ServiceError } from "@grpc/grpc-js";
import { ConfigurationError, xTokenClientOptions, xTokenInterceptor } from "chainkit/grpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HealthClient, type HealthServer, startHealthServer } from "../support/grpc-health-server.js";

/**
 * Issue 31, finding 16: what the x-token check looks at. A channel that reports a remote target
 * but carries its calls to the loopback test server stands for a client pointed at another machine,
 * so the tests see what the check sees without ever connecting anywhere but 127.0.0.1.
 */

const token = "grpc-secret-token-7f3a";
const REMOTE = "dns:node.example.com:50051";
let server: HealthServer;
beforeAll(async () => {
  server = await startHealthServer(token);
});
afterAll(() => server.close());

/** A real channel to `target` that says it goes to `shown`. */
function channelShowing(target: string, shown: string): ChannelInterface {
  const real = new Channel(target, credentials.createInsecure(), {});
  return new Proxy(real, {
    get: (channel, name) =>
      name === "getTarget" ? () => shown : Reflect.get(channel, name, channel).bind(channel),
  });
}

/** One Health check through `client`; resolves with the error, or undefined when it passed. */
function check(client: InstanceType<typeof HealthClient>): Promise<ServiceError | null> {
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      "/grpc.health.v1.Health/Check",
      () => Buffer.alloc(0),
      (bytes: Buffer) => bytes,
      new Metadata(),
      (error: ServiceError | null) => resolve(error),
    );
  });
}

describe("finding 16: the channel's actual target", () => {
  it("xTokenClientOptions reads the client's channel: a remote one gets no token and no call", () => {
    const before = server.receivedTokens.length;
    const channelOverride = channelShowing(server.target, REMOTE);
    const client = new HealthClient(server.target, credentials.createInsecure(), {
      ...xTokenClientOptions(token),
      channelOverride,
    });
    try {
      const error = (() => {
        try {
          client.makeUnaryRequest(
            "/grpc.health.v1.Health/Check",
            () => Buffer.alloc(0),
            (b: Buffer) => b,
            new Metadata(),
            () => {},
          );
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe("target");
      expect((error as Error).message).toContain(REMOTE);
      expect(server.receivedTokens.length).toBe(before);
    } finally {
      client.close();
    }
  });

  it("xTokenClientOptions sends the token on a loopback channel", async () => {
    const client = new HealthClient(server.target, credentials.createInsecure(), xTokenClientOptions(token));
    try {
      expect(await check(client)).toBeNull();
      expect(server.receivedTokens.at(-1)).toBe(token);
    } finally {
      client.close();
    }
  });

  it("xTokenInterceptor checks only the target it is told, as its documentation says (the caller vouches)", async () => {
    // The same remote-looking channel: the interceptor cannot see it, so the token goes out. This is
    // why the README and the option's type say the caller vouches for `target`.
    const client = new HealthClient(server.target, credentials.createInsecure(), {
      interceptors: [xTokenInterceptor(token, { target: server.target })],
      channelOverride: channelShowing(server.target, REMOTE),
    });
    try {
      expect(await check(client)).toBeNull();
      expect(server.receivedTokens.at(-1)).toBe(token);
    } finally {
      client.close();
    }
  });
});
