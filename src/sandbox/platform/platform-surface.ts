import { platformOperations } from "../../../generated/platform/operations.js";
import type {
  CreateNetworkBody,
  CreateNodeBody,
  CreateNodeV2Body,
  CreateProjectBody,
  ListNetworksQuery,
  ListNodeUsageQuery,
  ListProjectsQuery,
  Organization,
  UpdateNodeBody,
  UpdateOrganizationBody,
  UpdateProjectBody,
} from "../../../generated/platform/types.js";
import type { NodeAuthRegistry } from "../node-auth.js";
import type { SecretSource } from "../secret-source.js";
import type { SandboxRequest, SandboxResponse, SurfaceHandler } from "../surface.js";
import { RestContract, type RestInput } from "../validation.js";
import { DEPLOYMENT_OPTIONS } from "./deployment-options.js";
import { createFaucet, type SendTestEther } from "./faucet.js";
import { byOrder, listPage, type PageResult } from "./list-page.js";
import type { NodeSurfaceName } from "./networks.js";
import { paginateNodes } from "./node-pages.js";
import { checkCreateRules } from "./node-rules.js";
import { type Node, NodeStore, SANDBOX_USER } from "./node-store.js";
import { usageCsv, usageReport } from "./node-usage.js";
import { nodeV2View } from "./node-v2.js";
import { ProjectStore } from "./project-store.js";

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
  /** Items per page of every list (default 10; usage rows: 100, as on the service). */
  pageSize?: number;
  /** The organization of the API key (default `RG-100-001`, "Sandbox organization"). */
  organization?: Organization;
  /** The clock (default `Date.now`). */
  now?: () => number;
  /** Where created nodes' credentials come from (default: random). */
  secrets?: SecretSource;
  /** Sends the faucet's test ether (the sandbox's own EVM chain); without it the faucet answers 503. */
  sendTestEther?: SendTestEther;
}

/** The platform surface: its handler, node store and projects. */
export interface PlatformSurface {
  handler: SurfaceHandler;
  nodes: NodeStore;
  projects: ProjectStore;
  /** Revokes the credentials of every node created. */
  close(): Promise<void>;
}

const NOT_FOUND: SandboxResponse = {
  status: 404,
  body: { error: { code: "not_found", message: "Not found." } },
};

const INVALID_PAGE: SandboxResponse = { status: 404, body: { detail: "Invalid page." } };

function validationError(fields: Record<string, string[]>): SandboxResponse {
  return { status: 400, body: { error: { code: "validation_error", message: "Invalid input.", fields } } };
}

function selfUrl(request: SandboxRequest): string {
  return `http://${request.headers.host ?? "127.0.0.1"}${request.path}`;
}

function pageAnswer<T>(result: PageResult<T>): SandboxResponse {
  return result.ok ? { status: 200, body: result.page } : INVALID_PAGE;
}

/**
 * Builds the platform API surface: the organization, projects and the networks inside them,
 * deployment options, nodes (v1 and v2 views of the same nodes) that are created `pending`, run
 * after `nodeStartupMs` and carry endpoints and fresh credentials of the sandbox's own node
 * surfaces, node usage counted from the requests each node's credentials served, and the faucet.
 * Every request and answer is checked against `specs/platform.openapi.yaml`. Serve it with
 * `serveSurface({ auth: "bearer", apiKeys })`.
 *
 * @param options - Node surfaces, credential registry, timing.
 * @returns The handler, the node store and the projects.
 * @example
 * const nodeAuth = new NodeAuthRegistry();
 * const nodeUrls = { evm: "http://127.0.0.1:8502", wallet: "http://127.0.0.1:8503", indexer: "http://127.0.0.1:8504" };
 * const platform = createPlatformSurface({ nodeAuth, nodeUrls, nodeStartupMs: 0 });
 * const server = await serveSurface({ name: "platform", auth: "bearer", apiKeys: new Set([apiKey]), handler: platform.handler });
 */
export function createPlatformSurface(options: PlatformSurfaceOptions): PlatformSurface {
  const organization = { ...(options.organization ?? { id: "RG-100-001", name: "Sandbox organization" }) };
  const now = options.now ?? Date.now;
  const failing = options.failingNodeNames ?? /fail/i;
  const pageSize = options.pageSize ?? 10;
  const projects = new ProjectStore(organization, SANDBOX_USER, now);
  const nodes = new NodeStore({
    nodeAuth: options.nodeAuth,
    nodeUrls: options.nodeUrls,
    startupMs: options.nodeStartupMs ?? 1500,
    fails: (name) => failing.test(name),
    organization,
    now,
    secrets: options.secrets,
  });
  const faucet = createFaucet(options.sendTestEther, now);
  const contract = new RestContract("platform", platformOperations);

  const found = (value: unknown): SandboxResponse => (value ? { status: 200, body: value } : NOT_FOUND);
  const deleted = (outcome: { ok: true } | { ok: false; fields: Record<string, string[]> } | undefined) =>
    outcome === undefined ? NOT_FOUND : outcome.ok ? { status: 204 } : validationError(outcome.fields);
  const nodesOn = (networkId: string) => nodes.list().filter((node) => node.network === networkId).length;

  const createNode = (body: CreateNodeBody): SandboxResponse => {
    const checked = checkCreateRules(body, projects);
    if (!checked.ok) return validationError(checked.fields);
    return { status: 201, body: nodes.create(body, checked.network.network) };
  };
  // The v2 view of a node already read (one read per node, also in lists).
  const v2Of = (node: Node | undefined) => {
    const network = node && projects.record(node.network);
    return node && network ? nodeV2View(node, network) : undefined;
  };
  const projectPage = ({ query, request }: RestInput) => {
    const filter = query as ListProjectsQuery;
    // Every project of the sandbox belongs to its one organization.
    const ofOrganization = filter.organization === undefined || filter.organization === organization.id;
    const selected = projects
      .projects()
      .filter((project) => ofOrganization && (filter.name === undefined || project.name === filter.name))
      .filter((project) => filter.type === undefined || project.type === filter.type)
      .sort(byOrder(filter.order_by));
    return pageAnswer(listPage(selected, filter, pageSize, selfUrl(request)));
  };
  const projectView = ({ pathParams }: RestInput) => found(projects.project(pathParams.id ?? ""));
  const createProject = ({ body }: RestInput) => ({
    status: 201,
    body: projects.createProject(body as CreateProjectBody),
  });
  const updateProject = ({ pathParams, body }: RestInput) =>
    found(projects.updateProject(pathParams.id ?? "", (body ?? {}) as UpdateProjectBody));
  const deleteProject = ({ pathParams }: RestInput) => deleted(projects.deleteProject(pathParams.id ?? ""));

  const handler = contract.handler({
    getOrganization: () => ({ status: 200, body: organization }),
    updateOrganization: ({ body }: RestInput) => {
      organization.name = (body as UpdateOrganizationBody).name;
      return { status: 200, body: organization };
    },

    listProjects: projectPage,
    createProject,
    getProject: projectView,
    updateProject,
    deleteProject,
    listProjectsV2: projectPage,
    createProjectV2: createProject,
    getProjectV2: projectView,
    updateProjectV2: updateProject,
    deleteProjectV2: deleteProject,
    listProjectMembers: ({ pathParams, query, request }: RestInput) => {
      if (!projects.project(pathParams.id ?? "")) return NOT_FOUND;
      const member = { id: organization.id, name: organization.name, email: SANDBOX_USER.email };
      return pageAnswer(listPage([member], query as { page?: number }, pageSize, selfUrl(request)));
    },

    listNetworks: ({ query, request }: RestInput) => {
      const filter = query as ListNetworksQuery;
      const selected = projects
        .networks()
        .filter((network) => filter.project === undefined || network.project === filter.project)
        .filter((network) => filter.name === undefined || network.name === filter.name)
        .filter(
          (network) =>
            filter.public_network === undefined || network.configuration?.network === filter.public_network,
        )
        .filter((network) => filter.protocol === undefined || network.protocol === filter.protocol)
        .filter((network) => filter.status === undefined || network.status === filter.status)
        .sort(byOrder(filter.order_by));
      return pageAnswer(listPage(selected, filter, pageSize, selfUrl(request)));
    },
    createNetwork: ({ body }: RestInput) => {
      const create = body as CreateNetworkBody;
      const created = projects.createNetwork(create);
      if (!created.ok) return validationError(created.fields);
      for (const node of create.nodes) {
        const checked = createNode({ ...node, network: created.id });
        if (checked.status !== 201) {
          projects.deleteNetwork(created.id, 0);
          return checked;
        }
      }
      return { status: 201, body: projects.network(created.id) };
    },
    getNetwork: ({ pathParams }: RestInput) => found(projects.network(pathParams.id ?? "")),
    updateNetwork: ({ pathParams, body }: RestInput) =>
      found(projects.renameNetwork(pathParams.id ?? "", (body as { name: string }).name)),
    deleteNetwork: ({ pathParams }: RestInput) => {
      const id = pathParams.id ?? "";
      return deleted(projects.deleteNetwork(id, nodesOn(id)));
    },

    listNodes: ({ query, request }: RestInput) =>
      pageAnswer(paginateNodes(nodes.list(), query, projects, pageSize, selfUrl(request))),
    createNode: ({ body }: RestInput) => createNode(body as CreateNodeBody),
    getNode: ({ pathParams }: RestInput) => found(nodes.get(pathParams.id ?? "")),
    updateNode: ({ pathParams, body }: RestInput) =>
      found(nodes.rename(pathParams.id ?? "", (body as UpdateNodeBody).name)),
    deleteNode: ({ pathParams }: RestInput) =>
      nodes.delete(pathParams.id ?? "") ? { status: 204 } : NOT_FOUND,

    listDeploymentOptions: () => ({ status: 200, body: { options: DEPLOYMENT_OPTIONS } }),
    listNodesV2: ({ query, request }: RestInput) => {
      const all = nodes
        .list()
        .sort(byOrder((query as { order_by?: string }).order_by))
        .flatMap((node) => v2Of(node) ?? []);
      return pageAnswer(listPage(all, query as { page?: number }, pageSize, selfUrl(request)));
    },
    createNodeV2: ({ body }: RestInput) => {
      const create = body as CreateNodeV2Body;
      const option = DEPLOYMENT_OPTIONS.find(
        (candidate) => candidate.blockchain === create.blockchain && candidate.cloud === create.cloud,
      );
      if (!option) {
        return validationError({
          blockchain: [
            "No deployment option has this blockchain and cloud: pick both from listDeploymentOptions.",
          ],
        });
      }
      const network = projects
        .networks()
        .find(
          (candidate) =>
            candidate.project === create.project && candidate.configuration?.network === option.network,
        );
      if (!projects.project(create.project))
        return validationError({ project: [`No project ${create.project}.`] });
      if (!network) {
        return validationError({
          project: [`The project has no ${option.network} network: create it with createNetwork.`],
        });
      }
      const created = createNode({
        name: create.name,
        network: network.id,
        type: "shared",
        role: "peer",
        provider: option.provider as CreateNodeBody["provider"],
        region: option.region as CreateNodeBody["region"],
        configuration: {},
      });
      if (created.status !== 201) return created;
      return { status: 201, body: v2Of(created.body as Node) };
    },
    getNodeV2: ({ pathParams }: RestInput) => found(v2Of(nodes.get(pathParams.id ?? ""))),
    updateNodeV2: ({ pathParams, body }: RestInput) =>
      found(v2Of(nodes.rename(pathParams.id ?? "", (body as UpdateNodeBody).name))),
    deleteNodeV2: ({ pathParams }: RestInput) =>
      nodes.delete(pathParams.id ?? "") ? { status: 204 } : NOT_FOUND,

    listNodeUsage: ({ query, request }: RestInput) => {
      const report = usageReport(nodes.activity(), query as ListNodeUsageQuery, now());
      if (!report.ok) return validationError(report.fields);
      const page = listPage(report.rows, query as { page?: number }, 100, selfUrl(request));
      return page.ok ? { status: 200, body: { ...page.page, totals: report.totals } } : INVALID_PAGE;
    },
    exportNodeUsage: ({ query }: RestInput) => {
      const usageQuery = query as ListNodeUsageQuery;
      const report = usageReport(nodes.activity(), usageQuery, now());
      if (!report.ok) return validationError(report.fields);
      return {
        status: 200,
        body: usageCsv(report.rows, usageQuery.granularity ?? "day"),
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="node-usage-report.csv"',
        },
      };
    },

    requestSepoliaFaucet: ({ body }: RestInput) => faucet((body as { address: string }).address),
  });

  return {
    handler,
    nodes,
    projects,
    close: async () => nodes.close(),
  };
}
