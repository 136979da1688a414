import type { BenchContext } from "../lib/context.js";
import type { RowResult } from "../lib/report.js";
export async function importTime(_c: BenchContext): Promise<RowResult> { return { id: "import-time", title: "import-time", tables: [] }; }
