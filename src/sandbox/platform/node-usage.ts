import type { ListNodeUsageQuery, NodeUsage, NodeUsageTotals } from "../../../generated/platform/types.js";
import type { NodeActivity } from "./node-store.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A usage query that passed the spec, or the 400's per-field messages. */
export type UsageRows =
  | { ok: true; rows: NodeUsage[]; totals: NodeUsageTotals }
  | { ok: false; fields: Record<string, string[]> };

/** The first day of the previous calendar month (UTC): usage older than that is gone. */
function retentionStart(nowMs: number): number {
  const now = new Date(nowMs);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
}

/** The start of the current billing period: the first day of this month (UTC). */
function periodStart(nowMs: number): number {
  const now = new Date(nowMs);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

/** Shared nodes are billed by requests ("elastic"), dedicated ones by compute and storage. */
function usageType(activity: NodeActivity): "elastic" | "dedicated" {
  return activity.node.type === "shared" ? "elastic" : "dedicated";
}

/** The rows of one node: a bucket wherever it served a request (elastic) or ran (dedicated). */
function rowsOf(
  activity: NodeActivity,
  from: number,
  to: number,
  bucketMs: number,
  nowMs: number,
): NodeUsage[] {
  const { node, network } = activity;
  const type = usageType(activity);
  const buckets = new Map<number, { requests: number; hours: number }>();
  const bucket = (ms: number) => {
    const start = Math.floor(ms / bucketMs) * bucketMs;
    const entry = buckets.get(start) ?? { requests: 0, hours: 0 };
    buckets.set(start, entry);
    return entry;
  };
  for (const [hour, count] of activity.served) {
    if (hour >= from && hour < to) bucket(hour).requests += count;
  }
  if (type === "dedicated" && activity.runningSinceMs !== undefined) {
    // Whole hours only, as the service bills them; an hour counts once it has begun.
    const first = Math.max(Math.floor(activity.runningSinceMs / HOUR_MS) * HOUR_MS, from);
    for (let hour = first; hour < Math.min(nowMs, to); hour += HOUR_MS) bucket(hour).hours += 1;
  }
  return [...buckets.entries()]
    .filter(([, entry]) => (type === "elastic" ? entry.requests > 0 : entry.hours > 0))
    .map(([start, entry]) => ({
      node_id: node.id,
      node_name: node.name,
      datetime: new Date(start).toISOString().replace(/\.000Z$/, "Z"),
      node_type: type,
      protocol: network.protocol,
      network: network.name,
      compute_hours: type === "dedicated" ? entry.hours : null,
      gb_hour: type === "dedicated" ? entry.hours * 100 : null,
      request_units: type === "elastic" ? entry.requests : null,
      bloxroute_requests: type === "elastic" ? 0 : null,
    }));
}

function orderRows(rows: NodeUsage[], ordering: string): NodeUsage[] {
  const keys = ordering.split(",").map((field) => ({
    field: field.replace(/^-/, "") as "datetime" | "node_id",
    sign: field.startsWith("-") ? -1 : 1,
  }));
  return rows.sort((a, b) => {
    for (const { field, sign } of keys) {
      const order = a[field].localeCompare(b[field]);
      if (order !== 0) return order * sign;
    }
    return 0;
  });
}

function total(rows: readonly NodeUsage[], field: keyof NodeUsageTotals): number {
  return rows.reduce((sum, row) => sum + (row[field] ?? 0), 0);
}

/**
 * The usage report of the sandbox's nodes: elastic (shared) nodes count the requests their
 * credentials were accepted for, dedicated ones the whole hours they ran (and 100 GB-hours of
 * storage per hour). Filters, granularity and ordering as the service takes them; the period
 * defaults to the current month, and may not start before the previous month.
 *
 * @param activity - Every node with its requests.
 * @param query - The validated query.
 * @param nowMs - The clock.
 * @returns The ordered rows and their totals, or the fields refused.
 * @example
 * const surface = createPlatformSurface({ nodeAuth: new NodeAuthRegistry(), nodeUrls: { evm: url, wallet: url, indexer: url } });
 * const report = usageReport(surface.nodes.activity(), { granularity: "hour" }, Date.now());
 */
export function usageReport(
  activity: readonly NodeActivity[],
  query: ListNodeUsageQuery,
  nowMs: number,
): UsageRows {
  const from = query.date_from !== undefined ? Date.parse(query.date_from) : periodStart(nowMs);
  const to = query.date_to !== undefined ? Date.parse(query.date_to) : nowMs + HOUR_MS;
  const earliest = retentionStart(nowMs);
  if (from < earliest) {
    const day = new Date(earliest).toISOString().slice(0, 10);
    return {
      ok: false,
      fields: { date_from: [`Usage is kept for two months: date_from cannot be earlier than ${day}.`] },
    };
  }
  if (to <= from) return { ok: false, fields: { date_to: ["date_to must be later than date_from."] } };
  const bucketMs = query.granularity === "hour" ? HOUR_MS : DAY_MS;
  const selected = activity.filter(
    (entry) =>
      (query.node_id === undefined || entry.node.id === query.node_id) &&
      (query.protocol === undefined || entry.network.protocol === query.protocol) &&
      (query.network === undefined || entry.network.name === query.network) &&
      (query.node_type === undefined || usageType(entry) === query.node_type),
  );
  const rows = orderRows(
    selected.flatMap((entry) => rowsOf(entry, from, to, bucketMs, nowMs)),
    query.ordering ?? "-datetime,node_id",
  );
  const totals = {
    compute_hours: total(rows, "compute_hours"),
    gb_hour: total(rows, "gb_hour"),
    request_units: total(rows, "request_units"),
    bloxroute_requests: total(rows, "bloxroute_requests"),
  };
  return { ok: true, rows, totals };
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
function cell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The report as the export endpoint sends it: a header line, then a line per row; the date is
 * `YYYY-MM-DD` by day and `YYYY-MM-DDTHH:00:00Z` by hour; metrics that do not apply are empty.
 *
 * @param rows - The report's rows.
 * @param granularity - `day` or `hour`.
 * @returns The CSV text.
 * @example
 * usageCsv([], "day"); // "Node ID,Node name,Date,…\n"
 */
export function usageCsv(rows: readonly NodeUsage[], granularity: "day" | "hour"): string {
  const header =
    "Node ID,Node name,Date,Node type,Protocol,Network,Compute hours,GB-hour,Request units,bloXroute requests";
  const lines = rows.map((row) =>
    [
      row.node_id,
      row.node_name,
      granularity === "day" ? row.datetime.slice(0, 10) : row.datetime,
      typeof row.node_type === "string" ? row.node_type : "",
      row.protocol,
      row.network,
      row.compute_hours,
      row.gb_hour,
      row.request_units,
      row.bloxroute_requests,
    ]
      .map(cell)
      .join(","),
  );
  return `${[header, ...lines].join("\n")}\n`;
}
