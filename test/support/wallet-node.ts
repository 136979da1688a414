import { walletOperations } from "../../generated/wallet/operations.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";
import type { SandboxResponse } from "../../src/sandbox/surface.js";
import { RestContract } from "../../src/sandbox/validation.js";
import {
  createWalletSurface,
  type WalletSurface,
  type WalletSurfaceOptions,
} from "../../src/sandbox/wallet/wallet-surface.js";

/** A sandbox wallet node on loopback, blocks on demand, with both kinds of node credentials. */
export interface WalletNode {
  url: string;
  token: string;
  username: string;
  password: string;
  surface: WalletSurface;
  server: SurfaceServer;
  close(): Promise<void>;
}

/**
 * Starts the sandbox's wallet surface on 127.0.0.1 with blocks produced only on demand (so tests
 * decide when a transaction lands) unless `options` ask otherwise, accepting a token in the path
 * or basic auth.
 */
export async function startWalletNode(options: WalletSurfaceOptions = {}): Promise<WalletNode> {
  const secrets = { token: "wallet-node-token-5e1c", username: "wallet-user", password: "wallet-pass-77aa" };
  const nodeAuth = new NodeAuthRegistry();
  nodeAuth.add(secrets);
  const surface = await createWalletSurface({ blockIntervalMs: 0, ...options });
  const server = await serveSurface({ name: "wallet", auth: "node", nodeAuth, handler: surface.handler });
  return {
    url: server.url,
    ...secrets,
    surface,
    server,
    close: async () => {
      await server.close();
      await surface.close();
    },
  };
}

const contract = new RestContract("wallet", walletOperations);

/**
 * Checks a wallet answer (HTTP 200, parsed losslessly) against the spec's schema for the
 * operation; throws naming the first mismatch. The one place tests reach the spec's validators.
 */
export async function checkWalletAnswer(
  operation: keyof typeof walletOperations,
  body: unknown,
): Promise<void> {
  await contract.check(walletOperations[operation], { status: 200, body } as SandboxResponse);
}
