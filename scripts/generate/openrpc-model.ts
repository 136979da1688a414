import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { componentSchemaNames, synthesiseIds } from "./operation-ids.js";
import { follow, optionalString } from "./resolve.js";
import { type ResultCasesModel, readResultCases } from "./rpc-result-cases.js";
import { SpecError } from "./spec-error.js";

/** One content descriptor: a named param or the result. */
export interface ContentDescriptorModel {
  name: string;
  required: boolean;
  schema: Json;
  /** Pointer of the descriptor's `schema`. */
  schemaPointer: string;
  summary?: string;
  description?: string;
}

/** One example pairing: params by position and the result. */
export interface RpcExampleModel {
  name?: string;
  params: Json[];
  result?: Json;
}

/** One method of an OpenRPC document, with its `$ref`s followed. */
export interface RpcMethodModel {
  /** The name on the wire, as the spec writes it. */
  name: string;
  /**
   * The identifier of its client function and generated types: the name itself when it is one,
   * else made up from its words (`blob.Get` → `blobGet`; `operation-ids.ts`).
   */
  id: string;
  /** Pointer of the method object. */
  pointer: string;
  idempotent: boolean;
  summary?: string;
  description?: string;
  deprecated: boolean;
  /** Params in order; optional ones only at the end. */
  params: ContentDescriptorModel[];
  /** `paramStructure: by-name`: params travel as an object keyed by their names. */
  byName: boolean;
  result: ContentDescriptorModel;
  /** `x-result-when`: the result narrowed by one param's value, for overloads. */
  resultCases?: ResultCasesModel;
  examples: RpcExampleModel[];
}

/**
 * Lists the methods of an OpenRPC document in document order, each with an identifier (a method
 * name that is not one, `blob.Get` or `token-create`, gets one made up; `note` says which).
 *
 * @throws {SpecError} For a duplicate method name, a method without a result, or a required param
 * after an optional one.
 */
export function readOpenRpcMethods(
  file: string,
  doc: Json,
  options: { skip: boolean; note: (line: string) => void } = { skip: false, note: () => {} },
): RpcMethodModel[] {
  if (!isObject(doc)) throw new SpecError(file, "", "the spec must be a YAML mapping");
  if (typeof doc.openrpc !== "string") throw new SpecError(file, "/openrpc", "expected an openrpc version");
  const methods = doc.methods;
  if (!Array.isArray(methods)) throw new SpecError(file, "/methods", "methods must be a list");
  const firstSeen = new Map<string, string>();
  const read: Omit<RpcMethodModel, "id">[] = [];
  methods.forEach((raw, index) => {
    const at = childPointer("/methods", index);
    // A method without a result is a notification (OpenRPC 1.3): nothing answers it, so no client function waits for one.
    if (options.skip && isObject(raw) && raw.$ref === undefined && raw.result === undefined) {
      options.note(`${file}#${at}: left out: "${String(raw.name)}" has no result (a notification)`);
      return;
    }
    const method = readMethod(file, doc, raw, at);
    const previous = firstSeen.get(method.name);
    if (previous !== undefined) {
      throw new SpecError(
        file,
        childPointer(method.pointer, "name"),
        `duplicate method name "${method.name}" (also at ${previous})`,
      );
    }
    firstSeen.set(method.name, method.pointer);
    read.push(method);
  });
  const { ids, synthesised } = synthesiseIds(
    read.map((method) => ({ pointer: method.pointer, original: method.name, fallback: "method" })),
    componentSchemaNames(doc),
  );
  for (const made of synthesised) {
    options.note(`${file}#${made.pointer}: method "${made.original}": named ${made.id}`);
  }
  return read.map((method, index) => ({ ...method, id: ids[index] ?? method.name }));
}

function readMethod(
  file: string,
  doc: JsonObject,
  raw: Json,
  rawPointer: string,
): Omit<RpcMethodModel, "id"> {
  const { value: method, pointer } = follow(file, doc, raw, rawPointer);
  const name = optionalString(file, method, "name", pointer);
  if (name === undefined) throw new SpecError(file, pointer, "a method needs a name");
  const structure = method.paramStructure ?? "either";
  if (structure !== "by-name" && structure !== "by-position" && structure !== "either") {
    throw new SpecError(
      file,
      childPointer(pointer, "paramStructure"),
      `must be by-name, by-position or either, not ${JSON.stringify(structure)}`,
    );
  }
  if (method.result === undefined) throw new SpecError(file, pointer, `method "${name}" has no result`);
  const paramsPointer = childPointer(pointer, "params");
  const rawParams = method.params ?? [];
  if (!Array.isArray(rawParams)) throw new SpecError(file, paramsPointer, "params must be a list");
  const params = rawParams.map((param, index) =>
    readDescriptor(file, doc, param, childPointer(paramsPointer, index)),
  );
  params.forEach((param, index) => {
    const previous = params[index - 1];
    if (param.required && previous && !previous.required) {
      throw new SpecError(
        file,
        childPointer(paramsPointer, index),
        `required param "${param.name}" follows optional param "${previous.name}"`,
      );
    }
  });
  const duplicate = params.find(
    (param, index) => params.findIndex((other) => other.name === param.name) !== index,
  );
  if (duplicate) throw new SpecError(file, paramsPointer, `param name "${duplicate.name}" is used twice`);
  const summary = optionalString(file, method, "summary", pointer);
  const description = optionalString(file, method, "description", pointer);
  const resultCases = readResultCases(
    file,
    method,
    pointer,
    params.map((param) => param.name),
  );
  return {
    name,
    pointer,
    idempotent: method["x-idempotent"] === true,
    ...(summary !== undefined && { summary }),
    ...(description !== undefined && { description }),
    deprecated: method.deprecated === true,
    params,
    byName: structure === "by-name",
    result: readDescriptor(file, doc, method.result, childPointer(pointer, "result")),
    ...(resultCases !== undefined && { resultCases }),
    examples: readExamples(file, doc, method, pointer, params),
  };
}

function readDescriptor(
  file: string,
  doc: JsonObject,
  raw: Json,
  rawPointer: string,
): ContentDescriptorModel {
  const { value: descriptor, pointer } = follow(file, doc, raw, rawPointer);
  const name = optionalString(file, descriptor, "name", pointer);
  if (name === undefined) throw new SpecError(file, pointer, "a content descriptor needs a name");
  if (descriptor.schema === undefined)
    throw new SpecError(file, pointer, `content descriptor "${name}" has no schema`);
  const summary = optionalString(file, descriptor, "summary", pointer);
  const description = optionalString(file, descriptor, "description", pointer);
  return {
    name,
    required: descriptor.required === true,
    schema: descriptor.schema,
    schemaPointer: childPointer(pointer, "schema"),
    ...(summary !== undefined && { summary }),
    ...(description !== undefined && { description }),
  };
}

/** Example pairings, their params put in the method's param order (by name). */
function readExamples(
  file: string,
  doc: JsonObject,
  method: JsonObject,
  pointer: string,
  params: readonly ContentDescriptorModel[],
): RpcExampleModel[] {
  const list = method.examples;
  if (!Array.isArray(list)) return [];
  return list.map((raw, index) => {
    const { value: pairing, pointer: at } = follow(file, doc, raw, childPointer(pointer, "examples", index));
    const byName = new Map<string, Json>();
    const rawParams = Array.isArray(pairing.params) ? pairing.params : [];
    rawParams.forEach((rawParam, paramIndex) => {
      const { value: example } = follow(file, doc, rawParam, childPointer(at, "params", paramIndex));
      if (typeof example.name === "string" && example.value !== undefined)
        byName.set(example.name, example.value);
    });
    const values: Json[] = [];
    for (const param of params) {
      const value = byName.get(param.name);
      if (value === undefined) break;
      values.push(value);
    }
    const result =
      pairing.result === undefined
        ? undefined
        : follow(file, doc, pairing.result, childPointer(at, "result")).value;
    const name = typeof pairing.name === "string" ? pairing.name : undefined;
    return {
      ...(name !== undefined && { name }),
      params: values,
      ...(result && result.value !== undefined && { result: result.value }),
    };
  });
}
