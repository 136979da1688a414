/**
 * Call a node's gRPC API with the node token in `x-token` metadata.
 *
 * 1. `xTokenCallCredentials(token)` adds the token to every call; compose it with TLS channel
 *    credentials (gRPC only sends call credentials over a secure channel).
 * 2. `xTokenInterceptor(token, { target })` does the same as a client interceptor, for a plain-text
 *    channel to this machine (a local proxy, a test server); any other target is refused, since the
 *    token would cross the network in clear text.
 * 3. A missing or wrong token is answered with status 16 `UNAUTHENTICATED`.
 *
 * The example calls the standard gRPC health service. Put your node's gRPC endpoint and auth token in
 * `CHAINKIT_GRPC_TARGET` (host:port) and `CHAINKIT_GRPC_TOKEN` (and a plain-text local proxy, if you run
 * one, in `CHAINKIT_GRPC_LOCAL_TARGET`).
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
const localTarget = process.env.CHAINKIT_GRPC_LOCAL_TARGET ?? "127.0.0.1:50051";
const plain = new Client(localTarget, grpc.credentials.createInsecure(), {
  interceptors: [xTokenInterceptor(token, { target: localTarget })],
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
