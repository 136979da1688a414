import { type CreateMockOptions, createMock, type SpecMock } from "./create-mock.js";

/** A `fetch` answered by a mock of a spec, in process: no port, no socket, no network. */
export interface MockFetch {
  (input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Resolves once the spec is read and its validators generated (the first call waits for it too). */
  ready: Promise<SpecMock>;
}

/**
 * A `fetch` to hand to a generated client (`createPetstoreClient({ baseUrl, fetch })`) in a test:
 * every request is answered by a mock of the spec, in process, as `chainkit mock` answers it over
 * a socket. The URL's origin is ignored; its path, query, headers and body are what the mock reads.
 *
 * @param spec - The spec file.
 * @param options - Seed, state, `$ref` permissions.
 * @returns The fetch; `await mockFetch.ready` to surface a spec error before the first call.
 * @example
 * const mockFetch = createMockFetch("notes.yaml");
 * // Hand it to a generated client: createNotesClient({ fetch: mockFetch }); or call it directly:
 * const answer = await mockFetch("https://notes.example.com/v1/notes/7");
 */
export function createMockFetch(spec: string, options: CreateMockOptions = {}): MockFetch {
  const ready = createMock(spec, options);
  // A spec error surfaces on the first call (or on `ready`), not as an unhandled rejection.
  ready.catch(() => {});
  const mockFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const mock = await ready;
    const request = new Request(input, init);
    const answer = mock.handle({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: request.body ? await request.text() : "",
    });
    const body = answer.status === 204 || answer.status === 304 ? null : (answer.body ?? null);
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
  return Object.assign(mockFetch, { ready });
}
