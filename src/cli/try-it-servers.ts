import type { RefPolicy } from "../../scripts/generate/ref-confinement.js";
import type { PatternPolicy } from "../../scripts/generate/slow-patterns.js";
import { startSandbox } from "../sandbox/index.js";
import { toolkitModule } from "./generator/load-generator.js";
import { sandboxText, summarizeSandbox } from "./sandbox-summary.js";

/**
 * The servers a served portal's try-it sends to (`chainkit docs --serve --sandbox`, or `--mock` for a
 * team's specs), started after the portal's own server so they can let exactly its page read their
 * answers (CORS for its origin, as `http://127.0.0.1:<port>` and `http://localhost:<port>`; no other
 * page may read, and other sites' pages stay refused by the sandbox).
 */
export interface TryItServers {
  /** `try-it-targets.json`: per surface, the URL its forms offer first and what to call it. */
  targets: Record<string, { label: string; url: string }>;
  /** What to print about them. */
  summary: string;
  close(): Promise<void>;
}

/** The origins a browser sends for pages of the portal at `portalUrl`, by address and by `localhost`. */
function portalOrigins(portalUrl: string): string[] {
  const { port } = new URL(portalUrl);
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/**
 * Starts the sandbox for chainkit's own portal.
 *
 * @param portalUrl - Where the portal is served.
 * @param seed - The sandbox's seed (the same credentials on every run), if any.
 * @example const servers = await sandboxForPortal("http://127.0.0.1:8600/", 1);
 */
export async function sandboxForPortal(portalUrl: string, seed?: number): Promise<TryItServers> {
  const sandbox = await startSandbox({
    browserOrigins: portalOrigins(portalUrl),
    ...(seed !== undefined && { seed }),
  });
  const { grpc: _grpc, ...urls } = sandbox.urls;
  return {
    targets: Object.fromEntries(
      Object.entries(urls).map(([surface, url]) => [surface, { label: "Local sandbox", url }]),
    ),
    summary: sandboxText(summarizeSandbox(sandbox)),
    close: () => sandbox.close(),
  };
}

/**
 * Starts a `chainkit mock` of each spec of a team's portal.
 *
 * @param portalUrl - Where the portal is served.
 * @param specs - Each spec's name in the portal and its file.
 * @param policy - Folders and origins the specs' `$ref`s may read beyond their folder (`--allow-ref-root`,
 * `--allow-ref-url`), and patterns they may keep although they backtrack (`--allow-slow-pattern`).
 * @example const servers = await mocksForPortal("http://127.0.0.1:8600/", [{ id: "notes", path: "notes.yaml" }]);
 */
export async function mocksForPortal(
  portalUrl: string,
  specs: readonly { id: string; path: string }[],
  policy: RefPolicy & PatternPolicy = {},
): Promise<TryItServers> {
  const { serveMock } = await toolkitModule("src/toolkit/mock/serve-mock.js");
  const mocks: Awaited<ReturnType<typeof serveMock>>[] = [];
  const close = () => Promise.all(mocks.map((mock) => mock.close())).then(() => undefined);
  try {
    for (const spec of specs) {
      mocks.push(
        await serveMock(spec.path, {
          browserOrigins: portalOrigins(portalUrl),
          ...policy,
        }),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    targets: Object.fromEntries(
      specs.map((spec, index) => [spec.id, { label: "chainkit mock", url: mocks[index]?.url ?? "" }]),
    ),
    summary: specs.map((spec, index) => `mock of ${spec.path}: ${mocks[index]?.url}`).join("\n"),
    close,
  };
}
