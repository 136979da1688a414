/**
 * A local stand-in for the exchange's POST /exchange, for client tests. It checks signatures with
 * code that shares nothing with chainkit's: @nktkas/hyperliquid canonicalizes the action and computes
 * the connection id, viem recovers the signer from the EIP-712 Agent signature. It keeps nonces per
 * signer and answers in the real service's shapes.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { canonicalize, createL1ActionHash } from "@nktkas/hyperliquid/signing";
import { type Hex, recoverTypedDataAddress } from "viem";
import { approveAgentTypedData, nktkasL1Schema } from "./nktkas-reference.js";

const recorded = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/exchange/recorded/${name}`, import.meta.url), "utf8"))
    .examples;
/** The real mainnet `meta` and `spotMeta` answers, for the client's asset checks. */
const INFO: Record<string, unknown> = {
  meta: recorded("info_meta.json")[1].response,
  spotMeta: recorded("info_spotMeta.json")[0].response,
};

/** A request body as received, with the signer the server recovered (lowercase), if any. */
export interface ReceivedRequest {
  text: string;
  body: Record<string, unknown> | undefined;
  signer: string | undefined;
}

/** How the server answers one accepted action: one status per order, cancel or modification. */
export type StatusScript = (entries: { oid?: unknown }[], type: string) => unknown[];

export interface ExchangeTestServer {
  url: string;
  /** Every request to /exchange, in arrival order (dropped ones included). */
  requests: ReceivedRequest[];
  /** Queries to /info, by type. */
  queries: string[];
  /** Addresses (any case) that have an account; others get "does not exist". */
  users: Set<string>;
  /** Replaces the per-modification statuses (default: every order rests with its oid). */
  statuses: StatusScript;
  /** Number of upcoming requests whose connection is destroyed after the body is read, unanswered. */
  dropNext: number;
  /** Number of upcoming requests that are processed, but whose answer is lost (connection destroyed). */
  loseAnswerNext: number;
  close(): Promise<void>;
}

const restingAll: StatusScript = (entries) =>
  entries.map((entry, index) => ({
    resting: { oid: typeof entry.oid === "number" ? entry.oid : 1000 + index },
  }));

async function recoverUserSigned(body: Record<string, unknown>): Promise<string> {
  const action = body.action as Record<string, unknown>;
  const { r, s, v } = body.signature as { r: Hex; s: Hex; v: number };
  const address = await recoverTypedDataAddress({
    ...approveAgentTypedData({ ...action, agentName: action.agentName ?? "" }),
    signature: `${r}${s.slice(2)}${v.toString(16)}` as Hex,
  });
  return address.toLowerCase();
}

async function recoverSigner(body: Record<string, unknown>, isMainnet: boolean): Promise<string | undefined> {
  if ((body.action as Record<string, unknown>).type === "approveAgent") return recoverUserSigned(body);
  const raw = body.action as Record<string, unknown>;
  const action = canonicalize(nktkasL1Schema(raw.type), raw);
  const connectionId = createL1ActionHash({
    action,
    nonce: body.nonce as number,
    vaultAddress: (body.vaultAddress ?? undefined) as Hex | undefined,
    expiresAfter: (body.expiresAfter ?? undefined) as number | undefined,
  });
  const { r, s, v } = body.signature as { r: Hex; s: Hex; v: number };
  const address = await recoverTypedDataAddress({
    domain: {
      name: "Exchange",
      version: "1",
      chainId: 1337,
      verifyingContract: "0x0000000000000000000000000000000000000000",
    },
    types: {
      Agent: [
        { name: "source", type: "string" },
        { name: "connectionId", type: "bytes32" },
      ],
    },
    primaryType: "Agent",
    message: { source: isMainnet ? "a" : "b", connectionId },
    signature: `${r}${s.slice(2)}${v.toString(16)}` as Hex,
  });
  return address.toLowerCase();
}

/**
 * Starts the server on 127.0.0.1 with a free port.
 *
 * @param isMainnet - Which source (`"a"` or `"b"`) signatures must use.
 */
export async function startExchangeTestServer(isMainnet: boolean): Promise<ExchangeTestServer> {
  const usedNonces = new Map<string, Set<number>>();
  const state = {
    requests: [] as ReceivedRequest[],
    queries: [] as string[],
    users: new Set<string>(),
    statuses: restingAll,
    dropNext: 0,
    loseAnswerNext: 0,
  };

  const answer = async (record: ReceivedRequest): Promise<{ status: number; body: string }> => {
    const { text } = record;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text);
      const action = body.action as Record<string, unknown>;
      if (action.type !== "approveAgent") canonicalize(nktkasL1Schema(action.type), action);
    } catch {
      return { status: 422, body: "Failed to deserialize the JSON body into the target type" };
    }
    const err = (response: string) => ({ status: 200, body: JSON.stringify({ status: "err", response }) });
    let signer: string | undefined;
    try {
      signer = await recoverSigner(body, isMainnet);
    } catch {
      return err("Unable to recover signer.");
    }
    record.signer = signer;
    const known = [...state.users].some((user) => user.toLowerCase() === signer);
    if (!signer || !known) return err(`User or API Wallet ${signer} does not exist.`);
    const nonce = body.nonce as number;
    const seen = usedNonces.get(signer) ?? new Set<number>();
    usedNonces.set(signer, seen);
    if (seen.has(nonce)) return err(`Invalid nonce: duplicate nonce ${nonce}`);
    seen.add(nonce);
    if (typeof body.expiresAfter === "number" && body.expiresAfter < Date.now())
      return err("Action already expired");
    const action = body.action as {
      type: string;
      modifies?: { oid: unknown }[];
      orders?: unknown[];
      cancels?: unknown[];
    };
    const entries = action.modifies ?? (action.orders ?? action.cancels)?.map(() => ({}));
    if (!entries)
      return { status: 200, body: JSON.stringify({ status: "ok", response: { type: "default" } }) };
    const statuses = state.statuses(entries, action.type);
    const type = action.cancels ? "cancel" : "order";
    return { status: 200, body: JSON.stringify({ status: "ok", response: { type, data: { statuses } } }) };
  };

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    if (req.method === "POST" && req.url === "/info") {
      const type = String(JSON.parse(text).type);
      state.queries.push(type);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(INFO[type] ?? null));
      return;
    }
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const record: ReceivedRequest = { text, body: parsed, signer: undefined };
    state.requests.push(record);
    if (state.dropNext > 0) {
      state.dropNext -= 1;
      req.socket.destroy();
      return;
    }
    if (req.method !== "POST" || req.url !== "/exchange") {
      res.writeHead(404).end();
      return;
    }
    const reply = await answer(record);
    if (state.loseAnswerNext > 0) {
      state.loseAnswerNext -= 1;
      req.socket.destroy();
      return;
    }
    const type = reply.status === 422 ? "text/plain" : "application/json";
    res.writeHead(reply.status, { "content-type": type }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}
