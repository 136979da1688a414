import type { BenchContext } from "../lib/context.js";
import type { RowResult } from "../lib/report.js";
export async function signing(_c: BenchContext): Promise<RowResult> { return { id: "signing", title: "signing", tables: [] }; }
