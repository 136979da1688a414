// Needs chainkit and @grpc/grpc-js; run it with tsx.
/**
 * Call a node's gRPC API with the node token in `x-token` metadata.
 *
 * 1. `xTokenCallCredentials(token)` adds the token to every call on a TLS channel, which is what the
 *    service's gRPC endpoints are (`host:443`):
 *    `credentials.combineChannelCredentials(credentials.createSsl(), xTokenCallCredentials(token))`.
 * 2. `xTokenClientOptions(token)` does the same for a plain-text channel to this machine (a local
 *    proxy, the sandbox), where grpc-js refuses call credentials. It reads the client's channel target
 *    on every call and refuses any that is not this machine, since the token would cross the network
 *    in clear text. (`xTokenInterceptor(token, { target })` is the interceptor form; it cannot see its
 *    channel, so it checks the `target` you give it and you vouch that it is the channel's.)
 * 3. A missing or wrong token is answered with status 16 `UNAUTHENTICATED`.
 *
 * The service does not publish its gRPC methods, so chainkit has no gRPC spec: bring the stubs of the
 * services you call. This example calls the standard gRPC Health service with a generic client, which
 * needs no stubs.
 *
 * It talks to chainkit's local sandbox, whose gRPC surface is plain text: the one `chainkit sandbox --env`
 * describes in `CHAINKIT_*` variables (`CHAINKIT_GRPC_URL` is its `127.0.0.1:<port>`), or one it starts.
 * The sandbox's gRPC surface needs `@grpc/grpc-js`, an optional peer (`npm install @grpc/grpc-js`).
 *
 * Nothing here can be tried from the docs portal's pages: a browser cannot make gRPC calls (they need
 * HTTP/2 trailers, which a page cannot read; gRPC-Web would need a proxy in front of the node).
 * Run this example instead: with the sandbox it needs no node and no account.
 */
import { Client, credentials, status } from "@grpc/grpc-js";
import { xTokenClientOptions } from "chainkit/grpc";
import { sandboxEnv } from "./support/sandbox-env.js";

/** `HealthCheckResponse.status`, by number. */
const SERVING_STATUS = ["UNKNOWN", "SERVING", "NOT_SERVING", "SERVICE_UNKNOWN"];

/** Calls `grpc.health.v1.Health/Check` for the whole server and resolves with its status. */
function checkHealth(client: Client): Promise<string> {
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(
      "/grpc.health.v1.Health/Check",
      () => Buffer.alloc(0), // an empty HealthCheckRequest: the server as a whole
      (bytes: Buffer) => bytes,
      {},
      (error, bytes) => {
        if (error) return reject(error);
        // HealthCheckResponse has one field: tag 0x08 (field 1, varint), then the status; empty means 0.
        resolve(SERVING_STATUS[bytes?.[0] === 0x08 ? (bytes[1] ?? 0) : 0] ?? "UNKNOWN");
      },
    );
  });
}

const env = await sandboxEnv();
const target = env.get("CHAINKIT_GRPC_URL");
const withToken = new Client(
  target,
  credentials.createInsecure(),
  xTokenClientOptions(env.get("CHAINKIT_NODE_TOKEN")),
);
const withoutToken = new Client(target, credentials.createInsecure());
try {
  console.log(`health of ${target}: ${await checkHealth(withToken)}`);

  const refused = await checkHealth(withoutToken).then(
    () => undefined,
    (error: { code?: number; details?: string }) => error,
  );
  if (refused?.code !== status.UNAUTHENTICATED)
    throw new Error(
      `a call without x-token was not refused: ${refused ? refused.details : "it was answered"}`,
    );
  console.log(`without x-token: 16 UNAUTHENTICATED (${refused.details})`);
} finally {
  withToken.close();
  withoutToken.close();
  await env.close();
}
