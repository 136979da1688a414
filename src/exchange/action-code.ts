// What a client's actions run beyond the client itself, loaded as one module on the first action:
// the input checks, the asset checks (with the /info reader), the transfer and account builders,
// and the two signing schemes. One lazy module instead of five: each import a module shares with
// the public signing names (chainkit/exchange's signL1Action) splits esbuild's shared code into one
// more chunk, and every chunk is one more file for Node to load before the first signature.

export { checksumProblem } from "../runtime/signing/checksum-address.js";
export * from "./account-actions.js";
export * from "./action-inputs.js";
export * from "./asset-checks.js";
export { signL1Action } from "./signing/sign-l1-action.js";
export { signUserSignedAction } from "./signing/user-signed.js";
