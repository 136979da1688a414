/**
 * `chainkit/mock`: a mock of any spec the generator reads, for a team's own tests and development,
 * in process (`createMockFetch`) or on a port (`serveMock`, the same as `chainkit mock`). It runs
 * the generator, so it needs the generator's packages, as `chainkit generate` does.
 */
export { type CreateMockOptions, createMock, type SpecMock } from "./toolkit/mock/create-mock.js";
export { createMockFetch, type MockFetch } from "./toolkit/mock/create-mock-fetch.js";
export type { MockAnswer } from "./toolkit/mock/mock-answer.js";
export type { MockPreference } from "./toolkit/mock/prefer-header.js";
export type { MockRequest } from "./toolkit/mock/request-checks.js";
export type { MockOptions } from "./toolkit/mock/rest-mock.js";
export { type MockServer, serveMock } from "./toolkit/mock/serve-mock.js";
