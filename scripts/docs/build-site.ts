/**
 * Builds the whole portal: reads the specs, renders every page, and writes `site/` (pages, one stylesheet,
 * one script, and a copy of each spec). The output depends only on the inputs, so two builds are identical.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { changelogPages } from "./changelog-page.js";
import { docsPages } from "./docs-pages.js";
import { guidePageFor } from "./guide-page.js";
import { helpersReferencePages } from "./helpers-reference-page.js";
import { readEntryDocs } from "./helpers-reference-read.js";
import { landingPage, quickStartCommands } from "./landing-page.js";
import type { BuiltPage, NavGroup } from "./layout.js";
import { loadSpecs } from "./load-specs.js";
import { openapiPages } from "./openapi-page.js";
import { openrpcPages } from "./openrpc-page.js";
import { gitTags, tagVersions } from "./spec-history.js";
import { GUIDE_SURFACES, guidePage, referencePage, SPEC_SURFACES } from "./surfaces.js";
import { generatedTryItSources, writeTryIt } from "./try-it-bundle.js";
import { writeSite } from "./write-site.js";

/** Where to read from and write to. */
export interface BuildOptions {
  /** Repository root (holds `specs/`, `examples/`, `README.md`). */
  root: string;
  /** Output folder, emptied first. */
  outDir: string;
}

/** What a build wrote. */
export interface BuildResult {
  /** Files written, relative to `outDir`, sorted. */
  files: string[];
}

/**
 * Builds the portal.
 *
 * @param options - Input root and output folder.
 * @returns The files written.
 * @throws {DocsError} When a spec, an example or the README quick start is missing or broken.
 * @example buildSite({ root: process.cwd(), outDir: "site" })
 */
export function buildSite(options: BuildOptions): BuildResult {
  const specs = loadSpecs(options.root);
  const referencesBySpec = specs.map((spec) =>
    spec.surface.kind === "openapi" ? openapiPages(spec) : openrpcPages(spec),
  );
  const references = referencesBySpec.flat();
  const referenceEntries = references.flatMap((built) => built.search);
  const guides = GUIDE_SURFACES.map((guide) => guidePageFor(options.root, guide, referenceEntries));
  const landing = landingPage(
    specs,
    quickStartCommands(readFileSync(join(options.root, "README.md"), "utf8")),
  );
  const helpers = helpersReferencePages(readEntryDocs(options.root));
  const docs = docsPages(options.root);
  // Released versions are the repository's git tags; without any, the portal has no changelog.
  const tags = gitTags(options.root);
  const changelog = changelogPages(
    specs.map((spec, at) => ({
      spec,
      released: tagVersions(options.root, spec.path, tags),
      reference: (referencesBySpec[at] ?? []).flatMap((built) => built.search),
    })),
  );
  const pages: BuiltPage[] = [
    landing,
    ...references,
    ...guides,
    ...helpers.flat(),
    ...docs.map((doc) => doc.built),
    ...changelog.pages,
  ];

  const groups: NavGroup[] = [
    { title: "Overview", pages: [{ file: "index.html", title: "chainkit" }] },
    {
      title: "Reference",
      pages: SPEC_SURFACES.map((surface) => ({ file: referencePage(surface.id), title: surface.title })),
    },
    {
      title: "Guides",
      pages: GUIDE_SURFACES.map((guide) => ({ file: guidePage(guide.id), title: guide.title })),
    },
    {
      title: "Helpers",
      // An entry's index page only: a split entry's parts are listed on it.
      pages: helpers.flatMap(([index]) =>
        index ? [{ file: index.page.file, title: index.page.title.replace(/ helpers$/, "") }] : [],
      ),
    },
    { title: "Docs", pages: docs.map((doc) => ({ file: doc.built.page.file, title: doc.title })) },
    ...(changelog.group ? [changelog.group] : []),
  ];
  const files = writeSite(options.outDir, pages, groups, specs);
  files.push(...writeTryIt(options.outDir, generatedTryItSources(options.root, specs)));
  return { files: files.sort() };
}
