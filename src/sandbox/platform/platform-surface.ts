import { platformOperations } from "../../../generated/platform/operations.js";
import type {
  CreateNodeBody,
  ListNodesQuery,
  Organization,
  UpdateNodeBody,
} from "../../../generated/platform/types.js";
import type { NodeAuthRegistry } from "../node-auth.js";
import type { SecretSource } from "../secret-source.js";
import type { SandboxResponse, SurfaceHandler } from "../surface.js";
import { RestContract, type RestInput } from "../validation.js";
import type { NodeSurfaceName } from "./networks.js";
import { paginateNodes } from "./node-pages.js";
import { checkCreateRules } from "./node-rules.js";
import { NodeStore } from "./node-store.js";

/** Options of {@link createPlatformSurface}. */
export interface PlatformSurfaceOptions {
  /** Where created nodes' credentials go; the node surfaces check requests against it. */
  nodeAuth: NodeAuthRegistry;
  /** Base URLs of the sandbox's node surfaces (EVM, wallet, indexer), handed out in `details`. */
  nodeUrls: Readonly<Record<NodeSurfaceName, string>>;
  /** How long a new node stays `pending`, in milliseconds (default 1500; 0 runs it at the next read). */
  nodeStartupMs?: number;
  /** Names of nodes that fail instead of running (default: names containing "fail", any case). */
  failingNodeNames?: RegExp;
  /** Nodes per page of `GET /v1/nodes/` (default 10). */
  pageSize?: number;
  /** The organization of the API key (default `RG-100-001`, "Sandbox organization"). */
  organization?: Organization;
  /** The clock (default `Date.now`). */
  now?: () => number;
  /** Where created nodes' credentials come from (default: random). */
  secrets?: SecretSource;
}

/** The platform surface: its handler and node store. */
export interface PlatformSurface {
  handler: SurfaceHandler;
  nodes: NodeStore;
  /** Revokes the credentials of every node created. */
  close(): Promise<void>;
}

const NOT_FOUND: SandboxResponse = {
  status: 404,
  body: { error: { code: "not_found", message: "Not found." } },
};

function validationError(fields: Record<string, string[]>): SandboxResponse {
  return { status: 400, body: { error: { code: "validation_error", message: "Invalid input.", fields } } };
}

/**
 * Builds the platform API surface: the organization, and nodes that are created `pending`, run
 * after `nodeStartupMs`, and carry endpoints and fresh credentials of the sandbox's own node
 * surfaces. Every request and answer is checked against `specs/platform.openapi.yaml`. Serve it with
 * `serveSurface({ auth: "bearer", apiKeys })`.
 *
 * @param options - Node surfaces, credential registry, timing.
 * @returns The handler and the node store.
 * @example
 * const nodeAuth = new NodeAuthRegistry();
 * const nodeUrls = { evm: "http://127.0.0.1:8502", wallet: "http://127.0.0.1:8503", indexer: "http://127.0.0.1:8504" };
 * const platform = createPlatformSurface({ nodeAuth, nodeUrls, nodeStartupMs: 0 });
 * const server = await serveSurface({ name: "platform", auth: "bearer", apiKeys: new Set([apiKey]), handler: platform.handler });
 */
export function createPlatformSurface(options: PlatformSurfaceOptions): PlatformSurface {
  const organization = options.organization ?? { id: "RG-100-001", name: "Sandbox organization" };
  const failing = options.failingNodeNames ?? /fail/i;
  const pageSize = options.pageSize ?? 10;
  const nodes = new NodeStore({
    nodeAuth: options.nodeAuth,
    nodeUrls: options.nodeUrls,
    startupMs: options.nodeStartupMs ?? 1500,
    fails: (name) => failing.test(name),
    organization,
    now: options.now,
    secrets: options.secrets,
  });
  const contract = new RestContract("platform", platformOperations);

  const found = (node: unknown): SandboxResponse => (node ? { status: 200, body: node } : NOT_FOUND);

  const handler = contract.handler({
    getOrganization: () => ({ status: 200, body: organization }),

    listNodes: ({ query, request }: RestInput) => {
      const selfUrl = `http://${request.headers.host ?? "127.0.0.1"}${request.path}`;
      const result = paginateNodes(nodes.list(), query as ListNodesQuery, pageSize, selfUrl);
      return result.ok
        ? { status: 200, body: result.page }
        : { status: 404, body: { detail: "Invalid page." } };
    },

    createNode: ({ body }: RestInput) => {
      const create = body as CreateNodeBody;
      const checked = checkCreateRules(create);
      if (!checked.ok) return validationError(checked.fields);
      return { status: 201, body: nodes.create(create, checked.network) };
    },

    getNode: ({ pathParams }: RestInput) => found(nodes.get(pathParams.id ?? "")),

    updateNode: ({ pathParams, body }: RestInput) =>
      found(nodes.rename(pathParams.id ?? "", (body as UpdateNodeBody).name)),

    deleteNode: ({ pathParams }: RestInput) =>
      nodes.delete(pathParams.id ?? "") ? { status: 204 } : NOT_FOUND,
  });

  return {
    handler,
    nodes,
    close: async () => nodes.close(),
  };
}
