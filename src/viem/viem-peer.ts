import { importOptionalPeer } from "../runtime/optional-peer.js";

/**
 * `viem`, an optional peer dependency: loaded once when `chainkit/viem` is imported, so a missing
 * install fails there with a `MissingPeerError` naming `npm install viem` instead of a bare
 * "Cannot find package".
 */
export const viem = await importOptionalPeer<typeof import("viem")>(
  "viem",
  "chainkit/viem",
  () => import("viem"),
);
