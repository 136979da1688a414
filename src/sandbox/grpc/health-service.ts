import type {
  Metadata,
  ServerUnaryCall,
  ServerWritableStream,
  ServiceDefinition,
  StatusObject,
  sendUnaryData,
  UntypedServiceImplementation,
} from "@grpc/grpc-js";
import {
  decodeHealthCheckRequest,
  decodeHealthCheckResponse,
  encodeHealthCheckRequest,
  encodeHealthCheckResponse,
  ServingStatus,
} from "./health-messages.js";

type GrpcModule = typeof import("@grpc/grpc-js");
type HealthRequest = { service: string };
type HealthResponse = { status: number };

/** Names a health request may ask about: the server as a whole (`""`) and the health service itself. */
const KNOWN_SERVICES = new Set(["", "grpc.health.v1.Health"]);

/** Why a call was refused, in the words a caller can act on. */
export const X_TOKEN_REFUSALS = Object.freeze({
  missing:
    "missing x-token metadata: send the node token as x-token (chainkit/grpc: xTokenInterceptor or xTokenCallCredentials)",
  invalid: "invalid x-token: not the token of any node (use details.auth_key of a running node)",
});

const method = <Response>(name: string, responseStream: boolean) => ({
  path: `/grpc.health.v1.Health/${name}`,
  requestStream: false,
  responseStream,
  requestSerialize: (request: HealthRequest) => Buffer.from(encodeHealthCheckRequest(request)),
  requestDeserialize: (bytes: Buffer) => decodeHealthCheckRequest(bytes),
  responseSerialize: (response: HealthResponse) =>
    Buffer.from(encodeHealthCheckResponse(response.status as ServingStatus)),
  responseDeserialize: (bytes: Buffer) => decodeHealthCheckResponse(bytes) as Response,
});

/**
 * The standard gRPC Health service (`grpc.health.v1.Health`): `Check` and `Watch`, as a grpc-js
 * service definition with hand-written message codecs.
 *
 * @example
 * import * as grpc from "@grpc/grpc-js";
 * const server = new grpc.Server();
 * server.addService(HEALTH_SERVICE, healthHandlers(grpc, (token) => token === "demo-token").handlers);
 */
export const HEALTH_SERVICE: ServiceDefinition = {
  Check: method<HealthResponse>("Check", false),
  Watch: method<HealthResponse>("Watch", true),
};

/** The handlers of {@link HEALTH_SERVICE}, and a way to end the `Watch` streams still open. */
export interface HealthHandlers {
  handlers: UntypedServiceImplementation;
  /** Ends every open `Watch` stream (the sandbox is closing). */
  endWatches(): void;
}

/**
 * Handlers that answer as the service's nodes do: a call without a node's token in `x-token` gets
 * 16 `UNAUTHENTICATED`; `Check` answers `SERVING` for the server and the health service, and
 * 5 `NOT_FOUND` for any other name; `Watch` sends the status once (`SERVICE_UNKNOWN` for an unknown
 * name) and stays open, since the sandbox's status never changes.
 *
 * @param grpc - The loaded `@grpc/grpc-js` (an optional peer, so it is passed in, not imported).
 * @param acceptsToken - Whether a token is some node's token.
 * @example
 * import * as grpc from "@grpc/grpc-js";
 * const { handlers, endWatches } = healthHandlers(grpc, (token) => token === "demo-token");
 */
export function healthHandlers(grpc: GrpcModule, acceptsToken: (token: string) => boolean): HealthHandlers {
  const watches = new Set<ServerWritableStream<HealthRequest, HealthResponse>>();
  const refusal = (metadata: Metadata): Partial<StatusObject> | undefined => {
    const tokens = metadata.get("x-token").map(String);
    if (tokens.length === 0) return { code: grpc.status.UNAUTHENTICATED, details: X_TOKEN_REFUSALS.missing };
    if (tokens.length > 1 || !acceptsToken(tokens[0] ?? ""))
      return { code: grpc.status.UNAUTHENTICATED, details: X_TOKEN_REFUSALS.invalid };
    return undefined;
  };
  return {
    handlers: {
      Check(call: ServerUnaryCall<HealthRequest, HealthResponse>, callback: sendUnaryData<HealthResponse>) {
        const refused = refusal(call.metadata);
        if (refused) return callback(refused);
        const { service } = call.request;
        if (!KNOWN_SERVICES.has(service))
          return callback({ code: grpc.status.NOT_FOUND, details: `unknown service "${service}"` });
        callback(null, { status: ServingStatus.SERVING });
      },
      Watch(call: ServerWritableStream<HealthRequest, HealthResponse>) {
        const refused = refusal(call.metadata);
        if (refused) {
          call.emit("error", refused);
          return;
        }
        const known = KNOWN_SERVICES.has(call.request.service);
        call.write({ status: known ? ServingStatus.SERVING : ServingStatus.SERVICE_UNKNOWN });
        watches.add(call);
        call.on("cancelled", () => watches.delete(call));
      },
    },
    endWatches() {
      for (const call of watches) call.end();
      watches.clear();
    },
  };
}
