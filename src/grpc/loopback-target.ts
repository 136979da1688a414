import { isLoopbackHost } from "../runtime/credentials/secure-url.js";

/**
 * Whether a gRPC channel target is this machine: a loopback host (`localhost`, `127.x.x.x`, `::1`),
 * with or without a port or a `dns:`, `ipv4:` or `ipv6:` scheme, or a Unix socket.
 *
 * @param target - The target as given to a grpc-js client.
 * @example
 * isLoopbackTarget("127.0.0.1:50051"); // true
 * isLoopbackTarget("dns:///localhost:50051"); // true
 * isLoopbackTarget("node.example.com:443"); // false
 */
export function isLoopbackTarget(target: string): boolean {
  if (/^unix(-abstract)?:/.test(target)) return true;
  const address = target.replace(/^(dns:(\/\/[^/]*\/)?|ipv4:|ipv6:)/, "");
  if (address.includes(",")) return address.split(",").every((one) => isLoopbackTarget(`ipv4:${one}`));
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return isLoopbackHost(`[${bracketed[1]}]`);
  const host = /^([^:]+)(?::\d+)?$/.exec(address)?.[1];
  if (host !== undefined) return isLoopbackHost(host);
  return isLoopbackHost(address); // a bare IPv6 address such as ::1
}
