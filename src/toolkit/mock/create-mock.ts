import { type LoadMockSpecOptions, loadMockSpec } from "./load-mock-spec.js";
import type { MockAnswer } from "./mock-answer.js";
import type { MockRequest } from "./request-checks.js";
import { type MockOptions, RestMock } from "./rest-mock.js";
import { RpcMock } from "./rpc-mock.js";

/** What a mock is made with. */
export interface CreateMockOptions extends MockOptions, LoadMockSpecOptions {}

/** A mock of one spec, answering requests in process. */
export interface SpecMock {
  /** `openapi` or `openrpc`. */
  kind: "openapi" | "openrpc";
  /** The spec's operationIds (OpenAPI) or method names (OpenRPC). */
  operations: string[];
  handle(request: MockRequest): MockAnswer;
}

/**
 * Makes a mock of a spec: generates its validators (as `chainkit generate` does) and answers
 * requests against them.
 *
 * @param spec - The spec file (OpenAPI 3.x or OpenRPC, as the generator reads them).
 * @param options - Seed, state, `$ref` permissions.
 * @returns The mock.
 * @throws {SpecError} When the spec is invalid.
 * @example
 * const mock = await createMock("petstore.yaml", { seed: 7 });
 */
export async function createMock(spec: string, options: CreateMockOptions = {}): Promise<SpecMock> {
  const loaded = await loadMockSpec(spec, options);
  if (loaded.kind === "openrpc") {
    const mock = new RpcMock(loaded.document, loaded.methods, options);
    return {
      kind: "openrpc",
      operations: Object.keys(loaded.methods),
      handle: (request) => mock.handle(request),
    };
  }
  const mock = new RestMock(loaded.document, loaded.operations, options);
  return {
    kind: "openapi",
    operations: Object.keys(loaded.operations),
    handle: (request) => mock.handle(request),
  };
}
