import { importOptionalPeer } from "../runtime/optional-peer.js";

/**
 * `@grpc/grpc-js`, an optional peer dependency: loaded once when `chainkit/grpc` is imported, so a
 * missing install fails there with a `MissingPeerError` naming `npm install @grpc/grpc-js` instead
 * of a bare "Cannot find package".
 */
export const grpc = await importOptionalPeer<typeof import("@grpc/grpc-js")>(
  "@grpc/grpc-js",
  "chainkit/grpc",
  () => import("@grpc/grpc-js"),
);
