import { type FaultPlan, SURFACE_PORT_OFFSETS, type SurfaceName } from "../sandbox/index.js";
import { UsageError } from "./usage-error.js";

/** What each fault setting takes; a `Record` over every key, so a new `FaultPlan` setting must be listed. */
const FAULT_SETTINGS: Readonly<Record<keyof FaultPlan, "share" | "count" | "text">> = {
  latencyMs: "count",
  rateLimit: "share",
  retryAfterSeconds: "count",
  rpcRateLimit: "share",
  tryAgainIn: "text",
  serverError: "share",
  drop: "share",
  malformed: "share",
  socketDrop: "share",
  socketStall: "share",
  upgradeRefuse: "share",
  seed: "count",
};

/**
 * Reads `--faults`: `<surface>:<setting>=<value>,…` groups separated by `;`, where `*` stands for every
 * surface (`evm:rateLimit=0.2,latencyMs=50;*:serverError=0.05`), or the same as JSON
 * (`{"evm":{"rateLimit":0.2}}`). Shares are between 0 and 1; counts are whole numbers.
 *
 * @param spec - The option's value.
 * @returns The fault plan of each surface named.
 * @throws {UsageError} naming the surface, setting or value at fault, and what is allowed.
 * @example
 * parseFaults("evm:rateLimit=0.2;*:latencyMs=10");
 * // { evm: { rateLimit: 0.2, latencyMs: 10 }, platform: { latencyMs: 10 }, … }
 */
export function parseFaults(spec: string): Partial<Record<SurfaceName, FaultPlan>> {
  const groups = spec.trim().startsWith("{") ? fromJson(spec) : fromText(spec);
  const plans: Partial<Record<SurfaceName, FaultPlan>> = {};
  for (const [surface, settings] of groups) {
    const targets = surface === "*" ? surfaceNames() : [checkSurface(surface)];
    for (const target of targets) {
      const plan: Record<string, unknown> = { ...plans[target] };
      for (const [key, value] of Object.entries(settings)) plan[checkKey(key)] = checkValue(key, value);
      plans[target] = plan as FaultPlan;
    }
  }
  return plans;
}

function surfaceNames(): SurfaceName[] {
  return Object.keys(SURFACE_PORT_OFFSETS) as SurfaceName[];
}

function fromJson(spec: string): [string, Record<string, unknown>][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(spec);
  } catch (error) {
    throw new UsageError(`--faults is not valid JSON: ${(error as Error).message}`);
  }
  return Object.entries(parsed as Record<string, unknown>).map(([surface, settings]) => {
    if (settings === null || typeof settings !== "object" || Array.isArray(settings)) {
      throw new UsageError(`--faults: the settings of ${surface} must be an object`);
    }
    return [surface, settings as Record<string, unknown>];
  });
}

function fromText(spec: string): [string, Record<string, unknown>][] {
  return spec
    .split(";")
    .map((group) => group.trim())
    .filter((group) => group !== "")
    .map((group) => {
      const colon = group.indexOf(":");
      if (colon <= 0) throw new UsageError(`--faults: "${group}" must read <surface>:<setting>=<value>,…`);
      const settings: Record<string, unknown> = {};
      for (const pair of group.slice(colon + 1).split(",")) {
        const [key, value, extra] = pair.split("=").map((part) => part.trim());
        if (!key || value === undefined || extra !== undefined) {
          throw new UsageError(`--faults: "${pair.trim()}" must read <setting>=<value>`);
        }
        settings[key] = value;
      }
      return [group.slice(0, colon).trim(), settings];
    });
}

function checkSurface(surface: string): SurfaceName {
  if (surfaceNames().includes(surface as SurfaceName)) return surface as SurfaceName;
  throw new UsageError(
    `--faults: unknown surface "${surface}"; use one of ${surfaceNames().join(", ")} or *`,
  );
}

function checkKey(key: string): keyof FaultPlan {
  if (Object.hasOwn(FAULT_SETTINGS, key)) return key as keyof FaultPlan;
  throw new UsageError(
    `--faults: unknown setting "${key}"; use one of ${Object.keys(FAULT_SETTINGS).join(", ")}`,
  );
}

function checkValue(key: string, value: unknown): unknown {
  const kind = FAULT_SETTINGS[key as keyof FaultPlan];
  if (kind === "text") return String(value);
  const number = typeof value === "number" ? value : Number(value);
  if (kind === "share" && Number.isFinite(number) && number >= 0 && number <= 1) return number;
  if (kind === "count" && Number.isSafeInteger(number) && number >= 0) return number;
  const wanted = kind === "share" ? "a share between 0 and 1" : "a whole number of 0 or more";
  throw new UsageError(`--faults: ${key}=${String(value)} must be ${wanted}`);
}
