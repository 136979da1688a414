import { describe, expect, it } from "vitest";
import { withGoalsSummary } from "../../bench/lib/performance-page.js";
import type { Results } from "../../bench/lib/report.js";

const START = "<!-- goals: written by npm run bench -- --json; do not edit by hand -->";
const END = "<!-- end of goals -->";

/** A run with one goal met and one not, as the rows report them. */
function run(): Results {
  return {
    command: "npm run bench -- --only size,batching",
    date: "2026-12-07T00:20:00.000Z",
    quick: false,
    machine: { nproc: 2, node: "v20.20.2", cpu: "x", memoryGiB: 8, platform: "linux x64", loadAverage: 1.5 },
    rows: [
      {
        id: "size",
        title: "7. Size",
        tables: [
          {
            title: "esbuild",
            figures: [
              {
                label: "chainkit/evm { createEvmClient }: up front",
                value: 10.6,
                unit: "KB gzip",
                goal: { text: "≤ viem createClient + http", met: false, peer: "viem 7.26 KB gzip" },
              },
              { label: "viem createClient + http", value: 7.26, unit: "KB gzip" },
            ],
          },
        ],
      },
      {
        id: "batching",
        title: "3. Batching",
        tables: [
          {
            title: "1000 calls",
            figures: [
              {
                label: "chainkit/evm automatic batching",
                value: 30,
                unit: "ms",
                goal: { text: "≥ 0.8× raw batch's speed-up (0.91×)", met: true, peer: "raw batch 40.0×" },
              },
            ],
          },
        ],
      },
    ],
  };
}

describe("the goals summary of docs/performance.md", () => {
  it("replaces what is between the markers with the run's goals, each next to its peer, and keeps the rest", () => {
    const page = `# Performance\n\nintro\n\n${START}\nold figures\n${END}\n\nafter\n`;
    const written = withGoalsSummary(page, run());
    expect(written.startsWith("# Performance\n\nintro\n\n")).toBe(true);
    expect(written.endsWith(`${END}\n\nafter\n`)).toBe(true);
    expect(written).not.toContain("old figures");
    expect(written).toContain("npm run bench -- --only size,batching");
    expect(written).toContain("load 1.5 at the start");
    expect(written).toContain(
      "| 7. Size | chainkit/evm { createEvmClient }: up front | ≤ viem createClient + http | 10.60 KB gzip | viem 7.26 KB gzip | ✗ not met |",
    );
    expect(written).toContain("| raw batch 40.0× | ✓ met |");
    // Written twice, the page is the same: the summary replaces itself.
    expect(withGoalsSummary(written, run())).toBe(written);
  });

  it("refuses a page without the markers instead of losing the summary", () => {
    expect(() => withGoalsSummary("# Performance\n", run())).toThrow(/markers/);
  });
});
