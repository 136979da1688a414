import { networkInterfaces } from "node:os";
import { credentials, Metadata, type ServiceError } from "@grpc/grpc-js";
import { ConfigurationError, xTokenInterceptor } from "chainkit/grpc";
import { describe, expect, it } from "vitest";
import { HealthClient, startHealthServer } from "../support/grpc-health-server.js";

const token = "grpc-secret-token-7f3a";

/** This machine's first address that is not loopback, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && !entry.internal && entry.family === "IPv4")?.address;

// Finding 7: xTokenInterceptor put the token on any channel, so a plain-text channel to another host
// carried it in clear. Now only a loopback target is accepted.
describe("xTokenInterceptor and clear text", () => {
  it.skipIf(outsideAddress === undefined)(
    "refuses a plain channel to an address that is not loopback: the server never sees the token",
    async () => {
      const server = await startHealthServer(token, undefined, outsideAddress);
      try {
        const attempt = () =>
          new Promise<void>((resolve, reject) => {
            const client = new HealthClient(server.target, credentials.createInsecure(), {
              interceptors: [xTokenInterceptor(token, { target: server.target })],
            });
            client.makeUnaryRequest(
              "/grpc.health.v1.Health/Check",
              () => Buffer.alloc(0),
              (bytes: Buffer) => bytes,
              new Metadata(),
              (error: ServiceError | null) => {
                client.close();
                if (error) reject(error);
                else resolve();
              },
            );
          });
        const error = await attempt().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ConfigurationError);
        expect((error as ConfigurationError).option).toBe("target");
        expect((error as Error).message).toContain("clear text");
        expect(server.receivedTokens).toEqual([]);
      } finally {
        await server.close();
      }
    },
  );

  it.each(["node.example.com:50051", "dns:///node.example.com:443", "10.0.0.1:50051", "[2001:db8::1]:50051"])(
    "refuses %s at once",
    (target) => {
      expect(() => xTokenInterceptor(token, { target })).toThrow(ConfigurationError);
    },
  );

  it.each([
    "127.0.0.1:50051",
    "localhost:1",
    "[::1]:50051",
    "dns:///localhost:50051",
    "ipv4:127.0.0.1:1",
    "unix:/tmp/n.sock",
  ])("accepts the loopback target %s", (target) => {
    expect(typeof xTokenInterceptor(token, { target })).toBe("function");
  });
});
