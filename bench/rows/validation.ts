import type { BenchContext } from "../lib/context.js";
import type { RowResult } from "../lib/report.js";
export async function validation(_c: BenchContext): Promise<RowResult> { return { id: "validation", title: "validation", tables: [] }; }
