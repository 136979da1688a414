/** One API wallet: the user it signs for, its name, and until when it may sign. */
interface Agent {
  user: string;
  name: string;
  validUntil: number | undefined;
}

const VALID_UNTIL = /^(.*) valid_until (\d+)$/;

/**
 * The API wallets (agents) users approved with `approveAgent`. An agent signs L1 actions for its
 * user until its `valid_until` time; a user has one unnamed agent (a new one replaces it) and any
 * number of named ones (a new one with the same name replaces it).
 *
 * @example
 * const agents = new AgentRegistry(Date.now);
 * agents.approve("0xaa…", address, "bot", new Set(["0xaa…"]));
 * agents.userOf(address); // "0xaa…"
 */
export class AgentRegistry {
  readonly #agents = new Map<string, Agent>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  /**
   * Approves `agent` to sign for `user`.
   *
   * @param user - The approving user (lowercase).
   * @param agent - The agent's address.
   * @param agentName - `""` for the unnamed agent, else its name, optionally with ` valid_until <ms>`.
   * @param users - Addresses with accounts: an account cannot become another's agent.
   * @returns The refusal, or undefined when approved.
   */
  approve(user: string, agent: string, agentName: string, users: ReadonlySet<string>): string | undefined {
    const address = agent.toLowerCase();
    if (users.has(address)) return `Cannot approve an agent that is a user: ${address}`;
    const match = VALID_UNTIL.exec(agentName);
    const name = match ? (match[1] as string) : agentName;
    const validUntil = match ? Number(match[2]) : undefined;
    for (const [existing, entry] of this.#agents) {
      if (entry.user === user && entry.name === name) this.#agents.delete(existing);
    }
    this.#agents.set(address, { user, name, validUntil });
    return undefined;
  }

  /** The user an agent signs for, if it is approved and not expired. */
  userOf(agent: string): string | undefined {
    const entry = this.#agents.get(agent.toLowerCase());
    if (!entry || (entry.validUntil !== undefined && entry.validUntil <= this.#now())) return undefined;
    return entry.user;
  }
}
