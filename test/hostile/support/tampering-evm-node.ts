import type { Sandbox } from "chainkit/sandbox";
import { type HostileServer, startHostileServer } from "../../support/hostile-server.js";

/** One JSON-RPC call as the client sent it. */
export interface RpcCall {
  id: unknown;
  method: string;
  params: unknown[];
}

/** An answer's body for one call: `{ result }` or `{ error }`. */
export type RpcReply = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/**
 * Rewrites the answer to one method: gets the call and a function that asks the honest chain, and
 * answers what it likes (the honest answer changed, or anything else).
 */
export type Tamper = (call: RpcCall, honest: () => Promise<RpcReply>) => RpcReply | Promise<RpcReply>;

/** A node in front of the sandbox's chain that lies about the methods a test names. */
export interface TamperingEvmNode {
  /** Its base URL: give it to `createEvmClient` with the sandbox's node token. */
  url: string;
  /** The rewrites in force, by method; the test sets and clears them. */
  tampers: Map<string, Tamper>;
  /** Every call that reached the node, batch entries one by one, in order. */
  calls: RpcCall[];
  close(): Promise<void>;
}

/**
 * Starts a JSON-RPC node on 127.0.0.1 that forwards every call (single or batched) to the sandbox's
 * EVM chain, a real engine, and answers the chain's answer, except for the methods in `tampers`,
 * which answer what the test wants: a hostile node whose every other answer is true.
 *
 * @param sandbox - The sandbox whose EVM chain answers honestly.
 */
export async function startTamperingEvmNode(sandbox: Sandbox): Promise<TamperingEvmNode> {
  const tampers = new Map<string, Tamper>();
  const calls: RpcCall[] = [];
  const ask = async (path: string, call: RpcCall): Promise<RpcReply> => {
    const response = await fetch(`${sandbox.urls.evm}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: call.method, params: call.params }),
    });
    const answer = (await response.json()) as {
      result?: unknown;
      error?: Extract<RpcReply, { error: unknown }>["error"];
    };
    return answer.error !== undefined ? { error: answer.error } : { result: answer.result };
  };
  const server: HostileServer = await startHostileServer(async (request, response) => {
    const body = JSON.parse(request.text) as RpcCall | RpcCall[];
    const answer = async (call: RpcCall) => {
      calls.push(call);
      const honest = () => ask(request.url, call);
      const reply = await (tampers.get(call.method)?.(call, honest) ?? honest());
      return { jsonrpc: "2.0", id: call.id, ...reply };
    };
    const answers = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answers));
  });
  return { url: server.url, tampers, calls, close: () => server.close() };
}
