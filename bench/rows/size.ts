import type { BenchContext } from "../lib/context.js";
import type { RowResult } from "../lib/report.js";
export async function size(_c: BenchContext): Promise<RowResult> { return { id: "size", title: "size", tables: [] }; }
