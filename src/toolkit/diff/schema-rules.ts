import { isObject, type Json } from "../../../scripts/generate/json.js";
import { childPointer } from "../../../scripts/generate/json-pointer.js";
import type { ChangeArea, ChangeKind, Severity, SpecChange } from "./change.js";
import {
  keywordPointer,
  propertyPointer,
  type SchemaReader,
  type SchemaView,
  stable,
} from "./schema-reader.js";

/** Which way data flows through a schema: a caller writes requests, a consumer reads responses. */
export type Direction = "request" | "response";

/** Where a schema comparison starts, and where its changes go. */
export interface SchemaSite {
  direction: Direction;
  /** The operation or method. */
  operation: string;
  /** The area of a change at the schema's root (`parameters`, `request-body`, …); deeper ones are `schema`. */
  area: ChangeArea;
  /** What the root is, for rule ids: `parameter`, `body`, `header`, `param`, `result`. */
  subject: string;
  /** How a sentence names the root: "query parameter limit", "the 200 response body". */
  label: string;
  emit: (change: SpecChange) => void;
}

/** Both versions' readers. */
export interface Readers {
  old: SchemaReader;
  new: SchemaReader;
  /** Counts the schema pairs walked, so a test can hold the work to a bound. */
  work?: { schemaPairs: number };
}

/** What a pair walked once from a site emitted, under the field it was first reached by. */
interface Walked {
  field: string;
  changes: SpecChange[];
}

interface Walk {
  /** The caller's site, with `emit` going through {@link report}. */
  site: SchemaSite;
  readers: Readers;
  /**
   * Pairs of schemas (by pointer) entered from this site: `undefined` while being walked, so
   * recursive schemas end; then what they emitted, replayed under the new field when another path
   * reaches them, instead of walking them again (walking every path through Stripe's mutually
   * recursive objects is exponential).
   */
  seen: Map<string, Walked | undefined>;
  /** The change lists of the pairs being walked, innermost last. */
  recording: SpecChange[][];
  /** How often each change (rule and pointers) was reported from this site. */
  reported: Map<string, number>;
}

const MAX_DEPTH = 48;

/** How many property paths of one site a change at the same pointers is reported under. */
const MAX_PATHS_PER_CHANGE = 8;

/**
 * Compares two versions of a schema as the wire sees them, in the site's direction, and emits each
 * change: narrowed for requests and widened for responses are breaking.
 */
export function compareSchemas(
  readers: Readers,
  site: SchemaSite,
  oldNode: Json | undefined,
  oldPointer: string,
  newNode: Json | undefined,
  newPointer: string,
): void {
  const walk: Walk = { site, readers, seen: new Map(), recording: [], reported: new Map() };
  walk.site = { ...site, emit: (change) => report(walk, site, change) };
  compare(walk, oldNode, oldPointer, newNode, newPointer, "", 0);
}

/** Emits a change unless it was already reported under enough paths, and records it for replays. */
function report(walk: Walk, site: SchemaSite, change: SpecChange): void {
  const key = `${change.rule}|${change.oldPointer}|${change.newPointer}`;
  const times = walk.reported.get(key) ?? 0;
  if (times >= MAX_PATHS_PER_CHANGE) return;
  walk.reported.set(key, times + 1);
  for (const changes of walk.recording) changes.push(change);
  site.emit(change);
}

/** Emits what a pair emitted when first walked, reworded for the field it is now reached by. */
function replay(walk: Walk, walked: Walked, field: string): void {
  const first = `${walk.site.label}'s property ${walked.field}`;
  const now = `${walk.site.label}'s property ${field}`;
  for (const change of walked.changes) {
    const message = change.message.startsWith(first)
      ? now + change.message.slice(first.length)
      : change.message;
    walk.site.emit({ ...change, message });
  }
}

function compare(
  walk: Walk,
  oldNode: Json | undefined,
  oldPointer: string,
  newNode: Json | undefined,
  newPointer: string,
  field: string,
  depth: number,
): void {
  const { readers } = walk;
  if (depth > MAX_DEPTH) return;
  if (readers.old.fingerprint(oldNode, oldPointer) === readers.new.fingerprint(newNode, newPointer)) return;
  const before = readers.old.view(oldNode, oldPointer);
  const after = readers.new.view(newNode, newPointer);
  const pair = `${before.pointer}|${after.pointer}`;
  if (walk.seen.has(pair)) {
    const walked = walk.seen.get(pair);
    if (walked !== undefined) replay(walk, walked, field);
    return;
  }
  walk.seen.set(pair, undefined);
  if (walk.readers.work) walk.readers.work.schemaPairs++;
  const changes: SpecChange[] = [];
  walk.recording.push(changes);
  const at = new Spot(walk.site, field, before, after);
  compareTypes(at);
  compareValues(at);
  compareConstraints(at);
  compareLifecycle(at);
  compareProperties(walk, at, depth);
  compareStructure(walk, at, depth);
  walk.recording.pop();
  walk.seen.set(pair, { field, changes });
}

/** One place in both schemas, and how to word and emit a change there. */
class Spot {
  constructor(
    readonly site: SchemaSite,
    readonly field: string,
    readonly before: SchemaView,
    readonly after: SchemaView,
  ) {}

  get direction(): Direction {
    return this.site.direction;
  }

  /** "request property a.b" or the root's own subject. */
  get subject(): string {
    return this.field === "" ? this.site.subject : "property";
  }

  /** How a sentence names this place. */
  get name(): string {
    return this.field === "" ? this.site.label : `${this.site.label}'s property ${this.field}`;
  }

  emit(
    rule: string,
    severity: Severity,
    kind: ChangeKind,
    message: string,
    client: string,
    pointers: { old?: string | undefined; new?: string | undefined } = {},
  ): void {
    this.site.emit({
      rule: `${this.direction}-${this.subject}-${rule}`,
      severity,
      area: this.field === "" ? this.site.area : "schema",
      kind,
      operation: this.site.operation,
      oldPointer: "old" in pointers ? pointers.old : this.before.pointer,
      newPointer: "new" in pointers ? pointers.new : this.after.pointer,
      message,
      client,
    });
  }
}

/** JSON types a schema allows (`integer` within `number`), or `undefined` for any. */
function typesOf(view: SchemaView): Set<string> | undefined {
  const type = view.schema.type;
  if (type === undefined) return undefined;
  const types = new Set((Array.isArray(type) ? type : [type]).map(String));
  if (view.schema.nullable === true) types.add("null");
  return types;
}

function covers(types: Set<string> | undefined, type: string): boolean {
  return types === undefined || types.has(type) || (type === "integer" && types.has("number"));
}

const ALL_TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"];

function compareTypes(at: Spot): void {
  const before = typesOf(at.before);
  const after = typesOf(at.after);
  const lost = (before ? [...before] : ALL_TYPES).filter((type) => !covers(after, type));
  const gained = (after ? [...after] : ALL_TYPES).filter((type) => !covers(before, type));
  const pointers = { old: keywordPointer(at.before, "type"), new: keywordPointer(at.after, "type") };
  if (before === undefined && after === undefined) return;
  const list = (types: string[]) => types.join(", ");
  if (at.direction === "request") {
    if (lost.length > 0) {
      at.emit(
        "type-narrowed",
        "breaking",
        "type",
        `${at.name} no longer accepts ${list(lost)}: a caller sending one is refused`,
        "type narrowed",
        pointers,
      );
    } else if (gained.length > 0) {
      at.emit(
        "type-widened",
        "non-breaking",
        "type",
        `${at.name} now also accepts ${list(gained)}`,
        "type widened",
        pointers,
      );
    }
    return;
  }
  if (gained.length === 1 && gained[0] === "null") {
    at.emit(
      "became-nullable",
      "breaking",
      "type",
      `${at.name} may now arrive as null: a consumer reading it must handle null`,
      "type gains | null",
      pointers,
    );
  } else if (gained.length > 0) {
    at.emit(
      "type-widened",
      "breaking",
      "type",
      `${at.name} may now arrive as ${list(gained)}, which existing consumers do not expect`,
      "type widened",
      pointers,
    );
  } else if (lost.length > 0) {
    at.emit(
      "type-narrowed",
      "info",
      "type",
      `${at.name} no longer arrives as ${list(lost)}`,
      "type narrowed",
      pointers,
    );
  }
}

/** The values an `enum` or `const` allows, as canonical text, or `undefined` when any value of the type goes. */
function valuesOf(view: SchemaView): Map<string, Json> | undefined {
  const values = view.schema.const !== undefined ? [view.schema.const] : view.schema.enum;
  if (!Array.isArray(values)) return undefined;
  return new Map(values.map((value) => [stable(value), value]));
}

function compareValues(at: Spot): void {
  const before = valuesOf(at.before);
  const after = valuesOf(at.after);
  const pointers = {
    old: keywordPointer(at.before, at.before.schema.const !== undefined ? "const" : "enum"),
    new: keywordPointer(at.after, at.after.schema.const !== undefined ? "const" : "enum"),
  };
  const request = at.direction === "request";
  if (before === undefined && after === undefined) {
    compareDefault(at);
    return;
  }
  if (before === undefined && after !== undefined) {
    at.emit(
      "became-enum",
      request ? "breaking" : "non-breaking",
      "values",
      request
        ? `${at.name} now accepts only ${[...after.keys()].join(", ")}: a caller sending another value is refused`
        : `${at.name} now arrives as one of ${[...after.keys()].join(", ")}`,
      "type narrowed to a union of literals",
      pointers,
    );
    return;
  }
  if (before !== undefined && after === undefined) {
    at.emit(
      "enum-removed",
      request ? "non-breaking" : "breaking",
      "values",
      request
        ? `${at.name} now accepts any value, not only ${[...before.keys()].join(", ")}`
        : `${at.name} may now arrive with any value, not only ${[...before.keys()].join(", ")}`,
      "union of literals widened to its type",
      pointers,
    );
    return;
  }
  if (before === undefined || after === undefined) return;
  const removed = [...before.keys()].filter((value) => !after.has(value));
  const added = [...after.keys()].filter((value) => !before.has(value));
  if (removed.length > 0) {
    at.emit(
      "enum-value-removed",
      request ? "breaking" : "non-breaking",
      "values",
      request
        ? `${at.name} no longer accepts ${removed.join(", ")}: a caller sending it is refused`
        : `${at.name} no longer arrives as ${removed.join(", ")}`,
      `union loses ${removed.join(", ")}`,
      pointers,
    );
  }
  if (added.length > 0) {
    at.emit(
      "enum-value-added",
      request ? "non-breaking" : "breaking",
      "values",
      request
        ? `${at.name} now also accepts ${added.join(", ")}`
        : `${at.name} may now arrive as ${added.join(", ")}, which an existing consumer does not handle`,
      `union gains ${added.join(", ")}`,
      pointers,
    );
  }
}

function compareDefault(at: Spot): void {
  const before = at.before.schema.default;
  const after = at.after.schema.default;
  if (stable(before) === stable(after)) return;
  const request = at.direction === "request";
  at.emit(
    "default-changed",
    request ? "breaking" : "info",
    "values",
    request
      ? `${at.name} defaults to ${stable(after)} instead of ${stable(before)}: a caller leaving it out gets other behaviour`
      : `${at.name}'s documented default is ${stable(after)} instead of ${stable(before)}`,
    "none (defaults are not typed)",
    { old: keywordPointer(at.before, "default"), new: keywordPointer(at.after, "default") },
  );
}

/** Bounds: which side they limit and how a sentence names them. */
const BOUNDS: readonly [keyword: string, side: "min" | "max", words: string][] = [
  ["minimum", "min", "minimum"],
  ["exclusiveMinimum", "min", "exclusive minimum"],
  ["maximum", "max", "maximum"],
  ["exclusiveMaximum", "max", "exclusive maximum"],
  ["minLength", "min", "minimum length"],
  ["maxLength", "max", "maximum length"],
  ["minItems", "min", "minimum number of items"],
  ["maxItems", "max", "maximum number of items"],
  ["minProperties", "min", "minimum number of properties"],
  ["maxProperties", "max", "maximum number of properties"],
];

function compareConstraints(at: Spot): void {
  const request = at.direction === "request";
  for (const [keyword, side, words] of BOUNDS) {
    const before = at.before.schema[keyword];
    const after = at.after.schema[keyword];
    if (before === after) continue;
    const was = typeof before === "number" ? before : undefined;
    const now = typeof after === "number" ? after : undefined;
    if (was === now) continue;
    const tighter = now !== undefined && (was === undefined || (side === "min" ? now > was : now < was));
    const pointers = { old: keywordPointer(at.before, keyword), new: keywordPointer(at.after, keyword) };
    const change = `${words} ${was ?? "none"} → ${now ?? "none"}`;
    const rule = `${keyword.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-${tighter ? (side === "min" ? "increased" : "decreased") : side === "min" ? "decreased" : "increased"}`;
    if (request) {
      at.emit(
        rule,
        tighter ? "breaking" : "non-breaking",
        "constraints",
        tighter
          ? `${at.name}: ${change}, so a value that was accepted may now be refused`
          : `${at.name}: ${change}, so more values are accepted`,
        "none (bounds are checked at run time)",
        pointers,
      );
    } else {
      at.emit(
        rule,
        tighter ? "info" : "breaking",
        "constraints",
        tighter
          ? `${at.name}: ${change}`
          : `${at.name}: ${change}, so a value outside what a consumer was promised may arrive`,
        "none (bounds are checked at run time)",
        pointers,
      );
    }
  }
  compareText(at, "pattern", "pattern");
  compareText(at, "format", "format");
  compareText(at, "multipleOf", "multiple of");
  compareText(at, "contentMediaType", "content media type");
  compareText(at, "contentEncoding", "content encoding");
}

/** Keywords with one value that either holds or not: any change may refuse or surprise. */
function compareText(at: Spot, keyword: string, words: string): void {
  const before = at.before.schema[keyword];
  const after = at.after.schema[keyword];
  if (stable(before) === stable(after)) return;
  const request = at.direction === "request";
  const action = before === undefined ? "added" : after === undefined ? "removed" : "changed";
  const looser = action === "removed";
  // A response's pattern is a promise few consumers parse by; its format often decides the TS type (int64 → bigint).
  const severity: Severity = request
    ? looser
      ? "non-breaking"
      : "breaking"
    : keyword === "pattern" || action === "added"
      ? "info"
      : "breaking";
  const client =
    keyword === "format" ? "type may change (int64 formats are bigint)" : "none (checked at run time)";
  at.emit(
    `${keyword.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-${action}`,
    severity,
    keyword === "format" || keyword.startsWith("content") ? "type" : "constraints",
    `${at.name}: ${words} ${before === undefined ? "none" : stable(before)} → ${after === undefined ? "none" : stable(after)}${
      severity === "breaking"
        ? request
          ? ", so a value that was accepted may be refused"
          : ", so values may arrive in another form"
        : ""
    }`,
    client,
    { old: keywordPointer(at.before, keyword), new: keywordPointer(at.after, keyword) },
  );
}

function compareLifecycle(at: Spot): void {
  if (at.field === "") return; // a root's deprecation is its parameter's or operation's
  const before = at.before.schema.deprecated === true;
  const after = at.after.schema.deprecated === true;
  if (before !== after) {
    at.emit(
      after ? "deprecated" : "reactivated",
      "info",
      "lifecycle",
      after ? `${at.name} is deprecated` : `${at.name} is no longer deprecated`,
      after ? "property marked @deprecated" : "@deprecated removed",
    );
  }
  for (const flag of ["readOnly", "writeOnly"] as const) {
    const was = at.before.schema[flag] === true;
    const now = at.after.schema[flag] === true;
    if (was === now) continue;
    const vanishes = flag === "writeOnly" && now && at.direction === "response";
    at.emit(
      `became-${now ? "" : "non-"}${flag === "readOnly" ? "read-only" : "write-only"}`,
      vanishes ? "breaking" : "info",
      "mutability",
      vanishes
        ? `${at.name} became write-only: it no longer arrives in answers`
        : `${at.name} is ${now ? "now" : "no longer"} ${flag === "readOnly" ? "read-only" : "write-only"}`,
      "none",
    );
  }
}

function requiredOf(view: SchemaView): Set<string> {
  return new Set(Array.isArray(view.schema.required) ? view.schema.required.map(String) : []);
}

/** Whether an object schema refuses properties it does not list. */
function closed(view: SchemaView): boolean {
  return view.schema.additionalProperties === false || view.schema.unevaluatedProperties === false;
}

function compareProperties(walk: Walk, at: Spot, depth: number): void {
  const before = isObject(at.before.schema.properties) ? at.before.schema.properties : {};
  const after = isObject(at.after.schema.properties) ? at.after.schema.properties : {};
  const requiredBefore = requiredOf(at.before);
  const requiredAfter = requiredOf(at.after);
  const request = at.direction === "request";
  const prefix = at.field === "" ? "" : `${at.field}.`;
  const nameOf = (name: string) => `${at.site.label}'s property ${prefix}${name}`;
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const oldPointer = propertyPointer(at.before, "properties", name);
    const newPointer = propertyPointer(at.after, "properties", name);
    const inBefore = Object.hasOwn(before, name);
    const inAfter = Object.hasOwn(after, name);
    const flags = (view: SchemaView, schema: Json | undefined, pointer: string) =>
      walk.readers[view === at.before ? "old" : "new"].view(schema, pointer).schema;
    const sub = new Spot(at.site, `${prefix}${name}`, at.before, at.after);
    if (!inAfter) {
      if (!request && flags(at.before, before[name], oldPointer).writeOnly === true) continue;
      const refused = request && closed(at.after);
      sub.emit(
        "removed",
        request ? (refused ? "breaking" : "info") : "breaking",
        "existence",
        request
          ? refused
            ? `${nameOf(name)} was removed and extra properties are refused: a caller still sending it is refused`
            : `${nameOf(name)} was removed from the spec; a caller still sending it is not checked for it`
          : `${nameOf(name)} no longer arrives: a consumer reading it gets undefined`,
        "property removed",
        { old: oldPointer, new: undefined },
      );
      continue;
    }
    if (!inBefore) {
      const newFlags = flags(at.after, after[name], newPointer);
      if (request && newFlags.readOnly === true) continue;
      if (!request && newFlags.writeOnly === true) continue;
      const required = requiredAfter.has(name);
      sub.emit(
        request && required ? "added-required" : "added",
        request && required ? "breaking" : "non-breaking",
        "existence",
        request
          ? required
            ? `${nameOf(name)} is new and required: a caller that does not send it is refused`
            : `${nameOf(name)} is new and optional`
          : `${nameOf(name)} is new in answers`,
        required ? "required property added" : "optional property added",
        { old: undefined, new: newPointer },
      );
      continue;
    }
    const oldFlags = flags(at.before, before[name], oldPointer);
    const skip = request ? oldFlags.readOnly === true : oldFlags.writeOnly === true;
    const was = requiredBefore.has(name);
    const now = requiredAfter.has(name);
    if (!skip && was !== now) {
      const breaking = request ? now : was;
      sub.emit(
        now ? "became-required" : "became-optional",
        breaking ? "breaking" : request ? "non-breaking" : "info",
        "requiredness",
        request
          ? now
            ? `${nameOf(name)} became required: a caller that leaves it out is refused`
            : `${nameOf(name)} became optional`
          : now
            ? `${nameOf(name)} now always arrives`
            : `${nameOf(name)} became optional: it may no longer arrive, and a consumer reading it may get undefined`,
        now ? "property made required" : "property made optional",
        { old: keywordPointer(at.before, "required"), new: keywordPointer(at.after, "required") },
      );
    }
    compare(walk, before[name], oldPointer, after[name], newPointer, `${prefix}${name}`, depth + 1);
  }
}

function compareStructure(walk: Walk, at: Spot, depth: number): void {
  const request = at.direction === "request";
  const openBefore = !closed(at.before);
  const openAfter = !closed(at.after);
  if (
    openBefore !== openAfter &&
    (at.before.schema.properties !== undefined || at.after.schema.properties !== undefined)
  ) {
    at.emit(
      openAfter ? "additional-properties-allowed" : "additional-properties-refused",
      request ? (openAfter ? "non-breaking" : "breaking") : "info",
      "structure",
      openAfter
        ? `${at.name} now allows properties it does not list`
        : request
          ? `${at.name} now refuses properties it does not list: a caller sending one is refused`
          : `${at.name} no longer carries properties it does not list`,
      openAfter ? "index signature added" : "index signature removed",
      {
        old: keywordPointer(at.before, "additionalProperties"),
        new: keywordPointer(at.after, "additionalProperties"),
      },
    );
  }
  for (const key of ["items", "additionalProperties", "contains", "propertyNames"] as const) {
    const before = at.before.schema[key];
    const after = at.after.schema[key];
    if (!isObject(before) || !isObject(after)) continue;
    const suffix = key === "items" ? "[]" : key === "additionalProperties" ? ".*" : `<${key}>`;
    compare(
      walk,
      before,
      keywordPointer(at.before, key),
      after,
      keywordPointer(at.after, key),
      `${at.field}${suffix}`,
      depth + 1,
    );
  }
  compareBranches(walk, at, depth);
}

/** `oneOf`/`anyOf` alternatives: matched by what they accept, then by position. */
function compareBranches(walk: Walk, at: Spot, depth: number): void {
  for (const key of ["oneOf", "anyOf"] as const) {
    const before = at.before.schema[key];
    const after = at.after.schema[key];
    if (!Array.isArray(before) && !Array.isArray(after)) continue;
    const request = at.direction === "request";
    const oldBranches = Array.isArray(before)
      ? before.map((node, index) => ({ node, pointer: childPointer(keywordPointer(at.before, key), index) }))
      : [];
    const newBranches = Array.isArray(after)
      ? after.map((node, index) => ({ node, pointer: childPointer(keywordPointer(at.after, key), index) }))
      : [];
    const printOld = oldBranches.map((branch) => walk.readers.old.fingerprint(branch.node, branch.pointer));
    const printNew = newBranches.map((branch) => walk.readers.new.fingerprint(branch.node, branch.pointer));
    const unmatchedOld = oldBranches.filter((_, index) => !printNew.includes(printOld[index] as string));
    const unmatchedNew = newBranches.filter((_, index) => !printOld.includes(printNew[index] as string));
    const paired = Math.min(unmatchedOld.length, unmatchedNew.length);
    for (let index = 0; index < paired; index++) {
      const was = unmatchedOld[index];
      const now = unmatchedNew[index];
      if (was && now)
        compare(walk, was.node, was.pointer, now.node, now.pointer, `${at.field}<${key}>`, depth + 1);
    }
    for (const removed of unmatchedOld.slice(paired)) {
      at.emit(
        `${key.toLowerCase()}-branch-removed`,
        request ? "breaking" : "non-breaking",
        "structure",
        request
          ? `${at.name} lost one of its ${key} alternatives: a caller sending that shape is refused`
          : `${at.name} no longer arrives in one of its ${key} shapes`,
        "union member removed",
        { old: removed.pointer, new: undefined },
      );
    }
    for (const added of unmatchedNew.slice(paired)) {
      at.emit(
        `${key.toLowerCase()}-branch-added`,
        request ? "non-breaking" : "breaking",
        "structure",
        request
          ? `${at.name} accepts another ${key} alternative`
          : `${at.name} may arrive in a new ${key} shape that existing consumers do not handle`,
        "union member added",
        { old: undefined, new: added.pointer },
      );
    }
  }
}
