/**
 * Every operation of every generated spec, read the way `chainkit call` reads them (the generated
 * descriptors and bundled specs), so an operation another spec gains is fuzzed as soon as it is
 * generated. Each operation gets an arbitrary of valid inputs and the mutations that break one.
 */
import fc from "fast-check";
import { type CallSurface, loadSurface, surfaceNames } from "../../../src/cli/surfaces.js";
import type { RestInput, RestOperation, RpcMethod } from "../../../src/runtime/operation.js";
import { type Mutation, mutations, type Schema, validValue } from "./schema-arbitrary.js";

/** One REST operation's inputs. */
export interface RestFuzzOperation {
  kind: "rest";
  surface: CallSurface & { kind: "rest" };
  id: string;
  descriptor: RestOperation;
  valid: fc.Arbitrary<RestInput>;
  /** Ways to break a valid input, each naming the pointer the refusal must name. */
  breaks(input: RestInput): Mutation[];
}

/** One JSON-RPC method's params. */
export interface RpcFuzzOperation {
  kind: "rpc";
  surface: CallSurface & { kind: "rpc" };
  id: string;
  descriptor: RpcMethod;
  valid: fc.Arbitrary<unknown[]>;
  breaks(params: unknown[]): Mutation[];
}

export type FuzzOperation = RestFuzzOperation | RpcFuzzOperation;

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
}

/** Every operation of every surface, in a stable order. */
export async function everyOperation(): Promise<FuzzOperation[]> {
  const found: FuzzOperation[] = [];
  for (const name of surfaceNames()) {
    const surface = await loadSurface(name);
    if (surface.kind === "rpc") {
      for (const method of surface.spec.methods ?? []) {
        const descriptor = surface.operations[method.name];
        if (descriptor) found.push(rpcOperation(surface, method, descriptor));
      }
      continue;
    }
    for (const [id, descriptor] of Object.entries(surface.operations)) {
      const pathItem = surface.spec.paths?.[descriptor.path];
      const method = descriptor.method.toLowerCase() as Lowercase<typeof descriptor.method>;
      const spec = pathItem?.[method] as OpenApiOperation | undefined;
      const shared = pathItem?.parameters as OpenApiParameter[] | undefined;
      found.push(
        restOperation(surface, id, descriptor, [...(shared ?? []), ...(spec?.parameters ?? [])], spec),
      );
    }
  }
  return found;
}

function objectOf(parameters: OpenApiParameter[]): Schema {
  return {
    type: "object",
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema ?? {}])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

function restOperation(
  surface: CallSurface & { kind: "rest" },
  id: string,
  descriptor: RestOperation,
  parameters: OpenApiParameter[],
  spec: OpenApiOperation | undefined,
): RestFuzzOperation {
  const pathSchema = objectOf(parameters.filter((p) => p.in === "path"));
  const querySchema = objectOf(parameters.filter((p) => p.in === "query"));
  const bodySchema = spec?.requestBody?.content?.["application/json"]?.schema;
  const pathArbitrary = fc.record(
    Object.fromEntries(
      Object.entries(pathSchema.properties ?? {}).map(([name, schema]) => [
        name,
        validValue(schema, { pathSegment: true }).map(String),
      ]),
    ),
  );
  const hasQuery = Object.keys(querySchema.properties ?? {}).length > 0;
  const parts: Record<string, fc.Arbitrary<unknown>> = { path: pathArbitrary };
  if (hasQuery) parts.query = validValue(querySchema);
  if (bodySchema) parts.body = validValue(bodySchema);
  return {
    kind: "rest",
    surface,
    id,
    descriptor,
    valid: fc.record(parts) as fc.Arbitrary<RestInput>,
    breaks(input) {
      const found: Mutation[] = [];
      // The path and query objects are containers the caller builds, not inputs: break their members.
      const lift = (part: "path" | "query" | "body", list: Mutation[]) =>
        list
          .filter((mutation) => part === "body" || mutation.pointer !== `/${part}`)
          .map((mutation) => ({
            ...mutation,
            apply: (whole: unknown) => ({
              ...(whole as RestInput),
              [part]: mutation.apply((whole as RestInput)[part]),
            }),
          }));
      found.push(...lift("path", mutations(pathSchema, input.path ?? {}, "/path")));
      if (hasQuery) found.push(...lift("query", mutations(querySchema, input.query ?? {}, "/query")));
      if (bodySchema) found.push(...lift("body", mutations(bodySchema, input.body, "/body")));
      // A path parameter must always be a real segment, whatever its schema.
      for (const name of Object.keys(pathSchema.properties ?? {})) {
        found.push({
          kind: "pattern",
          pointer: `/path/${name}`,
          apply: (whole) => ({
            ...(whole as RestInput),
            path: { ...(whole as RestInput).path, [name]: ".." },
          }),
        });
      }
      return found;
    },
  };
}

function rpcOperation(
  surface: CallSurface & { kind: "rpc" },
  method: { name: string; params?: { name: string; required?: boolean; schema?: Schema }[] },
  descriptor: RpcMethod,
): RpcFuzzOperation {
  const params = method.params ?? [];
  const required = params.filter((param) => param.required).length;
  const tuple = params.map((param) => validValue(param.schema ?? {}));
  // Every required param, then any number of the optional ones, in order.
  const valid: fc.Arbitrary<unknown[]> = fc
    .integer({ min: required, max: params.length })
    .chain((count) => (count === 0 ? fc.constant<unknown[]>([]) : fc.tuple(...tuple.slice(0, count))));
  return {
    kind: "rpc",
    surface,
    id: method.name,
    descriptor,
    valid,
    breaks(values) {
      const found: Mutation[] = [];
      values.forEach((value, index) => {
        for (const mutation of mutations(params[index]?.schema ?? {}, value, `/params/${index}`)) {
          found.push({
            ...mutation,
            apply: (whole) =>
              (whole as unknown[]).map((item, k) => (k === index ? mutation.apply(item) : item)),
          });
        }
      });
      return found;
    },
  };
}
