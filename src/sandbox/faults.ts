import { SeededRandom } from "./seeded-random.js";
import type { FaultPlan } from "./surface.js";

/** The fault drawn for one WebSocket message about to be sent, or none. */
export type SocketFault = "drop" | "stall" | undefined;

/** The fault drawn for one request, or none. */
export type Fault = "rateLimit" | "rpcRateLimit" | "serverError" | "drop" | "malformed" | undefined;

const ORDER = ["drop", "serverError", "rateLimit", "rpcRateLimit", "malformed"] as const;

/** Draws faults for a surface from its current plan; the plan can be replaced at any time. */
export class FaultInjector {
  #plan: FaultPlan = {};
  // Seeded, so a faulty run repeats itself exactly.
  #random = new SeededRandom(1);

  constructor(plan: FaultPlan = {}) {
    this.set(plan);
  }

  /** Replaces the plan and restarts the generator from the plan's seed. */
  set(plan: FaultPlan): void {
    this.#plan = { ...plan };
    this.#random = new SeededRandom(plan.seed ?? 1);
  }

  get plan(): Readonly<FaultPlan> {
    return this.#plan;
  }

  /** One draw per request; `jsonRpc` says whether -32005 can apply. */
  draw(jsonRpc: boolean): Fault {
    const roll = this.#random.next();
    let threshold = 0;
    for (const fault of ORDER) {
      if (fault === "rpcRateLimit" && !jsonRpc) continue;
      threshold += this.#plan[fault] ?? 0;
      if (roll < threshold) return fault;
    }
    return undefined;
  }

  /** One draw per WebSocket message the server is about to send. */
  drawSocket(): SocketFault {
    const { socketDrop = 0, socketStall = 0 } = this.#plan;
    if (socketDrop === 0 && socketStall === 0) return undefined;
    const roll = this.#random.next();
    if (roll < socketDrop) return "drop";
    return roll < socketDrop + socketStall ? "stall" : undefined;
  }

  /** One draw per WebSocket upgrade request: whether to refuse it. */
  drawUpgradeRefusal(): boolean {
    const rate = this.#plan.upgradeRefuse ?? 0;
    return rate > 0 && this.#random.next() < rate;
  }
}
