import { createDriftChecker } from "./drift-checker.js";
import { buildDriftReport, type DriftReport } from "./drift-report.js";
import type { DriftSpec } from "./load-drift-spec.js";
import { readCapture } from "./read-capture.js";

/**
 * The proxy's checks over recorded traffic: every exchange of a HAR file or of the proxy's NDJSON,
 * checked against the spec and reported as the proxy reports.
 *
 * @param file - The capture (`.har`, or NDJSON of `chainkit proxy --record`).
 * @param spec - The spec (`loadDriftSpec`).
 * @example
 * const report = await checkCapture("traffic.har", await loadDriftSpec({ spec: "shop.yaml" }));
 */
export async function checkCapture(file: string, spec: DriftSpec): Promise<DriftReport> {
  const exchanges = await readCapture(file);
  const checker = createDriftChecker(spec);
  const records = exchanges.flatMap((exchange) => checker.check(exchange).records);
  return buildDriftReport(records, { spec, exchanges: exchanges.length });
}
