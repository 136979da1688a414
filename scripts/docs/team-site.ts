/**
 * A team's portal for their own specs (`chainkit docs <spec…> --out <dir>`): the reference pages
 * chainkit publishes for its own specs (split in pages for a large spec, searchable, offline), each
 * operation with the generated client's call, and an index page listing the specs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { RefPolicy } from "../generate/ref-confinement.js";
import type { PatternPolicy } from "../generate/slow-patterns.js";
import { type ChangelogSource, changelogPages } from "./changelog-page.js";
import { html } from "./html.js";
import type { BuiltPage, NavGroup } from "./layout.js";
import type { LoadedSpec } from "./load-specs.js";
import { openapiPages } from "./openapi-page.js";
import { openrpcPages } from "./openrpc-page.js";
import { releasedVersions } from "./released-specs.js";
import { referencePage } from "./surfaces.js";
import { loadTeamSpec } from "./team-specs.js";
import { type TryItSource, writeTryIt } from "./try-it-bundle.js";
import { writeSite } from "./write-site.js";

/** What {@link buildTeamSite} wrote. */
export interface TeamSiteResult {
  /** Files written, relative to the output folder, sorted. */
  files: string[];
  /** Each spec's name in the portal (its pages, its try-it), reference pages and how long reading and rendering it took. */
  specs: { path: string; id: string; pages: number; milliseconds: number }[];
}

/**
 * Builds the portal of a team's specs into `outDir` (emptied first).
 *
 * @param paths - Spec files: OpenAPI 2.0 (Swagger), 3.0, 3.1, 3.2 or OpenRPC, one file or a multi-file root.
 * @param outDir - Output folder.
 * @param note - Where the generator's notes go.
 * @param versions - A folder of released specs (one folder per release, each spec under its file
 * name): each spec then gets a changelog page.
 * @param policy - Folders and origins a spec's `$ref`s may read beyond its folder, and patterns that
 * may backtrack super-linearly all the same (none by default).
 * @throws {SpecError} When a spec, or a released one, is invalid.
 * @example await buildTeamSite(["openapi.yaml"], "docs-site");
 */
export async function buildTeamSite(
  paths: readonly string[],
  outDir: string,
  note?: (line: string) => void,
  versions?: string,
  policy: RefPolicy & PatternPolicy = {},
): Promise<TeamSiteResult> {
  const references: BuiltPage[] = [];
  const specs: LoadedSpec[] = [];
  const timings: TeamSiteResult["specs"] = [];
  const taken = new Set(["index"]);
  const changelogSources: ChangelogSource[] = [];
  for (const path of paths) {
    const started = performance.now();
    const spec = await loadTeamSpec(path, taken, note, policy);
    const pages = spec.surface.kind === "openapi" ? openapiPages(spec) : openrpcPages(spec);
    specs.push(spec);
    references.push(...pages);
    if (versions !== undefined) {
      const released = await releasedVersions(versions, path);
      changelogSources.push({ spec, released, reference: pages.flatMap((built) => built.search) });
    }
    timings.push({
      path,
      id: spec.surface.id,
      pages: pages.length,
      milliseconds: Math.round(performance.now() - started),
    });
  }
  const changelog = changelogPages(changelogSources);
  const groups: NavGroup[] = [
    { title: "Overview", pages: [{ file: "index.html", title: "APIs" }] },
    {
      title: "Reference",
      pages: specs.map((spec) => ({ file: referencePage(spec.surface.id), title: spec.surface.title })),
    },
    ...(changelog.group ? [changelog.group] : []),
  ];
  const files = writeSite(outDir, [indexPage(specs), ...references, ...changelog.pages], groups, specs);
  files.push(...writeTeamTryIt(outDir, specs));
  return { files: files.sort(), specs: timings };
}

/** The try-it files of each spec, bundled from the validators the generator made for it (kept in memory until now). */
function writeTeamTryIt(outDir: string, specs: readonly LoadedSpec[]): string[] {
  const scratch = mkdtempSync(join(tmpdir(), "chainkit-try-it-"));
  try {
    const sources: TryItSource[] = specs.map((spec) => {
      const generatedDir = join(scratch, spec.surface.id);
      for (const [path, text] of spec.generated ?? []) {
        if (!path.startsWith("validators/") || !path.endsWith(".js")) continue;
        mkdirSync(dirname(join(generatedDir, path)), { recursive: true });
        writeFileSync(join(generatedDir, path), text);
      }
      return { spec, generatedDir, operationsTs: spec.generated?.get("operations.ts") ?? "" };
    });
    return writeTryIt(outDir, sources);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function indexPage(specs: readonly LoadedSpec[]): BuiltPage {
  const rows = specs.map(
    (spec) => html`<tr>
<td><a href="${referencePage(spec.surface.id)}">${spec.surface.title}</a></td>
<td>${spec.surface.kind === "openapi" ? "OpenAPI" : "OpenRPC"}</td>
<td><code>${spec.surface.entry}</code></td>
<td><a href="${spec.path}">spec</a></td>
</tr>`,
  );
  const body = html`<header class="page-head"><h1>APIs</h1></header>
<section class="intro">
<p>The reference of each spec: every operation or method with its parameters, schemas, examples and the call of the client <code>chainkit generate</code> makes from the spec. The search box finds any operation, method or schema.</p>
<table class="fields"><thead><tr><th>API</th><th>Kind</th><th>Client factory</th><th>Spec (as read)</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
  return { page: { file: "index.html", title: "APIs", toc: [], body }, search: [] };
}
