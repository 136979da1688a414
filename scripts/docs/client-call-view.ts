/**
 * A team spec's generated client as its portal shows it: the "chainkit" tab of each operation's
 * copied call (`copy-call-view.ts`) holds the generated function, its signature and its example.
 */
import type { ClientCall } from "./client-calls.js";

/** The generated client of a spec, as the portal shows it. */
export interface GeneratedClientView {
  /** The variable the examples call through, e.g. `nodes`. */
  variable: string;
  /** Each operation's call, keyed `GET /nodes` (OpenAPI) or by method name (OpenRPC). */
  calls: ReadonlyMap<string, ClientCall>;
}
