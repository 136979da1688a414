import type {
  CreateNodeBody,
  Organization,
  Node as SpecNode,
  NodeDetails as SpecNodeDetails,
} from "../../../generated/platform/types.js";
import type { Revealed } from "../../runtime/credentials/secret.js";
import type { NodeAuthRegistry, NodeSecrets } from "../node-auth.js";
import { type SecretSource, secretSource } from "../secret-source.js";
import type { NodeSurfaceName, SandboxNetwork } from "./networks.js";

/** How the store runs nodes. */
export interface NodeStoreOptions {
  /** Where node credentials are registered, so the node surfaces accept them. */
  nodeAuth: NodeAuthRegistry;
  /** Base URLs of the sandbox's node surfaces, handed out as `details.https_endpoint`. */
  nodeUrls: Readonly<Record<NodeSurfaceName, string>>;
  /** How long a node stays `pending` before it runs (or fails), in milliseconds. */
  startupMs: number;
  /** Whether a node with this name fails instead of running. */
  fails: (name: string) => boolean;
  organization: Organization;
  /** The clock (default `Date.now`). */
  now?: () => number;
  /** Where node credentials come from (default: random); seeded, each node id gets the same ones every run. */
  secrets?: SecretSource;
}

interface NodeRecord {
  node: Node;
  network: SandboxNetwork;
  secrets: NodeSecrets;
  createdMs: number;
  readyAtMs: number;
  fails: boolean;
}

/** One node as a usage report sees it. */
export interface NodeActivity {
  node: Node;
  network: SandboxNetwork;
  /** Requests its credentials were accepted for, by hour start (ms). */
  served: ReadonlyMap<number, number>;
  /** When it started running (ms), or undefined while it does not run. */
  runningSinceMs: number | undefined;
}

/** A node as the service holds and sends it: its credentials in clear (clients wrap them in `Secret`). */
export type Node = Revealed<SpecNode>;
type NodeDetails = Revealed<SpecNodeDetails>;

/** The one user of the sandbox organization: the creator of everything it holds. */
export const SANDBOX_USER = {
  id: "UR-100-000-001",
  email: "demo@sandbox.invalid",
  first_name: "Demo",
  last_name: "User",
};

/** `100000001` -> `ND-100-000-001`. */
function nodeId(serial: number): string {
  const digits = String(serial).padStart(9, "0");
  return `ND-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

function nodeSecrets(source: SecretSource, id: string): NodeSecrets {
  return {
    token: source.hex(`node ${id} token`, 16),
    username: `user-${source.hex(`node ${id} username`, 4)}`,
    password: source.base64url(`node ${id} password`, 18),
  };
}

/**
 * The platform's nodes: created `pending`, `running` (or `failed`) once their startup time has
 * passed. Status is worked out when a node is read, so no timer runs. A running node's `details`
 * point at the sandbox node surface serving its protocol, with credentials of its own that the node
 * surfaces accept until the node is deleted.
 */
export class NodeStore {
  readonly #options: NodeStoreOptions;
  readonly #records = new Map<string, NodeRecord>();
  #serial = 100_000_000;

  constructor(options: NodeStoreOptions) {
    this.#options = options;
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }

  /**
   * Creates a node on a network the rules accepted.
   *
   * @param body - The validated create body.
   * @param network - Its resolved network.
   * @returns The new node, `pending`.
   */
  create(body: CreateNodeBody, network: SandboxNetwork): Node {
    this.#serial += 1;
    const createdMs = this.#now();
    const node: Node = {
      id: nodeId(this.#serial),
      name: body.name,
      network: network.id,
      organization: this.#options.organization.id,
      type: body.type,
      role: body.role,
      provider: body.provider,
      region: body.region,
      status: "pending",
      configuration: { ...body.configuration },
      details: {},
      creator: { ...SANDBOX_USER, organization: { ...this.#options.organization } },
      created_at: new Date(createdMs).toISOString(),
    };
    const record: NodeRecord = {
      node,
      network,
      secrets: nodeSecrets(this.#options.secrets ?? secretSource(undefined), node.id),
      createdMs,
      readyAtMs: createdMs + this.#options.startupMs,
      fails: this.#options.fails(body.name),
    };
    this.#records.set(node.id, record);
    return structuredClone(node);
  }

  /** The node with this id as it is now, or undefined. */
  get(id: string): Node | undefined {
    const record = this.#records.get(id);
    return record ? this.#view(record) : undefined;
  }

  /** Renames a node; returns it, or undefined for an unknown id. */
  rename(id: string, name: string): Node | undefined {
    const record = this.#records.get(id);
    if (!record) return undefined;
    record.node.name = name;
    return this.#view(record);
  }

  /** Deletes a node and revokes its credentials; false for an unknown id. */
  delete(id: string): boolean {
    const record = this.#records.get(id);
    if (!record) return false;
    this.#options.nodeAuth.remove(record.secrets);
    this.#records.delete(id);
    return true;
  }

  /** What a usage report reads of every node: the node now, its network, and its credentials' requests. */
  activity(): NodeActivity[] {
    return [...this.#records.values()].map((record) => {
      const node = this.#view(record);
      const served = this.#options.nodeAuth.requestsServed(record.secrets);
      const runningSinceMs = node.status === "running" ? record.readyAtMs : undefined;
      return { node, network: record.network, served, runningSinceMs };
    });
  }

  /** Every node as it is now, in creation order. */
  list(): Node[] {
    return [...this.#records.values()].map((record) => this.#view(record));
  }

  /** Revokes every node's credentials (the sandbox is closing). */
  close(): void {
    for (const record of this.#records.values()) this.#options.nodeAuth.remove(record.secrets);
    this.#records.clear();
  }

  #view(record: NodeRecord): Node {
    if (record.node.status === "pending" && this.#now() >= record.readyAtMs) {
      if (record.fails) {
        record.node.status = "failed";
      } else {
        record.node.status = "running";
        record.node.details = this.#details(record);
        this.#options.nodeAuth.add(record.secrets);
      }
    }
    return structuredClone(record.node);
  }

  #details(record: NodeRecord): NodeDetails {
    const { network, secrets } = record;
    const endpoint = this.#options.nodeUrls[network.surface];
    const evm = network.surface === "evm";
    return {
      ...(evm && { mode: record.node.configuration?.archive ? "archive" : "full" }),
      version: "chainkit-sandbox",
      ...(evm && { api_namespaces: ["eth", "net", "web3"] }),
      https_endpoint: endpoint,
      auth_username: secrets.username,
      auth_password: secrets.password,
      auth_key: secrets.token,
    };
  }
}
