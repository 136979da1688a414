/**
 * The chainkit calls the portal shows, as examples for `npm run check:examples`: each is compiled
 * against the package's entries like the README's, so a snippet that drifts from the client fails CI.
 */
import type { SourceExample } from "../examples/extract-examples.js";
import { chainkitCalls } from "./copy-call-chainkit.js";
import { callRequests } from "./copy-call-requests.js";
import { loadSpecs } from "./load-specs.js";
import { referencePage } from "./surfaces.js";

/**
 * Every chainkit call of every reference page, named after its page and operation.
 *
 * @param root - Repository root.
 * @returns One example per operation that has a chainkit call.
 * @example portalCallExamples(process.cwd()).length
 */
export function portalCallExamples(root: string): SourceExample[] {
  return loadSpecs(root).flatMap((spec) =>
    [...chainkitCalls(root, spec.surface, callRequests(spec))].map(([key, code]) => ({
      file: `portal ${referencePage(spec.surface.id)} ${key}`,
      line: 1,
      code,
    })),
  );
}
