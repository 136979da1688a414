import {
  type CreateNodeBody,
  type CreateNodeResponse,
  createPlatformOperations,
  type DeploymentOption,
  type GetNodeResponse,
  type PlatformOperations,
} from "../../generated/platform/index.js";
import { bearerAuth } from "../runtime/credentials/auth.js";
import { scrubbedClient } from "../runtime/credentials/scrubbed-client.js";
import type { SecretInput } from "../runtime/credentials/secret.js";
import { RequestValidationError } from "../runtime/errors/request-validation-error.js";
import type { RetryOptions } from "../runtime/http/retry-policy.js";
import type { FetchFunction } from "../runtime/http/send-request.js";
import { DEFAULT_TIMEOUT } from "../runtime/http/timeout-option.js";
import { loadOnce } from "../runtime/load-once.js";
import type { CallOptions } from "../runtime/operation.js";
import { deferredRestCaller } from "../runtime/rest/deferred-rest-caller.js";
import type { UsageBudget, UsageSnapshot } from "../runtime/usage/usage-meter.js";
import { sharedNodeIssues } from "./deployment-check.js";
import { type PlatformListIterators, platformListIterators } from "./list-iterators.js";
import { NetworkDirectory, type ResolvedNetwork } from "./network-directory.js";
import { type WaitForNodeOptions, waitForNode } from "./wait-for-node.js";

// The createNode body check loads with the call path, on the first createNode.
const nodeBodyCheck = /* @__PURE__ */ loadOnce(() => import("./node-body-check.js"));

/** The platform API's public address, used when no `baseUrl` is given. */
export const PLATFORM_BASE_URL = "https://api.chainstack.com";

/** Options of {@link createPlatformClient}. */
export interface PlatformClientOptions {
  /** The platform API key, sent as `Authorization: Bearer <apiKey>` (the only scheme the platform takes). */
  apiKey: SecretInput;
  /** The API base address (default {@link PLATFORM_BASE_URL}); https, or http to loopback only. */
  baseUrl?: string;
  /** The `fetch` to use (default: the global one). */
  fetch?: FetchFunction;
  /** Milliseconds per request (default 30 000). */
  timeout?: number;
  /** The most bytes of one answer to read, past which the call fails with `ResponseTooLargeError` (default 64 MiB; `Infinity`: none). */
  maxResponseBytes?: number;
  /** Retries of safe operations (GET) on network errors, 429 and 502/503/504, or `false` for none. */
  retry?: RetryOptions | false;
  /** Check every response against the spec (default `true`). */
  validateResponse?: boolean;
  /** Requests per interval to keep under: calls wait for room instead of running into 429. */
  budget?: UsageBudget;
}

/**
 * What `createNode` takes: the spec's body, with `network` as a network id (`NW-…`) or a public network
 * name (`ethereum-mainnet`), and `role` optional (its only value, `peer`, is sent when left out).
 */
export type CreateNodeInput = Omit<CreateNodeBody, "role"> & { role?: CreateNodeBody["role"] };

/** Per-call options of `createNode`. */
export interface CreateNodeOptions extends CallOptions {
  /** When several of your projects hold the public network named in `network`, the project to use (`PR-…`). */
  project?: string;
}

/**
 * The platform client: one typed function per operation of the spec, an iterator per list
 * (`nodes()`, `projects()`, `networks()`, `nodeUsage()`, …), `waitForNode` and usage.
 */
export interface PlatformClient extends Omit<PlatformOperations, "createNode">, PlatformListIterators {
  /**
   * Creates a node (`POST /v1/nodes/`). `network` may be a public network name: it is looked up among
   * your projects' networks (read once per client) and sent as its `NW-…` id. A shared node is checked
   * against the deployment options of its network (provider, region, archive), and `role` defaults to
   * `peer`, before anything is sent.
   *
   * @returns The new node, usually still `pending`.
   * @throws {RequestValidationError} at `/body/network` when no network, or several, match the name
   *   (the message lists them), or at the field a deployment option rules out, with what is offered.
   * @example
   * const node = await platform.createNode({
   *   name: "archive", network: "ethereum-mainnet", type: "dedicated",
   *   provider: "aws", region: "us-east-1", configuration: { archive: true },
   * });
   */
  createNode(body: CreateNodeInput, options?: CreateNodeOptions): Promise<CreateNodeResponse>;
  /**
   * Polls `getNode` until the node reaches `until` (default `"running"`), pausing 2 s, then half as
   * long again each time, up to 30 s.
   *
   * @returns The node as last read.
   * @throws {NodeFailedError} when the node reaches `failed` or `error` first.
   * @throws {NodeWaitTimeoutError} when `timeout` (default ten minutes) runs out first.
   * @throws {AbortError} when `signal` fires.
   * @example
   * const node = await platform.waitForNode(id, { until: "running", timeout: 600_000 });
   */
  waitForNode(id: string, options?: WaitForNodeOptions): Promise<GetNodeResponse>;
  /** Requests sent so far (each retry counts). */
  usage(): UsageSnapshot;
}

/**
 * Creates a client for the platform API: organization, projects, networks, nodes (v1 and v2),
 * deployment options, node usage and the faucet.
 *
 * Every input is checked against the spec before sending (a region that does not belong to its
 * provider fails with a `RequestValidationError` naming `/body/region`); responses are validated;
 * `GET`s are retried on transient failures, `createNode` never is. Errors carry the service's
 * `code`, `message` and per-field messages. Inspecting or serialising the client shows no key.
 *
 * @param options - API key, base URL and transport options.
 * @returns The client.
 * @throws {ConfigurationError} when the key is empty or the base URL is not https (loopback excepted).
 * @example
 * const platform = createPlatformClient({ apiKey: process.env.PLATFORM_API_KEY ?? "" });
 * const node = await platform.createNode({
 *   name: "my node", network: "ethereum-mainnet", type: "dedicated",
 *   provider: "aws", region: "us-east-1", configuration: { archive: false },
 * });
 * const running = await platform.waitForNode(node.id, { until: "running", timeout: 600_000 });
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  // Bad options fail here; the call path (sending, the JSON reader, the answer checks) loads on the first call.
  const auth = bearerAuth(options.apiKey);
  const caller = deferredRestCaller(
    {
      baseUrl: options.baseUrl ?? PLATFORM_BASE_URL,
      auth,
      fetch: options.fetch,
      timeout: options.timeout,
      maxResponseBytes: options.maxResponseBytes,
      retry: options.retry,
      validateResponse: options.validateResponse,
      usage: { budget: options.budget },
    },
    async (checked) => (await import("../runtime/rest/create-rest-caller.js")).createRestCaller(checked),
  );
  const operations = withHints(createPlatformOperations(caller));
  const iterators = platformListIterators(operations);
  const networks = new NetworkDirectory(() => iterators.networks());
  let deploymentOptions: Promise<readonly DeploymentOption[]> | undefined;
  const readDeploymentOptions = () => {
    deploymentOptions ??= operations.listDeploymentOptions().then(({ options }) => options);
    return deploymentOptions.catch((error: unknown) => {
      deploymentOptions = undefined;
      throw error;
    });
  };

  const createNode = async (input: CreateNodeInput, createOptions: CreateNodeOptions = {}) => {
    const { project, ...callOptions } = createOptions;
    const body = { ...input, role: input.role ?? "peer" } as CreateNodeBody;
    // The body is checked against the spec before the network lookup sends anything.
    await (await nodeBodyCheck()).checkCreateNodeBody(body);
    const needsLookup =
      typeof body.network === "string" &&
      (!/^NW-/i.test(body.network) || body.type === "shared" || project !== undefined);
    let network: ResolvedNetwork | undefined;
    if (needsLookup) network = await networks.resolve(body.network, project);
    if (network?.publicName !== undefined && body.type === "shared") {
      const issues = sharedNodeIssues(body, network.publicName, await readDeploymentOptions());
      if (issues.length > 0) throw new RequestValidationError("createNode", issues);
    }
    return operations.createNode(network ? { ...body, network: network.id } : body, callOptions);
  };

  // Every error leaving the client is scrubbed of the API key, after whatever decoding built it.
  const client: PlatformClient = {
    ...operations,
    ...iterators,
    createNode,
    createNetwork: async (...args) => {
      networks.forget();
      return operations.createNetwork(...args);
    },
    deleteNetwork: async (...args) => {
      networks.forget();
      return operations.deleteNetwork(...args);
    },
    waitForNode: (id, waitOptions) =>
      waitForNode(operations.getNode, id, waitOptions, options.timeout ?? DEFAULT_TIMEOUT),
    usage: () => caller.usage(),
  };
  return scrubbedClient(client, auth.redact);
}

/** The operations on one node, whose first argument is its id. */
const ONE_NODE = new Set([
  "getNode",
  "updateNode",
  "deleteNode",
  "getNodeV2",
  "updateNodeV2",
  "deleteNodeV2",
]);

/**
 * The operations, each rethrowing an HTTP error with a hint that points the right way where the
 * client can tell (a node's URL, an unknown node id); the hints load with the first failure.
 */
function withHints(operations: PlatformOperations): PlatformOperations {
  const hinted: Record<string, unknown> = {};
  for (const [id, call] of Object.entries(operations) as [
    string,
    (...args: unknown[]) => Promise<unknown>,
  ][]) {
    hinted[id] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (error) {
        const { withPlatformHint } = await import("./platform-hints.js");
        throw withPlatformHint(error, ONE_NODE.has(id) ? args[0] : undefined);
      }
    };
  }
  return hinted as unknown as PlatformOperations;
}
