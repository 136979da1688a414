import { fileURLToPath } from "node:url";
import {
  type GrpcObject,
  loadPackageDefinition,
  Server,
  ServerCredentials,
  type ServerUnaryCall,
  type ServiceClientConstructor,
  type sendUnaryData,
  status,
} from "@grpc/grpc-js";
import { loadSync } from "@grpc/proto-loader";

const protoPath = fileURLToPath(new URL("../fixtures/grpc/health.proto", import.meta.url));

/** The grpc.health.v1 package, loaded from the test fixture. */
function loadHealthPackage(): GrpcObject {
  const definition = loadSync(protoPath, { keepCase: true, enums: String, defaults: true });
  const root = loadPackageDefinition(definition) as unknown as {
    grpc: { health: { v1: GrpcObject } };
  };
  return root.grpc.health.v1;
}

/** The generated client class of the Health service. */
export const HealthClient = loadHealthPackage().Health as ServiceClientConstructor;

/** A running Health server that checks the `x-token` metadata like a node does. */
export interface HealthServer {
  /** `127.0.0.1:<port>`, the target for clients. */
  target: string;
  /** Every `x-token` value the server received, in order (an empty string when absent). */
  receivedTokens: string[];
  close(): Promise<void>;
}

/**
 * Starts a grpc-js server on 127.0.0.1 (free port) serving grpc.health.v1 `Check`: it answers
 * `SERVING` when the call carries `x-token: <token>` and 16 `UNAUTHENTICATED` otherwise.
 *
 * @param tls - Key pair to serve TLS with; plain text when absent.
 * @param host - The address to listen on (default 127.0.0.1).
 */
export async function startHealthServer(
  token: string,
  tls?: { cert: Buffer; key: Buffer },
  host = "127.0.0.1",
): Promise<HealthServer> {
  const server = new Server();
  const receivedTokens: string[] = [];
  server.addService(HealthClient.service, {
    Check(call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) {
      const sent = call.metadata.get("x-token").map(String);
      receivedTokens.push(sent.join(","));
      if (sent.length !== 1 || sent[0] !== token) {
        callback({ code: status.UNAUTHENTICATED, details: "invalid x-token" });
        return;
      }
      callback(null, { status: "SERVING" });
    },
  });
  const credentials = tls
    ? ServerCredentials.createSsl(null, [{ cert_chain: tls.cert, private_key: tls.key }], false)
    : ServerCredentials.createInsecure();
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${host}:0`, credentials, (error, bound) => (error ? reject(error) : resolve(bound)));
  });
  return {
    target: `${host}:${port}`,
    receivedTokens,
    close: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
      }),
  };
}
