import { isObject, type Json } from "../../../scripts/generate/json.js";
import { childPointer } from "../../../scripts/generate/json-pointer.js";
import type { SpecChange } from "./change.js";
import type { Placed } from "./openapi-model.js";
import type { Readers } from "./schema-rules.js";

/** Security requirement alternatives: sorted scheme names → their scopes. */
function alternatives(security: Json | undefined): Map<string, Map<string, Set<string>>> {
  const found = new Map<string, Map<string, Set<string>>>();
  if (!Array.isArray(security)) return found;
  for (const requirement of security) {
    if (!isObject(requirement)) continue;
    const schemes = new Map(
      Object.entries(requirement).map(([name, scopes]) => [
        name,
        new Set(Array.isArray(scopes) ? scopes.map(String) : []),
      ]),
    );
    found.set([...schemes.keys()].sort().join(" + ") || "(none)", schemes);
  }
  return found;
}

/**
 * An operation's security requirements: a way to authenticate that is gone, or a scope more it
 * needs, refuses existing callers; a new way is an addition.
 */
export function compareSecurity(
  was: Placed<Json | undefined>,
  now: Placed<Json | undefined>,
  operation: string,
  emit: (change: SpecChange) => void,
): void {
  const before = alternatives(was.node);
  const after = alternatives(now.node);
  const base = { operation, oldPointer: was.pointer, newPointer: now.pointer };
  // No requirement at all is like the one alternative "(none)": anyone may call.
  if (before.size === 0) before.set("(none)", new Map());
  if (after.size === 0) after.set("(none)", new Map());
  for (const [names, schemes] of before) {
    const kept = after.get(names);
    if (kept === undefined) {
      emit({
        ...base,
        rule: "security-requirement-removed",
        severity: "breaking",
        area: "security",
        kind: "existence",
        message:
          names === "(none)"
            ? "calls without credentials are no longer accepted: an anonymous caller is refused"
            : `authenticating with ${names} is no longer accepted: a caller using it is refused`,
        client: "none (credentials are options)",
      });
      continue;
    }
    for (const [scheme, scopes] of kept) {
      const had = schemes.get(scheme) ?? new Set();
      const more = [...scopes].filter((scope) => !had.has(scope));
      if (more.length > 0) {
        emit({
          ...base,
          rule: "security-scopes-added",
          severity: "breaking",
          area: "security",
          kind: "type",
          message: `${scheme} now also needs scope ${more.join(", ")}: a token without it is refused`,
          client: "none",
        });
      }
    }
  }
  for (const names of after.keys()) {
    if (before.has(names)) continue;
    emit({
      ...base,
      rule: "security-requirement-added",
      severity: "non-breaking",
      area: "security",
      kind: "existence",
      message:
        names === "(none)"
          ? "calls without credentials are now accepted"
          : `authenticating with ${names} is now accepted too`,
      client: "none",
    });
  }
}

/** What a security scheme asks of the caller: its type and where the credential goes. */
function schemeShape(scheme: Json | undefined): string | undefined {
  if (!isObject(scheme)) return undefined;
  return ["type", "in", "name", "scheme"].map((key) => String(scheme[key] ?? "")).join("|");
}

/** Security schemes whose kind changed (an API key moved from a header to the query, basic became bearer). */
export function compareSecuritySchemes(readers: Readers, emit: (change: SpecChange) => void): void {
  const schemes = (doc: Json) =>
    isObject(doc) && isObject(doc.components) && isObject(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : {};
  const before = schemes(readers.old.doc);
  const after = schemes(readers.new.doc);
  for (const [name, raw] of Object.entries(before)) {
    if (!Object.hasOwn(after, name)) continue;
    const oldPointer = childPointer("/components/securitySchemes", name);
    const was = schemeShape(readers.old.deref(raw, oldPointer).node);
    const now = schemeShape(readers.new.deref(after[name], oldPointer).node);
    if (was === now) continue;
    emit({
      rule: "security-scheme-changed",
      severity: "breaking",
      area: "security",
      kind: "type",
      operation: "",
      oldPointer,
      newPointer: oldPointer,
      message: `security scheme ${name} changed how the credential is sent (${was} → ${now}): callers sending it the old way are refused`,
      client: "none",
    });
  }
}
