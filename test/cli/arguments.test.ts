import { describe, expect, it } from "vitest";
import { SURFACES } from "../../scripts/generate/surfaces.js";
import { parseFaults } from "../../src/cli/faults-spec.js";
import { paramValue } from "../../src/cli/param-values.js";
import { UsageError } from "../../src/cli/usage-error.js";

describe("--faults", () => {
  it("reads surface groups, with * for every surface", () => {
    const plans = parseFaults("evm:rateLimit=0.2,latencyMs=50; *:serverError=0.05");
    expect(plans.evm).toEqual({ rateLimit: 0.2, latencyMs: 50, serverError: 0.05 });
    expect(plans.platform).toEqual({ serverError: 0.05 });
    expect(Object.keys(plans).sort()).toEqual(SURFACES.map((surface) => surface.name).sort());
  });

  it("reads the same plans as JSON", () => {
    expect(parseFaults('{"wallet":{"drop":0.5,"tryAgainIn":"5ms"}}')).toEqual({
      wallet: { drop: 0.5, tryAgainIn: "5ms" },
    });
  });

  it.each([
    [
      "nowhere:drop=0.1",
      'unknown surface "nowhere"; use one of platform, exchange, evm, wallet, indexer or *',
    ],
    ["evm:flaky=0.1", 'unknown setting "flaky"; use one of latencyMs, rateLimit'],
    ["evm:drop=2", "drop=2 must be a share between 0 and 1"],
    ["evm:latencyMs=1.5", "latencyMs=1.5 must be a whole number of 0 or more"],
    ["evm", '"evm" must read <surface>:<setting>=<value>'],
  ])("refuses %s, saying what is allowed", (spec, message) => {
    expect(() => parseFaults(spec)).toThrow(UsageError);
    expect(() => parseFaults(spec)).toThrow(message);
  });
});

describe("--param values", () => {
  it("follows the parameter's schema", () => {
    expect(paramValue("2", { type: "integer" })).toBe(2);
    expect(paramValue("2", { type: "string" })).toBe("2");
    expect(paramValue("latest", { anyOf: [{ type: "string" }, { type: "integer" }] })).toBe("latest");
    expect(paramValue("false", { type: "boolean" })).toBe(false);
    expect(paramValue('{"archive":true}', { type: "object" })).toEqual({ archive: true });
    expect(paramValue("[]", { type: "array" })).toEqual([]);
    expect(paramValue("running", { enum: ["pending", "running"] })).toBe("running");
  });

  it("keeps integers beyond 2^53 exact", () => {
    expect(paramValue("9223372036854775807", { type: "integer" })).toBe(9223372036854775807n);
  });

  it("sends what the schema refuses as read, for validation to name", () => {
    expect(paramValue("abc", { type: "integer" })).toBe("abc");
    expect(paramValue("1.5", { type: "boolean" })).toBe(1.5);
  });
});

describe("chainkit sandbox --block-time", () => {
  it("takes a whole number of milliseconds, at least 1, before anything starts", async () => {
    const { runSandboxCommand } = await import("../../src/cli/sandbox-command.js");
    await expect(runSandboxCommand(["--block-time", "0"])).rejects.toThrow(
      new UsageError("--block-time must be at least 1 millisecond, not 0"),
    );
    await expect(runSandboxCommand(["--block-time", "1.5"])).rejects.toThrow(
      /^--block-time must be a whole number/,
    );
  });
});
