import type { BenchContext } from "../lib/context.js";
import type { RowResult } from "../lib/report.js";
export async function batching(_c: BenchContext): Promise<RowResult> { return { id: "batching", title: "batching", tables: [] }; }
