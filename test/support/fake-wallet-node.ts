import { readFileSync } from "node:fs";
import {
  type LoopbackServer,
  nodeCredentialPath,
  type Reply,
  startLoopbackServer,
} from "./loopback-server.js";

interface TronVector {
  request?: { value: string };
  response_visible_false: unknown;
  response_visible_true_DERIVED: unknown;
}

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../fixtures/wallet/${name}`, import.meta.url), "utf8"));
}

/** The real payloads in test/fixtures/wallet. */
export const tronVectors = {
  btt: fixture<TronVector>("tron_getassetissuebyid_mainnet_1002000_BTT.json"),
  nile: fixture<TronVector>("tron_getassetissuebyid_nile_1005416.json"),
  listTrn: fixture<TronVector>("tron_getassetissuelistbyname_nile_TRN.json"),
  errors: fixture<{ bad_hex_name: { response: { Error: string } } }>("tron_assetissue_errors.json"),
};

/** A TRON-style wallet node on loopback. */
export interface FakeWalletNode extends LoopbackServer {
  token: string;
  username: string;
  password: string;
  /** Makes the next look-up answer with this exact body text (HTTP 200), e.g. a bigger integer. */
  answerNextWith(text: string): void;
}

/**
 * Starts a wallet node on 127.0.0.1 that answers like java-tron from the fixture payloads: the TRN
 * list on the Nile testnet, BTT (1002000) and a Nile token (1005416) by id, `{}` when nothing
 * matches, `{"Error": …}` at HTTP 200 for a non-hex name with `visible: false`. A missing `visible`
 * counts as `false`, as on real nodes. Node credentials as the service checks them; 401 otherwise.
 */
export async function startFakeWalletNode(): Promise<FakeWalletNode> {
  const token = "wallet-test-token-0b7e2f";
  const username = "wallet-user";
  const password = "wallet-pass-word-c41d";
  const scripted: string[] = [];

  const server = await startLoopbackServer((request): Reply => {
    const path = nodeCredentialPath(request, { token, username, password });
    if (path === undefined) return { status: 401, body: "Unauthorized" };
    const next = scripted.shift();
    if (next !== undefined) return { body: next };
    const { value, visible = false } = (request.json ?? {}) as { value?: string; visible?: boolean };
    const form = (vector: TronVector) =>
      visible ? vector.response_visible_true_DERIVED : vector.response_visible_false;

    if (path === "/wallet/getassetissuelistbyname") {
      if (!visible && value !== undefined && !/^[0-9a-fA-F]*$/.test(value)) {
        return { body: tronVectors.errors.bad_hex_name.response };
      }
      const name = visible ? value : Buffer.from(value ?? "", "hex").toString("utf8");
      return { body: name === "TRN" ? form(tronVectors.listTrn) : {} };
    }
    if (path === "/wallet/getassetissuebyid") {
      const byId = [tronVectors.btt, tronVectors.nile].find((vector) => vector.request?.value === value);
      return { body: byId ? form(byId) : {} };
    }
    return { status: 404, body: "Not Found" };
  });
  return { ...server, token, username, password, answerNextWith: (text) => scripted.push(text) };
}
