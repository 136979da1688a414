import { goalsMarkdown } from "./markdown.js";
import type { Results } from "./report.js";

const START = "<!-- goals: written by npm run bench -- --json; do not edit by hand -->";
const END = "<!-- end of goals -->";

/**
 * The performance page (docs/performance.md) with its goals summary replaced by the one of `results`:
 * the run's command, date and load, then the goals table. The text around the two markers is the
 * page's own and stays as written.
 *
 * @param page - The page as it is.
 * @param results - The run to summarise.
 * @returns The page with the new summary.
 * @throws {Error} when the page lacks the markers (they say where the summary goes).
 * @example
 * writeFileSync(page, withGoalsSummary(readFileSync(page, "utf8"), results));
 */
export function withGoalsSummary(page: string, results: Results): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END, start);
  if (start < 0 || end < 0) {
    throw new Error(`the performance page has no goals summary markers ("${START}" … "${END}")`);
  }
  const { machine } = results;
  const when = `${results.date.slice(0, 16).replace("T", " ")} UTC`;
  const summary = [
    START,
    "",
    `Figures of \`${results.command}\` (${when}; ${machine.nproc} CPUs, Node ${machine.node}, load ${machine.loadAverage} at the start${results.quick ? "; a quick run, not for comparison" : ""}). Every table of that run: [bench/results.md](../bench/results.md).`,
    "",
    goalsMarkdown(results.rows),
    "",
    END,
  ].join("\n");
  return page.slice(0, start) + summary + page.slice(end + END.length);
}
