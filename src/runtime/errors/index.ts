// The public face of the runtime's errors, as every entry exports them. The call path (loaded on
// the first call) throws the same classes, so they are bound as constants, one file per class under
// public/, instead of re-exported: a split build (esbuild) puts every module that an entry re-exports
// and that lazy code shares in the entry's static imports, even when the app uses none of them. A
// binding no app uses is dropped with its import; each binding's docs are on the class it names.

export type { ChainkitErrorOptions } from "./chainkit-error.js";
export type { HttpErrorInit, ServiceErrorInfo } from "./http-error.js";
export type { JsonRpcErrorInit } from "./json-rpc-error.js";
export * from "./public/abort-error.js";
export * from "./public/chainkit-error.js";
export * from "./public/configuration-error.js";
export * from "./public/http-error.js";
export * from "./public/json-rpc-error.js";
export * from "./public/missing-peer-error.js";
export * from "./public/network-error.js";
export * from "./public/rate-limit-error.js";
export * from "./public/redirect-refused-error.js";
export * from "./public/request-validation-error.js";
export * from "./public/response-too-large-error.js";
export * from "./public/response-validation-error.js";
export * from "./public/stream-item-error.js";
export * from "./public/timeout-error.js";
export type { RateLimitErrorInit } from "./rate-limit-error.js";
export type { FieldIssue } from "./request-validation-error.js";
