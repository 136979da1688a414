/** `chainkit diff`: what changed between two versions of a spec, judged on the wire. */
export type { ChangeArea, ChangeKind, SemverBump, Severity, SpecChange } from "./change.js";
export { failsOn, SEVERITIES, suggestedBump } from "./change.js";
export { diffSpecDocuments, diffSpecs, type SpecDiff } from "./diff-specs.js";
export { renderJson, renderMarkdown, renderText, summaryLine } from "./render.js";
export { SpecSourceError } from "./spec-source-error.js";
