import type {
  CreateNetworkBody,
  CreateProjectBody,
  Creator,
  Organization,
  Project,
  Network as SpecNetwork,
  UpdateProjectBody,
} from "../../../generated/platform/types.js";
import { findPublicNetwork, PUBLIC_NETWORKS, type SandboxNetwork } from "./networks.js";

/** A network of a project: which public network it joins, and its own name. */
export interface NetworkRecord {
  network: SandboxNetwork;
  project: string;
  name: string;
  createdAt: string;
}

/** A refusal of a create or delete: the 400's per-field messages. */
export type Refusal = { ok: false; fields: Record<string, string[]> };

/** The project every sandbox starts with: it holds one network per public network. */
export const DEFAULT_PROJECT_ID = "PR-100-001";

/** `1` -> `PR-200-001`. */
function projectId(serial: number): string {
  return `PR-${200 + Math.floor(serial / 1000)}-${String(serial % 1000).padStart(3, "0")}`;
}

/** `1` -> `NW-200-001-1`. */
function networkId(serial: number): string {
  return `NW-${200 + Math.floor(serial / 1000)}-${String(serial % 1000).padStart(3, "0")}-1`;
}

/** `ethereum-sepolia-testnet` of protocol `ethereum` -> `Sepolia testnet`. */
function defaultNetworkName(network: SandboxNetwork): string {
  const rest = network.name.startsWith(`${network.protocol}-`)
    ? network.name.slice(network.protocol.length + 1)
    : network.name;
  const words = rest.replaceAll("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The platform's projects and the networks inside them. The default project holds one network
 * per public network the sandbox serves (their ids are the ones `createNode` always accepted);
 * users add projects, and networks to them, as on the service, where a network is one public
 * network of one protocol inside one project.
 */
export class ProjectStore {
  readonly #projects = new Map<string, Project>();
  readonly #networks = new Map<string, NetworkRecord>();
  readonly #creator: Creator;
  readonly #now: () => number;
  #serial = 0;

  constructor(organization: Organization, creator: Omit<Creator, "organization">, now: () => number) {
    this.#creator = { ...creator, organization: { ...organization } };
    this.#now = now;
    const createdAt = new Date(now()).toISOString();
    this.#projects.set(DEFAULT_PROJECT_ID, {
      id: DEFAULT_PROJECT_ID,
      name: "Sandbox project",
      description: "Every public network the sandbox serves",
      type: "public",
      created_at: createdAt,
    });
    for (const network of PUBLIC_NETWORKS) {
      this.#networks.set(network.id, { network, project: DEFAULT_PROJECT_ID, name: network.name, createdAt });
    }
  }

  /** Every project as the service shows it, with its counts. */
  projects(): Project[] {
    return [...this.#projects.values()].map((project) => this.#projectView(project));
  }

  project(id: string): Project | undefined {
    const project = this.#projects.get(id);
    return project && this.#projectView(project);
  }

  createProject(body: CreateProjectBody): Project {
    this.#serial += 1;
    const project: Project = {
      id: projectId(this.#serial),
      name: body.name,
      ...(body.description !== undefined && { description: body.description }),
      type: body.type ?? "public",
      created_at: new Date(this.#now()).toISOString(),
    };
    this.#projects.set(project.id, project);
    return this.#projectView(project);
  }

  updateProject(id: string, body: UpdateProjectBody): Project | undefined {
    const project = this.#projects.get(id);
    if (!project) return undefined;
    if (body.name !== undefined) project.name = body.name;
    if (body.description !== undefined) project.description = body.description;
    return this.#projectView(project);
  }

  /** Deletes an empty project; a project with networks is refused, as the service refuses it. */
  deleteProject(id: string): { ok: true } | Refusal | undefined {
    if (!this.#projects.has(id)) return undefined;
    const held = this.#networksOf(id).length;
    if (held > 0) {
      return { ok: false, fields: { id: [`The project still holds ${held} networks: delete them first.`] } };
    }
    this.#projects.delete(id);
    return { ok: true };
  }

  /** Every network as the service shows it. */
  networks(): SpecNetwork[] {
    return [...this.#networks.entries()].map(([id, record]) => this.#networkView(id, record));
  }

  network(id: string): SpecNetwork | undefined {
    const record = this.#networks.get(id);
    return record && this.#networkView(id, record);
  }

  /** The network record behind an id, for the nodes that join it. */
  record(id: string): NetworkRecord | undefined {
    return this.#networks.get(id);
  }

  /**
   * Adds a public network to a project, after the checks the service makes: the project exists, the
   * public network exists and belongs to the protocol, and the project does not hold it yet.
   */
  createNetwork(body: CreateNetworkBody): { ok: true; id: string; record: NetworkRecord } | Refusal {
    if (!this.#projects.has(body.project)) {
      return {
        ok: false,
        fields: { project: [`No project ${body.project}: create it first or use listProjects.`] },
      };
    }
    const wanted = body.configuration.network;
    const known = findPublicNetwork(wanted);
    if (!known) {
      const names = PUBLIC_NETWORKS.map((network) => network.name).join(", ");
      return {
        ok: false,
        fields: { configuration: [`Unknown public network "${wanted}". The sandbox offers: ${names}.`] },
      };
    }
    if (known.protocol !== body.protocol) {
      return {
        ok: false,
        fields: { protocol: [`${known.name} is a ${known.protocol} network, not ${body.protocol}.`] },
      };
    }
    if (this.#networksOf(body.project).some((record) => record.network.name === known.name)) {
      return { ok: false, fields: { configuration: [`The project already holds ${known.name}.`] } };
    }
    this.#serial += 1;
    const id = networkId(this.#serial);
    const record: NetworkRecord = {
      network: { ...known, id },
      project: body.project,
      // Left out, the name is made from the public network, as the service does ("Mainnet").
      name: body.name ?? defaultNetworkName(known),
      createdAt: new Date(this.#now()).toISOString(),
    };
    this.#networks.set(id, record);
    return { ok: true, id, record };
  }

  renameNetwork(id: string, name: string): SpecNetwork | undefined {
    const record = this.#networks.get(id);
    if (!record) return undefined;
    record.name = name;
    return this.#networkView(id, record);
  }

  /** Deletes a network that has no nodes left. */
  deleteNetwork(id: string, nodeCount: number): { ok: true } | Refusal | undefined {
    if (!this.#networks.has(id)) return undefined;
    if (nodeCount > 0) {
      return { ok: false, fields: { id: [`The network still has ${nodeCount} nodes: delete them first.`] } };
    }
    this.#networks.delete(id);
    return { ok: true };
  }

  /**
   * Finds a network by id (`NW-…`), or by public name (`ethereum-mainnet`, `hyperevm`) in the default
   * project, as the sandbox's `createNode` has always accepted.
   */
  find(value: string): NetworkRecord | undefined {
    const byId = [...this.#networks.entries()].find(
      ([id]) => id.toLowerCase() === value.trim().toLowerCase(),
    );
    if (byId) return byId[1];
    const known = findPublicNetwork(value);
    return known && this.#networks.get(known.id);
  }

  #networksOf(project: string): NetworkRecord[] {
    return [...this.#networks.values()].filter((record) => record.project === project);
  }

  #projectView(project: Project): Project {
    return {
      ...structuredClone(project),
      members: 1,
      networks: this.#networksOf(project.id).length,
      creator: structuredClone(this.#creator),
    };
  }

  #networkView(id: string, record: NetworkRecord): SpecNetwork {
    return {
      id,
      name: record.name,
      project: record.project,
      protocol: record.network.protocol,
      configuration: { network: record.network.name },
      details: {},
      status: "ok",
      creator: structuredClone(this.#creator),
      created_at: record.createdAt,
    };
  }
}
