// The public face of exchange signing, as `chainkit/exchange` exports it. The client loads the same
// code on its first action, so the names
// are bound as constants (one file per bound module, under public/) instead of re-exported: a split
// build (esbuild) puts every module that the entry re-exports and that lazy code shares in the
// entry's static imports, even when the app uses none of them, and a module whose binding an app
// uses brings all its imports, so one file per module keeps one name from loading the others. A
// binding no app uses is dropped with its imports; each binding's docs are on what it names.
export type { ActionHashParams, Hex } from "./action-hash.js";
export type { AgentTypedData, TypedData, TypedDataDomain, TypedDataField } from "./eip712.js";
export * from "./public/action-hash.js";
export * from "./public/cloid.js";
export * from "./public/eip712.js";
export * from "./public/sign-l1-action.js";
export * from "./public/signature.js";
export * from "./public/user-signed.js";
export type { SignAgentParams, SignerOrKey, SignL1ActionParams } from "./sign-l1-action.js";
export type { Signature } from "./signature.js";
export type { SignUserSignedActionParams, UserSignedAction, UserSignedType } from "./user-signed.js";
