import type { Network } from "../../generated/platform/index.js";
import { RequestValidationError } from "../runtime/errors/request-validation-error.js";

/** Network ids look like `NW-123-456-7`; anything else is read as a public network name. */
const NETWORK_ID = /^NW-/i;

/** How {@link NetworkDirectory} reads the networks: every page of `listNetworks`. */
export type ListAllNetworks = () => AsyncIterable<Network>;

/** A network as `createNode` needs it: its id, protocol and public network name. */
export interface ResolvedNetwork {
  id: string;
  protocol: string;
  /** The public network, e.g. `ethereum-mainnet` (undefined when the service did not say). */
  publicName: string | undefined;
}

/**
 * The organization's networks by id and by public network name, read once per client and read
 * again when a name or id is not found (a network may have been created since). `createNode` uses it
 * to take `network: "ethereum-mainnet"`, as people name networks, and send the `NW-…` id the service
 * wants.
 */
export class NetworkDirectory {
  readonly #list: ListAllNetworks;
  #networks: Promise<readonly Network[]> | undefined;

  constructor(list: ListAllNetworks) {
    this.#list = list;
  }

  /** Forgets what was read, after this client created or deleted a network. */
  forget(): void {
    this.#networks = undefined;
  }

  /**
   * Resolves a network id or public name.
   *
   * @param value - `NW-…`, or a public network name such as `ethereum-mainnet`.
   * @param project - When several projects hold the public network, the one to use.
   * @returns The network.
   * @throws {RequestValidationError} at `/body/network` when no network matches, or several do and no
   *   project picks one; the message lists the candidates.
   */
  async resolve(value: string, project?: string): Promise<ResolvedNetwork> {
    let match = this.#match(await this.#read(), value, project);
    if (match.length === 0) {
      this.forget();
      match = this.#match(await this.#read(), value, project);
    }
    const [only, ...others] = match;
    if (only && others.length === 0) {
      return { id: only.id, protocol: only.protocol, publicName: only.configuration?.network };
    }
    throw new RequestValidationError("createNode", [
      { pointer: "/body/network", message: await this.#why(value, match) },
    ]);
  }

  async #read(): Promise<readonly Network[]> {
    this.#networks ??= (async () => {
      const all: Network[] = [];
      for await (const network of this.#list()) all.push(network);
      return all;
    })();
    try {
      return await this.#networks;
    } catch (error) {
      this.#networks = undefined;
      throw error;
    }
  }

  #match(networks: readonly Network[], value: string, project: string | undefined): Network[] {
    const wanted = value.trim().toLowerCase();
    if (NETWORK_ID.test(wanted)) return networks.filter((network) => network.id.toLowerCase() === wanted);
    return networks.filter(
      (network) =>
        network.configuration?.network?.toLowerCase() === wanted &&
        (project === undefined || network.project === project),
    );
  }

  async #why(value: string, match: readonly Network[]): Promise<string> {
    if (match.length > 1) {
      const candidates = match.map((network) => `${network.id} (project ${network.project})`).join(", ");
      return `"${value}" is in ${match.length} of your projects: ${candidates}; pass the network id, or the project in createNode's options`;
    }
    const names = [
      ...new Set((await this.#read()).flatMap((network) => network.configuration?.network ?? [])),
    ].sort();
    const known = names.length > 0 ? `your networks are ${names.join(", ")}` : "you have no networks yet";
    return NETWORK_ID.test(value.trim())
      ? `no network with id ${value}; ${known}`
      : `no network on "${value}" in your projects (${known}); add it to a project with createNetwork, or use a network id (NW-…)`;
  }
}
