import { parseJson } from "../../src/runtime/json/parse-json.js";
import {
  createEvmSurface,
  type EvmSurface,
  type EvmSurfaceOptions,
} from "../../src/sandbox/evm/evm-surface.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";

/** One JSON-RPC answer as the sandbox sends it. */
export interface RpcAnswer {
  jsonrpc: "2.0";
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** The sandbox's EVM surface served on 127.0.0.1, with raw JSON-RPC helpers. */
export interface ServedEvmSurface {
  evm: EvmSurface;
  server: SurfaceServer;
  secrets: { token: string; username: string; password: string };
  /** POSTs a body (a value is sent as JSON, a string as is) to `/<token>/evm`; the status and parsed body. */
  post(body: unknown): Promise<{ status: number; body: unknown }>;
  /** Sends one call with a fresh integer id and returns its answer (after checking the id is echoed). */
  call(method: string, params?: unknown[]): Promise<RpcAnswer>;
  /** Like `call`, but fails unless the answer is a result, which it returns. */
  result<T = Record<string, unknown>>(method: string, params?: unknown[]): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts the EVM surface (its in-process chain) behind the sandbox's HTTP core with node credentials.
 *
 * @param options - Options of the surface.
 * @example
 * const node = await serveEvmSurface();
 * expect(await node.result("eth_chainId")).toBe("0x3e7");
 */
export async function serveEvmSurface(options: EvmSurfaceOptions = {}): Promise<ServedEvmSurface> {
  const secrets = { token: "evm-sbx-tok-51c", username: "evm-sbx", password: "evm-sbx-pass-7e" };
  const nodeAuth = new NodeAuthRegistry();
  nodeAuth.add(secrets);
  const evm = await createEvmSurface(options);
  const server = await serveSurface({
    name: "evm",
    auth: "node",
    handler: evm.handler,
    nodeAuth,
    jsonRpc: true,
  });
  let nextId = 1;
  const post = async (body: unknown) => {
    const response = await fetch(`${server.url}/${secrets.token}/evm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === "" ? undefined : parseJson(text) };
  };
  const call = async (method: string, params: unknown[] = []) => {
    const id = nextId++;
    const { status, body } = await post({ jsonrpc: "2.0", method, params, id });
    if (status !== 200) throw new Error(`${method}: HTTP ${status}`);
    const answer = body as RpcAnswer;
    if (answer.id !== id) throw new Error(`${method}: id ${String(answer.id)} does not echo ${id}`);
    return answer;
  };
  const result = async <T>(method: string, params: unknown[] = []) => {
    const answer = await call(method, params);
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result as T;
  };
  return {
    evm,
    server,
    secrets,
    post,
    call,
    result,
    close: async () => {
      await server.close();
      await evm.close();
    },
  };
}
