import type { BenchContext } from "../lib/context.js";
import type { RowResult } from "../lib/report.js";
export async function generation(_c: BenchContext): Promise<RowResult> { return { id: "generation", title: "generation", tables: [] }; }
