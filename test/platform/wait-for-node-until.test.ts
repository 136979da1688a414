import { ConfigurationError, createPlatformClient, NODE_STATUSES, type NodeStatus } from "chainkit/platform";
import { describe, expect, it } from "vitest";
import { loadBundledSpec } from "../../src/sandbox/validation.js";

describe("waitForNode's until", () => {
  it("is refused at once, naming the allowed statuses, when it is not a node status", async () => {
    const requests: string[] = [];
    const platform = createPlatformClient({
      apiKey: "key-0123456789",
      baseUrl: "http://127.0.0.1:9",
      fetch: async (input) => {
        requests.push(String(input));
        throw new Error("nothing may be sent");
      },
    });
    // @ts-expect-error "runing" is not a NodeStatus of the spec
    const waiting = platform.waitForNode("ND-123-456-789", { until: "runing" });
    await expect(waiting).rejects.toThrow(ConfigurationError);
    await expect(waiting).rejects.toThrow(
      'Invalid option until: "runing" is not a node status (did you mean "running"?); use one of "pending", "running", "maintenance", "failed", "error", "stopping", "stopped", "starting"',
    );
    expect(requests).toEqual([]);
  });

  it("lists exactly the statuses of the platform spec", () => {
    const spec = loadBundledSpec("platform") as {
      components?: { schemas?: Record<string, { enum?: unknown[] }> };
    };
    expect([...NODE_STATUSES]).toEqual(spec.components?.schemas?.NodeStatus?.enum);
    const typed: readonly NodeStatus[] = NODE_STATUSES;
    expect(typed).toContain("running");
  });
});
