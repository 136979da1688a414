/**
 * A surface's changelog: what changed between the released versions of its spec and up to the spec
 * the portal is built from, judged by `chainkit diff`'s rules (src/toolkit/diff). Each change says
 * its verdict, what a consumer sees and what it does to the generated client, and links to the
 * operation's reference when the operation is still documented.
 */
import {
  diffSpecDocuments,
  type SpecChange,
  type SpecDiff,
  summaryLine,
} from "../../src/toolkit/diff/index.js";
import type { JsonObject as Json, Json as SpecJson } from "../generate/json.js";
import { unescapeToken } from "../generate/json-pointer.js";
import { anchorId } from "./anchors.js";
import { html, type SafeHtml } from "./html.js";
import type { BuiltPage, NavGroup, NavLink } from "./layout.js";
import type { LoadedSpec } from "./load-specs.js";
import { collectOperations } from "./openapi-page.js";
import type { SearchEntry } from "./search-index.js";
import { referencePage } from "./surfaces.js";

/** One released version of a spec, as it was read. */
export interface SpecVersion {
  /** Its name: a git tag (`v1.2.0`) or the folder it was released in. */
  name: string;
  doc: Json;
}

/** The name the changelog gives the spec the portal is built from. */
export const CURRENT_VERSION = "current";

/**
 * File name of a surface's changelog page.
 *
 * @example changelogPage("evm") // "changelog-evm.html"
 */
export function changelogFile(id: string): string {
  return `changelog-${id}.html`;
}

/**
 * Builds the changelog page of one spec.
 *
 * @param spec - The spec the portal is built from.
 * @param released - Its released versions, oldest first.
 * @param reference - The search entries of the spec's reference pages (where each operation is).
 * @returns The page, or `undefined` when there is no released version to compare with.
 * @example changelogPageFor(spec, [{ name: "v1.0.0", doc }], entries)
 */
export function changelogPageFor(
  spec: LoadedSpec,
  released: readonly SpecVersion[],
  reference: readonly SearchEntry[],
): BuiltPage | undefined {
  if (released.length === 0) return undefined;
  const versions: SpecVersion[] = [...released, { name: CURRENT_VERSION, doc: spec.doc }];
  const link = referenceLinker(spec, reference);
  // Newest first: a reader wants what changed last.
  const steps = versions
    .slice(1)
    .map((to, index) => {
      const from = versions[index] as SpecVersion;
      // The portal's documents are parsed JSON, typed loosely; the diff takes them as JSON values.
      const diff = diffSpecDocuments(spec.surface.kind, from.doc as SpecJson, to.doc as SpecJson);
      return { from, to, diff };
    })
    .reverse();
  const file = changelogFile(spec.surface.id);
  const title = `${spec.surface.title} changelog`;
  const body = html`<header class="page-head">
<h1>${title}</h1>
<p class="lead">What changed in the <a href="${referencePage(spec.surface.id)}">${spec.surface.title}</a> spec between its released versions (${versions.map((version) => version.name).join(", ")}), judged on the wire as <code>chainkit diff</code> judges it: a <span class="verdict verdict-breaking">breaking</span> change can make an existing caller's request refused or an existing consumer read something it was not written for; a <span class="verdict verdict-non-breaking">non-breaking</span> one adds what existing callers do not notice; <span class="verdict verdict-info">info</span> changes nothing on the wire.</p>
</header>
${steps.map((step) => stepView(step.from.name, step.to.name, step.diff, link))}`;
  const toc: NavLink[] = steps.map((step) => ({
    href: `#${stepAnchor(step.from.name, step.to.name)}`,
    title: `${step.from.name} → ${step.to.name}`,
  }));
  return {
    page: {
      file,
      title,
      toc,
      body,
      description: `${title}: every change between the released versions of the spec, breaking or not, with what consumers see.`,
    },
    search: [],
  };
}

function stepAnchor(from: string, to: string): string {
  return anchorId("section", `${from}-to-${to}`);
}

function stepView(
  from: string,
  to: string,
  diff: SpecDiff,
  link: (change: SpecChange) => string | undefined,
): SafeHtml {
  const rows = diff.changes.map((change) => {
    const href = link(change);
    const subject = change.operation === "" ? "the whole spec" : change.operation;
    return html`<tr>
<td><span class="verdict verdict-${change.severity}">${change.severity}</span></td>
<td>${href === undefined ? html`<code>${subject}</code>` : html`<a href="${href}"><code>${subject}</code></a>`}</td>
<td>${change.message}<p class="note">Generated client: ${change.client}</p></td>
</tr>`;
  });
  return html`<section id="${stepAnchor(from, to)}">
<h2>${from} → ${to}</h2>
<p class="changelog-summary">${summaryLine(diff)}.</p>
${rows.length > 0 && html`<table class="fields changelog"><thead><tr><th>Verdict</th><th>Operation</th><th>What consumers see</th></tr></thead><tbody>${rows}</tbody></table>`}
</section>`;
}

/**
 * Where a change is documented in the current reference: its operation or method, or the schema a
 * spec-wide change is in; nothing for what the current spec no longer has.
 */
function referenceLinker(
  spec: LoadedSpec,
  reference: readonly SearchEntry[],
): (change: SpecChange) => string | undefined {
  const hrefs = new Map(reference.map((entry) => [`${entry.kind} ${entry.name}`, entry.href]));
  const operationIds = spec.surface.kind === "openapi" ? operationIdsByLabel(spec.doc) : new Map();
  return (change) => {
    if (change.operation !== "") {
      if (spec.surface.kind === "openrpc") return hrefs.get(`method ${change.operation}`);
      const id = operationIds.get(change.operation);
      return id === undefined ? undefined : hrefs.get(`operation ${id}`);
    }
    const schema = /^\/components\/schemas\/([^/]+)/.exec(change.newPointer ?? "")?.[1];
    return schema === undefined ? undefined : hrefs.get(`schema ${unescapeToken(schema)}`);
  };
}

/** `GET /v1/nodes/{id}/` (how a diff names an operation) → its operation id, as the reference names it. */
function operationIdsByLabel(doc: Json): Map<string, string> {
  return new Map(
    collectOperations(doc).map((operation) => [
      `${operation.method.toUpperCase()} ${operation.path}`,
      operation.id,
    ]),
  );
}

/** One spec with its released versions and where its reference puts each item. */
export interface ChangelogSource {
  spec: LoadedSpec;
  /** Oldest first. */
  released: readonly SpecVersion[];
  /** The search entries of the spec's reference pages. */
  reference: readonly SearchEntry[];
}

/**
 * The changelog pages of the specs that have released versions, and their sidebar group.
 *
 * @returns The pages, and the group unless no spec has a released version.
 * @example const { pages, group } = changelogPages([{ spec, released, reference }]);
 */
export function changelogPages(sources: readonly ChangelogSource[]): {
  pages: BuiltPage[];
  group?: NavGroup;
} {
  const pages = sources.flatMap(
    (source) => changelogPageFor(source.spec, source.released, source.reference) ?? [],
  );
  if (pages.length === 0) return { pages };
  return {
    pages,
    group: {
      title: "Changelog",
      pages: pages.map((built) => ({
        file: built.page.file,
        title: built.page.title.replace(/ changelog$/, ""),
      })),
    },
  };
}
