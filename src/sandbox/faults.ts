import type { FaultPlan } from "./surface.js";

/** The fault drawn for one request, or none. */
export type Fault = "rateLimit" | "rpcRateLimit" | "serverError" | "drop" | "malformed" | undefined;

/** Mulberry32: a tiny seeded generator, so a faulty run repeats itself exactly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ORDER = ["drop", "serverError", "rateLimit", "rpcRateLimit", "malformed"] as const;

/** Draws faults for a surface from its current plan; the plan can be replaced at any time. */
export class FaultInjector {
  #plan: FaultPlan = {};
  #random: () => number = seededRandom(1);

  constructor(plan: FaultPlan = {}) {
    this.set(plan);
  }

  /** Replaces the plan and restarts the generator from the plan's seed. */
  set(plan: FaultPlan): void {
    this.#plan = { ...plan };
    this.#random = seededRandom(plan.seed ?? 1);
  }

  get plan(): Readonly<FaultPlan> {
    return this.#plan;
  }

  /** One draw per request; `jsonRpc` says whether -32005 can apply. */
  draw(jsonRpc: boolean): Fault {
    const roll = this.#random();
    let threshold = 0;
    for (const fault of ORDER) {
      if (fault === "rpcRateLimit" && !jsonRpc) continue;
      threshold += this.#plan[fault] ?? 0;
      if (roll < threshold) return fault;
    }
    return undefined;
  }
}
