/**
 * The mock over the public-spec corpus (test/fixtures/spec-corpus): for every operation, a request
 * drawn from its schemas gets an answer that the generated response validators accept, and a request
 * with one deliberately wrong value is refused naming that value's pointer. Counts are printed.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { selectResponse } from "../../../src/runtime/http/select-response.js";
import { parseJson } from "../../../src/runtime/json/parse-json.js";
import { stringifyJson } from "../../../src/runtime/json/stringify-json.js";
import type { RestOperationValidators, RpcMethodValidators } from "../../../src/runtime/operation.js";
import { loadedValidators } from "../../../src/runtime/validation/load-validators.js";
import { SeededRandom } from "../../../src/sandbox/seeded-random.js";
import { loadMockSpec } from "../../../src/toolkit/mock/load-mock-spec.js";
import type { MockAnswer } from "../../../src/toolkit/mock/mock-answer.js";
import { RestMock } from "../../../src/toolkit/mock/rest-mock.js";
import { RpcMock } from "../../../src/toolkit/mock/rpc-mock.js";
import { type SampleSchema, sampleValue } from "../../../src/toolkit/mock/schema-sample.js";
import { jsonMedia, type Loose, SpecDocument } from "../../../src/toolkit/mock/spec-document.js";
import { corpusSlowPatterns } from "../../support/corpus-slow-patterns.js";

const corpus = join(import.meta.dirname, "../../fixtures/spec-corpus");

const SPECS = [
  "platform-openapi.yml",
  "readme-petstore.3.0.yaml",
  "readme-petstore.3.1.yaml",
  "readme-parameters-style.3.0.yaml",
  "readme-response-multiple-mediatypes.3.0.yaml",
  "readme-schema-types.3.0.yaml",
  "readme-api.3.1.yaml",
  "blockfrost.openapi.yaml",
  "petstore-multi-file/openapi.yaml",
  "petstore-openrpc.json",
  "params-by-name-petstore-openrpc.json",
  "simple-math-openrpc.json",
  "link-example-openrpc.json",
  "metamask.openrpc.json",
  "metamask-multichain.openrpc.json",
  "accumulate-openrpc.pattern-fixed.json",
  ...(process.env.CORPUS_LARGE === "1" ? ["digitalocean.openapi.json"] : []),
];

interface Counts {
  operations: number;
  answered: number;
  /** Operations whose drawn request the generated validators refused (the drawing's limit, not the mock's). */
  notDrawn: number;
  /** Operations whose body is not JSON (multipart, bytes): not drawn here. */
  otherMedia: number;
  refusedAtPointer: number;
  wrongValueTried: number;
}

const totals: Counts[] = [];

describe.each(SPECS)("the mock of %s", (name) => {
  it("answers every drawn request validly and refuses a wrong value at its pointer", async () => {
    const loaded = await loadMockSpec(join(corpus, name), { allowSlowPatterns: corpusSlowPatterns(name) });
    const counts =
      loaded.kind === "openapi"
        ? await exerciseRest(loaded.document, loaded.operations)
        : await exerciseRpc(loaded.document, loaded.methods);
    totals.push(counts);
    console.log(`${name}: ${JSON.stringify(counts)}`);
    expect(counts.answered + counts.notDrawn + counts.otherMedia).toBe(counts.operations);
    expect(counts.answered).toBeGreaterThan(0);
    expect(counts.refusedAtPointer).toBe(counts.wrongValueTried);
  }, 300_000);
});

async function exerciseRest(
  root: Record<string, unknown>,
  operations: Readonly<Record<string, import("../../../src/runtime/operation.js").RestOperation>>,
): Promise<Counts> {
  const document = new SpecDocument(root);
  const mock = new RestMock(root, operations, { stateless: true });
  const counts = blank(Object.keys(operations).length);
  for (const operation of Object.values(operations)) {
    const spec = document.operation(operation.path, operation.method);
    const random = new SeededRandom(7);
    const draw = (schema: SampleSchema | undefined) =>
      sampleValue(schema, { random, resolve: document.resolve, direction: "request" });
    const media = jsonMedia(spec.requestBody?.content);
    if (media && !/json/.test(media[0])) {
      counts.otherMedia++;
      continue;
    }
    const pathValues: Record<string, string> = {};
    const query = new URLSearchParams();
    const headers = new Headers();
    for (const parameter of spec.parameters) {
      if (parameter.in === "path") pathValues[parameter.name] = String(draw(parameter.schema));
      else if (parameter.required && parameter.in === "query") {
        const value = draw(parameter.schema);
        for (const item of [value].flat()) query.append(parameter.name, String(item));
      } else if (parameter.required && parameter.in === "header")
        headers.set(parameter.name, String(draw(parameter.schema)));
    }
    const body = media?.[1].schema ? draw(media[1].schema) : undefined;
    if (body !== undefined) headers.set("content-type", "application/json");
    const send = (values: Record<string, string>, sent: unknown) => {
      const path = operation.path.replace(/\{([^}]+)\}/g, (_, key: string) =>
        encodeURIComponent(values[key] ?? "x"),
      );
      return mock.handle({
        method: operation.method,
        url: new URL(`http://127.0.0.1${path}${query.size > 0 ? `?${query}` : ""}`),
        headers,
        body: sent === undefined ? "" : stringifyJson(sent),
      });
    };
    const answer = send(pathValues, body);
    const validators = loadedValidators(operation) as RestOperationValidators;
    if (isRefusal(answer)) counts.notDrawn++;
    else {
      expect(answer.status, `${operation.id}: ${answer.body}`).toBeLessThan(500);
      const key = selectResponse(validators.responses, answer.status);
      expect(key, `${operation.id} answered ${answer.status}`).toBeDefined();
      const validate = validators.responses[key as string]?.validate;
      if (validate)
        expect(validate(parseJson(answer.body ?? "")), `${operation.id}: ${answer.body}`).toBe(true);
      counts.answered++;
    }
    // One wrong value: a JSON body of the wrong type, else an integer path parameter given as text.
    const integerPath = spec.parameters.find(
      (parameter) => parameter.in === "path" && document.follow(parameter.schema)?.type === "integer",
    );
    if (body !== undefined && validators.body && document.follow(media?.[1].schema)?.type === "object") {
      counts.wrongValueTried++;
      const refused = send(pathValues, ["not", "an", "object"]);
      if (isRefusal(refused) && refused.body?.includes("/body")) counts.refusedAtPointer++;
      else console.log(`${operation.id}: a wrong body got ${refused.status} ${refused.body}`);
    } else if (integerPath) {
      counts.wrongValueTried++;
      const refused = send({ ...pathValues, [integerPath.name]: "not-a-number" }, body);
      if (isRefusal(refused) && refused.body?.includes(`/path/${integerPath.name}`))
        counts.refusedAtPointer++;
      else console.log(`${operation.id}: a wrong path value got ${refused.status} ${refused.body}`);
    }
  }
  return counts;
}

async function exerciseRpc(
  root: Record<string, unknown>,
  methods: Readonly<Record<string, import("../../../src/runtime/operation.js").RpcMethod>>,
): Promise<Counts> {
  const document = new SpecDocument(root);
  const mock = new RpcMock(root, methods);
  const counts = blank(Object.keys(methods).length);
  const specs = new Map(
    ((root.methods ?? []) as Loose[]).map((raw) => {
      const method = document.follow(raw) as { name: string; params?: Loose[] };
      return [
        method.name,
        (method.params ?? []).map(
          (param) => document.follow(param) as { required?: boolean; schema?: SampleSchema },
        ),
      ];
    }),
  );
  for (const [name, method] of Object.entries(methods)) {
    const random = new SeededRandom(7);
    const params = (specs.get(method.name) ?? []).map((param) =>
      sampleValue(param.schema, { random, resolve: document.resolve, direction: "request" }),
    );
    const call = (sent: unknown[]) =>
      JSON.parse(
        mock.handle({
          method: "POST",
          url: new URL("http://127.0.0.1/"),
          headers: new Headers({ "content-type": "application/json" }),
          body: stringifyJson({ jsonrpc: "2.0", id: 1, method: method.name, params: sent }),
        }).body ?? "{}",
      ) as { result?: unknown; error?: { code: number; message: string } };
    const answer = call(params);
    const validators = loadedValidators(method) as RpcMethodValidators;
    if (answer.error?.code === -32602) counts.notDrawn++;
    else {
      expect(answer.error, `${name}: ${JSON.stringify(answer.error)}`).toBeUndefined();
      expect(validators.result(answer.result ?? null), name).toBe(true);
      counts.answered++;
    }
    if (params.length > 0) {
      counts.wrongValueTried++;
      // A value no param schema of the corpus takes in the first position: a nested array of nulls.
      const refused = call([[[null]], ...params.slice(1)]);
      if (refused.error?.code === -32602 && refused.error.message.includes("/params/0"))
        counts.refusedAtPointer++;
      else if (refused.error === undefined && validators.params([[[null]], ...params.slice(1)]))
        counts.wrongValueTried--;
      else console.log(`${name}: a wrong param got ${JSON.stringify(refused)}`);
    }
  }
  return counts;
}

function blank(operations: number): Counts {
  return { operations, answered: 0, notDrawn: 0, otherMedia: 0, refusedAtPointer: 0, wrongValueTried: 0 };
}

/** A refusal of the request (the spec's 400/422 shape or problem+json), not an answer. */
function isRefusal(answer: MockAnswer): boolean {
  return answer.status === 400 || answer.status === 422;
}
