import { isObject, type Json } from "../../../scripts/generate/json.js";
import { childPointer } from "../../../scripts/generate/json-pointer.js";
import type { SpecChange } from "./change.js";
import { entries, type OperationModel, type Placed, readOperations } from "./openapi-model.js";
import { compareSchemas, type Readers } from "./schema-rules.js";
import { compareSecurity, compareSecuritySchemes } from "./security-rules.js";

/** Every change between two OpenAPI documents (both 3.1, as the loader leaves them). */
export function diffOpenApi(readers: Readers): SpecChange[] {
  const changes: SpecChange[] = [];
  const emit = (change: SpecChange) => changes.push(change);
  const before = readOperations(readers.old);
  const after = readOperations(readers.new);
  for (const [key, operation] of before) {
    const now = after.get(key);
    if (now === undefined) {
      emit({
        rule: "operation-removed",
        severity: "breaking",
        area: "paths",
        kind: "existence",
        operation: operation.label,
        oldPointer: operation.pointer,
        message: `${operation.label} was removed: a caller using it gets an error${operation.node.deprecated === true ? " (it was deprecated)" : ""}`,
        client: `method ${operationId(operation)} removed`,
      });
    } else {
      compareOperation(readers, operation, now, emit);
    }
  }
  for (const [key, operation] of after) {
    if (before.has(key)) continue;
    emit({
      rule: "operation-added",
      severity: "non-breaking",
      area: "paths",
      kind: "existence",
      operation: operation.label,
      newPointer: operation.pointer,
      message: `${operation.label} is new`,
      client: `method ${operationId(operation)} added`,
    });
  }
  compareSecuritySchemes(readers, emit);
  compareWebhooks(readers, emit);
  return changes;
}

function operationId(operation: OperationModel): string {
  return typeof operation.node.operationId === "string" ? operation.node.operationId : operation.label;
}

function compareOperation(
  readers: Readers,
  before: OperationModel,
  after: OperationModel,
  emit: (change: SpecChange) => void,
): void {
  const operation = after.label;
  const base = { operation, oldPointer: before.pointer, newPointer: after.pointer };
  const oldId = operationId(before);
  const newId = operationId(after);
  if (oldId !== newId) {
    emit({
      ...base,
      rule: "operation-id-changed",
      severity: "breaking",
      area: "paths",
      kind: "existence",
      message: `operationId ${oldId} → ${newId}: the wire is unchanged, but code calling the generated client by the old name no longer compiles`,
      client: `method ${oldId} renamed to ${newId}`,
    });
  }
  const deprecated = after.node.deprecated === true;
  if ((before.node.deprecated === true) !== deprecated) {
    emit({
      ...base,
      rule: deprecated ? "operation-deprecated" : "operation-reactivated",
      severity: "info",
      area: "paths",
      kind: "lifecycle",
      message: deprecated ? `${operation} is deprecated` : `${operation} is no longer deprecated`,
      client: deprecated ? `method ${newId} marked @deprecated` : "@deprecated removed",
    });
  }
  compareTags(before, after, emit);
  compareSecurity(before.security, after.security, operation, emit);
  compareParameters(readers, before, after, emit);
  compareRequestBody(readers, before, after, emit);
  compareResponses(readers, before, after, emit);
}

function tagsOf(operation: OperationModel): string[] {
  return Array.isArray(operation.node.tags) ? operation.node.tags.map(String) : [];
}

function compareTags(
  before: OperationModel,
  after: OperationModel,
  emit: (change: SpecChange) => void,
): void {
  const was = tagsOf(before);
  const now = tagsOf(after);
  for (const [tag, action] of [
    ...was.filter((tag) => !now.includes(tag)).map((tag) => [tag, "removed"] as const),
    ...now.filter((tag) => !was.includes(tag)).map((tag) => [tag, "added"] as const),
  ]) {
    emit({
      rule: `tag-${action}`,
      severity: "info",
      area: "tags",
      kind: "existence",
      operation: after.label,
      oldPointer: childPointer(before.pointer, "tags"),
      newPointer: childPointer(after.pointer, "tags"),
      message: `tag ${tag} ${action} (the docs group it ${action === "added" ? "under it too" : "elsewhere"})`,
      client: "none",
    });
  }
}

function compareParameters(
  readers: Readers,
  before: OperationModel,
  after: OperationModel,
  emit: (change: SpecChange) => void,
): void {
  const operation = after.label;
  const movedNames = new Set<string>();
  for (const [key, was] of before.parameters) {
    const now = after.parameters.get(key);
    if (now !== undefined) continue;
    const moved = [...after.parameters.entries()].find(
      ([otherKey, other]) => !before.parameters.has(otherKey) && other.name === was.name,
    )?.[1];
    if (moved !== undefined) {
      movedNames.add(moved.name);
      emit({
        rule: "request-parameter-moved",
        severity: "breaking",
        area: "parameters",
        kind: "existence",
        operation,
        oldPointer: was.pointer,
        newPointer: moved.pointer,
        message: `parameter ${was.name} moved from the ${was.in} to the ${moved.in}: a caller sending it where it was is not understood`,
        client: "none on the params type; the client sends it in its new place once regenerated",
      });
      continue;
    }
    emit({
      rule: "request-parameter-removed",
      severity: "breaking",
      area: "parameters",
      kind: "existence",
      operation,
      oldPointer: was.pointer,
      message: `${was.in} parameter ${was.name} was removed: the server no longer reads it, and a call passing it no longer compiles`,
      client: `property ${was.name} removed from the params type`,
    });
  }
  for (const [key, now] of after.parameters) {
    const was = before.parameters.get(key);
    const label = `${now.in} parameter ${now.name}`;
    if (was === undefined) {
      if (movedNames.has(now.name)) continue;
      emit({
        rule: now.required ? "request-parameter-added-required" : "request-parameter-added",
        severity: now.required ? "breaking" : "non-breaking",
        area: "parameters",
        kind: "existence",
        operation,
        newPointer: now.pointer,
        message: now.required
          ? `${label} is new and required: a caller that does not send it is refused`
          : `${label} is new and optional`,
        client: `${now.required ? "required" : "optional"} property ${now.name} added to the params type`,
      });
      continue;
    }
    const base = { operation, oldPointer: was.pointer, newPointer: now.pointer };
    if (was.name !== now.name) {
      emit({
        ...base,
        rule: "request-path-parameter-renamed",
        severity: "info",
        area: "parameters",
        kind: "existence",
        message: `path parameter ${was.name} is now called ${now.name}; the URL is the same`,
        client: `params property ${was.name} renamed to ${now.name}`,
      });
    }
    if (was.required !== now.required && now.in !== "path") {
      emit({
        ...base,
        rule: now.required ? "request-parameter-became-required" : "request-parameter-became-optional",
        severity: now.required ? "breaking" : "non-breaking",
        area: "parameters",
        kind: "requiredness",
        message: now.required
          ? `${label} became required: a caller that leaves it out is refused`
          : `${label} became optional`,
        client: `property ${now.name} made ${now.required ? "required" : "optional"}`,
      });
    }
    const deprecated = now.node.deprecated === true;
    if ((was.node.deprecated === true) !== deprecated) {
      emit({
        ...base,
        rule: deprecated ? "request-parameter-deprecated" : "request-parameter-reactivated",
        severity: "info",
        area: "parameters",
        kind: "lifecycle",
        message: `${label} is ${deprecated ? "deprecated" : "no longer deprecated"}`,
        client: deprecated ? "property marked @deprecated" : "@deprecated removed",
      });
    }
    compareSchemas(
      readers,
      { direction: "request", operation, area: "parameters", subject: "parameter", label, emit },
      was.schema.node,
      was.schema.pointer,
      now.schema.node,
      now.schema.pointer,
    );
  }
}

function requestBodyOf(readers: Readers, side: "old" | "new", operation: OperationModel): Placed | undefined {
  const raw = operation.node.requestBody;
  if (raw === undefined) return undefined;
  const found = readers[side].deref(raw, childPointer(operation.pointer, "requestBody"));
  return isObject(found.node) ? { node: found.node, pointer: found.pointer } : undefined;
}

function compareRequestBody(
  readers: Readers,
  before: OperationModel,
  after: OperationModel,
  emit: (change: SpecChange) => void,
): void {
  const operation = after.label;
  const was = requestBodyOf(readers, "old", before);
  const now = requestBodyOf(readers, "new", after);
  if (was === undefined && now === undefined) return;
  if (was === undefined || now === undefined) {
    const required = now?.node.required === true;
    emit({
      rule: now ? (required ? "request-body-added-required" : "request-body-added") : "request-body-removed",
      severity: now && !required ? "non-breaking" : "breaking",
      area: "request-body",
      kind: "existence",
      operation,
      ...(was && { oldPointer: was.pointer }),
      ...(now && { newPointer: now.pointer }),
      message: now
        ? required
          ? "a request body is now required: a caller that sends none is refused"
          : "an optional request body is new"
        : "the request body was removed: the server no longer reads what callers send",
      client: now ? `body ${required ? "required" : "optional"} argument added` : "body argument removed",
    });
    return;
  }
  const base = { operation, oldPointer: was.pointer, newPointer: now.pointer };
  const required = now.node.required === true;
  if ((was.node.required === true) !== required) {
    emit({
      ...base,
      rule: required ? "request-body-became-required" : "request-body-became-optional",
      severity: required ? "breaking" : "non-breaking",
      area: "request-body",
      kind: "requiredness",
      message: required
        ? "the request body became required: a caller that sends none is refused"
        : "the request body became optional",
      client: `body argument made ${required ? "required" : "optional"}`,
    });
  }
  compareContent(readers, was, now, operation, "request", "the request body", emit);
}

/** Media types of a body, and each one's schema in the site's direction. */
function compareContent(
  readers: Readers,
  was: Placed,
  now: Placed,
  operation: string,
  direction: "request" | "response",
  label: string,
  emit: (change: SpecChange) => void,
): void {
  const before = entries(readers.old, was, "content");
  const after = entries(readers.new, now, "content");
  const area = direction === "request" ? "request-body" : "responses";
  const request = direction === "request";
  for (const [media, entry] of before) {
    if (after.has(media)) continue;
    emit({
      rule: `${direction}-media-type-removed`,
      severity: "breaking",
      area,
      kind: "existence",
      operation,
      oldPointer: entry.pointer,
      message: request
        ? `${label} no longer accepts ${media}: a caller sending it is refused`
        : `${label} no longer arrives as ${media}: a consumer asking for it gets another type`,
      client: request ? `${media} body no longer sent` : `${media} answer type removed`,
    });
  }
  for (const [media, entry] of after) {
    const old = before.get(media);
    if (old === undefined) {
      emit({
        rule: `${direction}-media-type-added`,
        severity: "non-breaking",
        area,
        kind: "existence",
        operation,
        newPointer: entry.pointer,
        message: request ? `${label} also accepts ${media}` : `${label} may also arrive as ${media}`,
        client: "none",
      });
      continue;
    }
    compareSchemas(
      readers,
      {
        direction,
        operation,
        area,
        subject: "body",
        label: before.size > 1 ? `${label} (${media})` : label,
        emit,
      },
      old.node.schema,
      childPointer(old.pointer, "schema"),
      entry.node.schema,
      childPointer(entry.pointer, "schema"),
    );
  }
}

function isSuccess(status: string): boolean {
  return /^2/.test(status) || status === "default";
}

function compareResponses(
  readers: Readers,
  before: OperationModel,
  after: OperationModel,
  emit: (change: SpecChange) => void,
): void {
  const operation = after.label;
  const was = entries(readers.old, before, "responses");
  const now = entries(readers.new, after, "responses");
  for (const [status, response] of was) {
    if (now.has(status)) continue;
    const success = isSuccess(status);
    emit({
      rule: success ? "response-success-status-removed" : "response-error-status-removed",
      severity: success ? "breaking" : "info",
      area: "responses",
      kind: "existence",
      operation,
      oldPointer: response.pointer,
      message: success
        ? `status ${status} is no longer answered: a consumer waiting for it gets another status`
        : `status ${status} is no longer documented`,
      client: success ? `${status} answer type removed` : "error type narrowed",
    });
  }
  for (const [status, response] of now) {
    const old = was.get(status);
    if (old === undefined) {
      const success = isSuccess(status);
      emit({
        rule: success ? "response-success-status-added" : "response-error-status-added",
        severity: success ? "non-breaking" : "info",
        area: "responses",
        kind: "existence",
        operation,
        newPointer: response.pointer,
        message: `status ${status} may now be answered`,
        client: success ? "answer type gains a case" : "none (errors are thrown)",
      });
      continue;
    }
    compareContent(readers, old, response, operation, "response", `the ${status} response body`, emit);
    compareHeaders(readers, old, response, operation, status, emit);
  }
}

function compareHeaders(
  readers: Readers,
  was: Placed,
  now: Placed,
  operation: string,
  status: string,
  emit: (change: SpecChange) => void,
): void {
  const lower = (map: Map<string, Placed>) =>
    new Map([...map].map(([name, entry]) => [name.toLowerCase(), entry]));
  const before = lower(entries(readers.old, was, "headers"));
  const after = lower(entries(readers.new, now, "headers"));
  for (const [name, header] of before) {
    if (after.has(name)) continue;
    emit({
      rule: "response-header-removed",
      severity: "breaking",
      area: "headers",
      kind: "existence",
      operation,
      oldPointer: header.pointer,
      message: `header ${name} of the ${status} response no longer arrives`,
      client: "none (headers are not typed)",
    });
  }
  for (const [name, header] of after) {
    const old = before.get(name);
    if (old === undefined) {
      emit({
        rule: "response-header-added",
        severity: "non-breaking",
        area: "headers",
        kind: "existence",
        operation,
        newPointer: header.pointer,
        message: `header ${name} of the ${status} response is new`,
        client: "none",
      });
      continue;
    }
    if (old.node.required === true && header.node.required !== true) {
      emit({
        rule: "response-header-became-optional",
        severity: "breaking",
        area: "headers",
        kind: "requiredness",
        operation,
        oldPointer: old.pointer,
        newPointer: header.pointer,
        message: `header ${name} of the ${status} response became optional: it may no longer arrive`,
        client: "none (headers are not typed)",
      });
    }
    compareSchemas(
      readers,
      { direction: "response", operation, area: "headers", subject: "header", label: `header ${name}`, emit },
      old.node.schema,
      childPointer(old.pointer, "schema"),
      header.node.schema,
      childPointer(header.pointer, "schema"),
    );
  }
}

function compareWebhooks(readers: Readers, emit: (change: SpecChange) => void): void {
  const names = (doc: Json) => (isObject(doc) && isObject(doc.webhooks) ? Object.keys(doc.webhooks) : []);
  const before = names(readers.old.doc);
  const after = names(readers.new.doc);
  for (const name of before.filter((webhook) => !after.includes(webhook))) {
    emit({
      rule: "webhook-removed",
      severity: "breaking",
      area: "components",
      kind: "existence",
      operation: "",
      oldPointer: childPointer("/webhooks", name),
      message: `webhook ${name} was removed: a consumer waiting for it is no longer called`,
      client: "none",
    });
  }
  for (const name of after.filter((webhook) => !before.includes(webhook))) {
    emit({
      rule: "webhook-added",
      severity: "non-breaking",
      area: "components",
      kind: "existence",
      operation: "",
      newPointer: childPointer("/webhooks", name),
      message: `webhook ${name} is new`,
      client: "none",
    });
  }
}
