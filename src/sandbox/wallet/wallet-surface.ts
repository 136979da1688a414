import { walletOperations } from "../../../generated/wallet/operations.js";
import { parseJson } from "../../runtime/json/parse-json.js";
import type { RestOperation } from "../../runtime/operation.js";
import { checkValue } from "../../runtime/validation/field-issues.js";
import type { SandboxRequest, SandboxResponse, SurfaceHandler } from "../surface.js";
import { writeJson } from "../write-json.js";
import { DEFAULT_ASSETS } from "./default-assets.js";
import { decodeNodeHex } from "./node-hex.js";
import { renderAsset, type TronAsset } from "./tron-asset.js";
import { BAD_HEX_ERROR, invalidArgumentError, jsonError } from "./wallet-errors.js";

/** Options of {@link createWalletSurface}. */
export interface WalletSurfaceOptions {
  /** The tokens the node knows (default {@link DEFAULT_ASSETS}: BTT, two TRN, two SEED, one UTF-8 name). */
  assets?: readonly TronAsset[];
}

/** A wallet node surface: its handler and the tokens it serves. */
export interface WalletSurface {
  handler: SurfaceHandler;
  /** The tokens served, as stored (text fields as text, int64 as `bigint`). */
  assets: readonly TronAsset[];
  /** Releases nothing (the surface holds no resources); present so every surface closes alike. */
  close(): Promise<void>;
}

const encoder = new TextEncoder();

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/**
 * Checks a body the surface is about to send against the operation's 200 schema, in the form a
 * client reads it (written as JSON, then parsed losslessly). A mismatch is a sandbox bug.
 */
function checkedAnswer(operation: RestOperation, body: unknown): SandboxResponse {
  const validate = operation.responses["200"]?.validate;
  if (!validate) throw new Error(`${operation.id}: the spec has no 200 schema`);
  const issues = checkValue(validate, parseJson(writeJson(body)), "");
  if (issues.length > 0) {
    const detail = issues.map((issue) => `${issue.pointer || "/"} ${issue.message}`).join("; ");
    throw new Error(`${operation.id}: the sandbox's answer does not match the spec: ${detail}`);
  }
  return { status: 200, body };
}

type Parsed = { ok: true; value: string; visible: boolean } | { ok: false; error: { Error: string } };

/** Reads and checks a request body against the operation's body schema, answering as java-tron does. */
function readBody(operation: RestOperation, text: string): Parsed {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: jsonError((error as Error).message) };
  }
  const validate = operation.validateBody;
  const issues = validate ? checkValue(validate, body, "") : [];
  if (issues.length > 0) {
    return {
      ok: false,
      error: invalidArgumentError(issues.map((i) => `${i.pointer || "body"} ${i.message}`).join("; ")),
    };
  }
  const { value, visible } = body as { value: string; visible?: boolean };
  // Real nodes read a missing `visible` as false, whatever the interface's default says.
  return { ok: true, value, visible: visible ?? false };
}

/**
 * Builds the wallet node surface: `POST /wallet/getassetissuelistbyname` and
 * `POST /wallet/getassetissuebyid`, answering as a java-tron node does (`visible` semantics, `{}`
 * when nothing matches, `{"Error": …}` at HTTP 200 on bad input). Serve it with `serveSurface`
 * and `auth: "node"`.
 *
 * @param options - The tokens to serve.
 * @returns The handler and the tokens.
 * @example
 * const wallet = await createWalletSurface();
 * const server = await serveSurface({ name: "wallet", auth: "node", nodeAuth, handler: wallet.handler });
 */
export async function createWalletSurface(options: WalletSurfaceOptions = {}): Promise<WalletSurface> {
  const assets = options.assets ?? DEFAULT_ASSETS;
  const byName = walletOperations.getAssetIssueListByName;
  const byId = walletOperations.getAssetIssueById;

  function listByName(request: SandboxRequest): SandboxResponse {
    const parsed = readBody(byName, request.body);
    if (!parsed.ok) return checkedAnswer(byName, parsed.error);
    const wanted = parsed.visible ? encoder.encode(parsed.value) : decodeNodeHex(parsed.value);
    if (wanted === undefined) return checkedAnswer(byName, BAD_HEX_ERROR);
    const matches = assets.filter((asset) => sameBytes(encoder.encode(asset.name), wanted));
    // java-tron prints an empty list as `{}`: the repeated field is left out.
    const body =
      matches.length === 0 ? {} : { assetIssue: matches.map((asset) => renderAsset(asset, parsed.visible)) };
    return checkedAnswer(byName, body);
  }

  function assetById(request: SandboxRequest): SandboxResponse {
    const parsed = readBody(byId, request.body);
    if (!parsed.ok) return checkedAnswer(byId, parsed.error);
    const asset = assets.find((candidate) => candidate.id === parsed.value);
    return checkedAnswer(byId, asset ? renderAsset(asset, parsed.visible) : {});
  }

  const routes = new Map<string, (request: SandboxRequest) => SandboxResponse>([
    [byName.path, listByName],
    [byId.path, assetById],
  ]);

  const handler: SurfaceHandler = (request) => {
    const route = routes.get(request.path.replace(/\/+$/, ""));
    if (!route) return { status: 404, body: `no wallet API at ${request.path}` };
    if (request.method !== "POST") return { status: 405, body: "use POST", headers: { allow: "POST" } };
    return route(request);
  };

  return { handler, assets, close: async () => {} };
}
