import { MissingPeerError } from "../../runtime/errors/missing-peer-error.js";
import { importOptionalPeer } from "../../runtime/optional-peer.js";
import { HEALTH_SERVICE, healthHandlers } from "./health-service.js";

type GrpcModule = typeof import("@grpc/grpc-js");

/** Options of {@link startGrpcSurface}. */
export interface GrpcSurfaceOptions {
  /** The port to listen on (0 or absent: a free one). */
  port?: number;
  /** Whether a token is some node's token (the demo node's or a created node's). */
  acceptsToken(token: string): boolean;
  /** Imports `@grpc/grpc-js` (default: the installed package); given to test the missing-peer path. */
  loadGrpc?: () => Promise<unknown>;
}

/** The sandbox's gRPC node surface, while it runs. */
export interface GrpcSurface {
  /** `127.0.0.1:<port>`: a gRPC endpoint is a host and port, not an HTTP URL. */
  target: string;
  close(): Promise<void>;
}

/**
 * Starts the gRPC node surface on 127.0.0.1: a plain-text `@grpc/grpc-js` server with the standard
 * Health service, which checks the `x-token` metadata as the service's nodes do. `@grpc/grpc-js` is an
 * optional peer: without it the surface does not start, and a process warning says so and names the
 * `npm install` that adds it.
 *
 * @returns The running surface, or `undefined` when `@grpc/grpc-js` is not installed.
 * @throws {Error} when the port cannot be bound (the message names the surface and the port).
 * @example
 * const grpcSurface = await startGrpcSurface({ acceptsToken: (token) => token === "demo" });
 * console.log(grpcSurface?.target); // "127.0.0.1:41234"
 * await grpcSurface?.close();
 */
export async function startGrpcSurface(options: GrpcSurfaceOptions): Promise<GrpcSurface | undefined> {
  let grpc: GrpcModule;
  try {
    grpc = await importOptionalPeer<GrpcModule>(
      "@grpc/grpc-js",
      "The sandbox's gRPC surface",
      options.loadGrpc ?? (() => import("@grpc/grpc-js")),
    );
  } catch (error) {
    if (!(error instanceof MissingPeerError)) throw error;
    process.emitWarning(`${error.message}. The sandbox starts without its gRPC surface.`, {
      code: "CHAINKIT_SANDBOX_NO_GRPC",
    });
    return undefined;
  }

  const server = new grpc.Server();
  const health = healthHandlers(grpc, options.acceptsToken);
  server.addService(HEALTH_SERVICE, health.handlers);
  const requested = options.port ?? 0;
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`127.0.0.1:${requested}`, grpc.ServerCredentials.createInsecure(), (error, bound) => {
      if (!error) return resolve(bound);
      const reason = `port ${requested} (grpc) could not be opened on 127.0.0.1 (${error.message}): stop what holds it, or choose other ports (chainkit sandbox --port <base>)`;
      reject(new Error(reason, { cause: error }));
    });
  });
  return {
    target: `127.0.0.1:${port}`,
    close: () => {
      health.endWatches();
      return new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
    },
  };
}
