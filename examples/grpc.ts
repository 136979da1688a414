/**
 * Call a node's gRPC API with the node token in `x-token` metadata.
 *
 * 1. `xTokenCallCredentials(token)` adds the token to every call; compose it with TLS channel
 *    credentials (gRPC only sends call credentials over a secure channel).
 * 2. `xTokenInterceptor(token)` does the same as a client interceptor, which also works on a plain-text
 *    channel (a local proxy, a test server).
 * 3. A missing or wrong token is answered with status 16 `UNAUTHENTICATED`.
 *
 * The example calls the standard gRPC health service. Put your node's gRPC endpoint and auth token in
 * `CHAINKIT_GRPC_TARGET` (host:port) and `CHAINKIT_GRPC_TOKEN`.
 */
import * as grpc from "@grpc/grpc-js";
import { xTokenCallCredentials, xTokenInterceptor } from "chainkit/grpc";

const target = process.env.CHAINKIT_GRPC_TARGET ?? "localhost:443";
const token = process.env.CHAINKIT_GRPC_TOKEN ?? "YOUR_AUTH_TOKEN";

// A generic client: the health service needs no generated stubs.
const Client = grpc.makeGenericClientConstructor({}, "Health");

const secure = new Client(
  target,
  grpc.credentials.combineChannelCredentials(grpc.credentials.createSsl(), xTokenCallCredentials(token)),
);
const plain = new Client(target, grpc.credentials.createInsecure(), {
  interceptors: [xTokenInterceptor(token)],
});

function check(client: grpc.Client): Promise<void> {
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      "/grpc.health.v1.Health/Check",
      () => Buffer.alloc(0), // an empty HealthCheckRequest
      (bytes: Buffer) => bytes,
      {},
      (error) => {
        if (error?.code === grpc.status.UNAUTHENTICATED) console.error("the node refused the token");
        else if (error) console.error(`health check failed: ${error.message}`);
        else console.log("health check answered");
        resolve();
      },
    );
  });
}

await check(secure);
await check(plain);
secure.close();
plain.close();
