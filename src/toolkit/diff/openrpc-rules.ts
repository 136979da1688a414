import { isObject, type Json, type JsonObject } from "../../../scripts/generate/json.js";
import { childPointer } from "../../../scripts/generate/json-pointer.js";
import type { SpecChange } from "./change.js";
import { type Placed, placed } from "./openapi-model.js";
import type { SchemaReader } from "./schema-reader.js";
import { compareSchemas, type Readers } from "./schema-rules.js";

/** One param of a method (a content descriptor behind its `$ref`). */
interface ParamModel extends Placed {
  name: string;
  required: boolean;
  position: number;
}

/** One method of an OpenRPC document. */
interface MethodModel extends Placed {
  name: string;
  params: ParamModel[];
  result: Placed | undefined;
  /** `by-position`, `by-name` or `either` (OpenRPC's default). */
  paramStructure: string;
}

function readMethods(reader: SchemaReader): Map<string, MethodModel> {
  const doc = reader.doc;
  const methods = new Map<string, MethodModel>();
  const list = isObject(doc) && Array.isArray(doc.methods) ? doc.methods : [];
  list.forEach((raw, index) => {
    const method = placed(reader, raw, childPointer("/methods", index));
    if (method === undefined || typeof method.node.name !== "string") return;
    const params = Array.isArray(method.node.params) ? method.node.params : [];
    methods.set(method.node.name, {
      ...method,
      name: method.node.name,
      params: params.flatMap((param, position) => {
        const found = placed(reader, param, childPointer(method.pointer, "params", position));
        if (found === undefined || typeof found.node.name !== "string") return [];
        return [{ ...found, name: found.node.name, required: found.node.required === true, position }];
      }),
      result: placed(reader, method.node.result, childPointer(method.pointer, "result")),
      paramStructure: typeof method.node.paramStructure === "string" ? method.node.paramStructure : "either",
    });
  });
  return methods;
}

/** What a method takes and answers, as a hash: two methods with equal signatures may be one renamed. */
function signature(reader: SchemaReader, method: MethodModel): string {
  const schemaPrint = (descriptor: Placed | undefined) =>
    descriptor === undefined
      ? "-"
      : reader.fingerprint(descriptor.node.schema, childPointer(descriptor.pointer, "schema"));
  return [
    ...method.params.map((param) => `${param.required}:${schemaPrint(param)}`),
    `=>${schemaPrint(method.result)}`,
  ].join(",");
}

/** Every change between two OpenRPC documents. */
export function diffOpenRpc(readers: Readers): SpecChange[] {
  const changes: SpecChange[] = [];
  const emit = (change: SpecChange) => changes.push(change);
  const before = readMethods(readers.old);
  const after = readMethods(readers.new);
  const added = [...after.values()].filter((method) => !before.has(method.name));
  const renamedTo = new Map<string, string>();
  for (const method of before.values()) {
    if (after.has(method.name)) continue;
    const shape = signature(readers.old, method);
    const twin = added.find(
      (candidate) => !renamedTo.has(candidate.name) && signature(readers.new, candidate) === shape,
    );
    if (twin !== undefined) renamedTo.set(twin.name, method.name);
    emit({
      rule: "method-removed",
      severity: "breaking",
      area: "paths",
      kind: "existence",
      operation: method.name,
      oldPointer: method.pointer,
      ...(twin && { newPointer: twin.pointer }),
      message:
        twin === undefined
          ? `method ${method.name} was removed: a caller using it gets "method not found"`
          : `method ${method.name} was removed; ${twin.name} takes and answers the same (possibly renamed from ${method.name}): a caller using the old name gets "method not found"`,
      client:
        twin === undefined
          ? `method ${method.name} removed`
          : `method ${method.name} renamed to ${twin.name}`,
    });
  }
  for (const method of added) {
    const from = renamedTo.get(method.name);
    emit({
      rule: "method-added",
      severity: "non-breaking",
      area: "paths",
      kind: "existence",
      operation: method.name,
      newPointer: method.pointer,
      message:
        from === undefined
          ? `method ${method.name} is new`
          : `method ${method.name} is new (possibly renamed from ${from})`,
      client: `method ${method.name} added`,
    });
  }
  for (const [name, method] of before) {
    const now = after.get(name);
    if (now !== undefined) compareMethod(readers, method, now, emit);
  }
  return changes;
}

function compareMethod(
  readers: Readers,
  was: MethodModel,
  now: MethodModel,
  emit: (change: SpecChange) => void,
): void {
  const operation = now.name;
  const base = { operation, oldPointer: was.pointer, newPointer: now.pointer };
  if (was.paramStructure !== now.paramStructure) {
    const widened = now.paramStructure === "either";
    emit({
      ...base,
      rule: "method-param-structure-changed",
      severity: widened ? "non-breaking" : "breaking",
      area: "parameters",
      kind: "structure",
      message: widened
        ? `params may now be sent by position or by name (was ${was.paramStructure})`
        : `params must now be sent ${now.paramStructure} (was ${was.paramStructure}): a caller sending them the other way is refused`,
      client: "none (the generated client sends params by position)",
    });
  }
  const deprecated = now.node.deprecated === true;
  if ((was.node.deprecated === true) !== deprecated) {
    emit({
      ...base,
      rule: deprecated ? "method-deprecated" : "method-reactivated",
      severity: "info",
      area: "paths",
      kind: "lifecycle",
      message: `method ${operation} is ${deprecated ? "deprecated" : "no longer deprecated"}`,
      client: deprecated ? "method marked @deprecated" : "@deprecated removed",
    });
  }
  compareParams(readers, was, now, emit);
  compareResult(readers, was, now, emit);
  compareErrors(readers, was, now, emit);
}

function compareParams(
  readers: Readers,
  was: MethodModel,
  now: MethodModel,
  emit: (change: SpecChange) => void,
): void {
  const operation = now.name;
  const byPosition = now.paramStructure !== "by-name";
  const after = new Map(now.params.map((param) => [param.name, param]));
  const before = new Map(was.params.map((param) => [param.name, param]));
  for (const param of was.params) {
    const kept = after.get(param.name);
    if (kept === undefined) {
      emit({
        rule: "method-param-removed",
        severity: "breaking",
        area: "parameters",
        kind: "existence",
        operation,
        oldPointer: param.pointer,
        message: `param ${param.name} was removed: a caller still sending it ${byPosition ? "shifts the params after it" : "is refused"}`,
        client: "argument removed",
      });
      continue;
    }
    if (byPosition && kept.position !== param.position) {
      emit({
        rule: "method-param-moved",
        severity: "breaking",
        area: "parameters",
        kind: "structure",
        operation,
        oldPointer: param.pointer,
        newPointer: kept.pointer,
        message: `param ${param.name} moved from position ${param.position} to ${kept.position} (params reordered or inserted before it): a caller sending params by position sends it in the wrong place`,
        client: "arguments reordered",
      });
    }
    if (param.required !== kept.required) {
      emit({
        rule: kept.required ? "method-param-became-required" : "method-param-became-optional",
        severity: kept.required ? "breaking" : "non-breaking",
        area: "parameters",
        kind: "requiredness",
        operation,
        oldPointer: param.pointer,
        newPointer: kept.pointer,
        message: kept.required
          ? `param ${param.name} became required: a caller that leaves it out is refused`
          : `param ${param.name} became optional`,
        client: `argument ${param.name} made ${kept.required ? "required" : "optional"}`,
      });
    }
    compareSchemas(
      readers,
      {
        direction: "request",
        operation,
        area: "parameters",
        subject: "param",
        label: `param ${param.name}`,
        emit,
      },
      param.node.schema,
      childPointer(param.pointer, "schema"),
      kept.node.schema,
      childPointer(kept.pointer, "schema"),
    );
  }
  for (const param of now.params) {
    if (before.has(param.name)) continue;
    const atEnd = param.position >= was.params.length;
    emit({
      rule: param.required ? "method-param-added-required" : "method-param-added",
      severity: param.required || (byPosition && !atEnd) ? "breaking" : "non-breaking",
      area: "parameters",
      kind: "existence",
      operation,
      newPointer: param.pointer,
      message: param.required
        ? `param ${param.name} is new and required: a caller that does not send it is refused`
        : atEnd || !byPosition
          ? `param ${param.name} is new and optional`
          : `param ${param.name} was inserted at position ${param.position}: a caller sending params by position sends the later ones in the wrong place`,
      client: `${param.required ? "required" : "optional"} argument ${param.name} added`,
    });
  }
}

function compareResult(
  readers: Readers,
  was: MethodModel,
  now: MethodModel,
  emit: (change: SpecChange) => void,
): void {
  const operation = now.name;
  if (was.result === undefined || now.result === undefined) {
    if (was.result === now.result) return;
    emit({
      rule: now.result ? "method-result-added" : "method-result-removed",
      severity: now.result ? "non-breaking" : "breaking",
      area: "responses",
      kind: "existence",
      operation,
      ...(was.result && { oldPointer: was.result.pointer }),
      ...(now.result && { newPointer: now.result.pointer }),
      message: now.result
        ? "the method now answers a result"
        : "the method no longer answers a result (a notification)",
      client: now.result ? "return type added" : "return type becomes void",
    });
    return;
  }
  compareSchemas(
    readers,
    { direction: "response", operation, area: "responses", subject: "result", label: "the result", emit },
    was.result.node.schema,
    childPointer(was.result.pointer, "schema"),
    now.result.node.schema,
    childPointer(now.result.pointer, "schema"),
  );
}

function errorCodes(reader: SchemaReader, method: MethodModel): Map<string, Placed> {
  const codes = new Map<string, Placed>();
  const list = Array.isArray(method.node.errors) ? method.node.errors : [];
  list.forEach((raw, index) => {
    const found = placed(reader, raw, childPointer(method.pointer, "errors", index));
    const code = (found?.node as JsonObject | undefined)?.code as Json | undefined;
    if (found !== undefined && typeof code === "number") codes.set(String(code), found);
  });
  return codes;
}

function compareErrors(
  readers: Readers,
  was: MethodModel,
  now: MethodModel,
  emit: (change: SpecChange) => void,
): void {
  const before = errorCodes(readers.old, was);
  const after = errorCodes(readers.new, now);
  for (const [code, error] of before) {
    if (after.has(code)) continue;
    emit({
      rule: "method-error-code-removed",
      severity: "breaking",
      area: "responses",
      kind: "existence",
      operation: now.name,
      oldPointer: error.pointer,
      message: `error code ${code} is no longer documented: a consumer handling that condition by its code will see it reported otherwise, or not at all`,
      client: "none (errors are thrown as JsonRpcError)",
    });
  }
  for (const [code, error] of after) {
    if (before.has(code)) continue;
    emit({
      rule: "method-error-code-added",
      severity: "non-breaking",
      area: "responses",
      kind: "existence",
      operation: now.name,
      newPointer: error.pointer,
      message: `error code ${code} is new`,
      client: "none",
    });
  }
}
