import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One serious or critical violation, with where it is. */
export interface AxeProblem {
  rule: string;
  impact: string;
  help: string;
  /** Selectors of the first few offending elements. */
  targets: string[];
}

/** The part of axe-core's result read here. */
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown }[];
}

/**
 * Runs axe-core on the page as it is now and returns its serious and critical violations.
 *
 * @param rules - Only these rules (axe's ids), such as `target-size`, which axe leaves out unless named.
 * @example expect(await axeProblems(page)).toEqual([]);
 */
export async function axeProblems(page: Page, rules?: readonly string[]): Promise<AxeProblem[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (only) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
    };
    const result = await axe.run(document, {
      resultTypes: ["violations"],
      ...(only !== undefined && { runOnly: { type: "rule", values: only } }),
    });
    return result.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        rule: violation.id,
        impact: String(violation.impact),
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node) => String(node.target)),
      }));
  }, rules);
}
