// The proof verifier as the client loads it: with the call path (why: ../evm-call-path.ts). The
// public `getVerifiedProof` imports the verifier itself, so an app using it alone loads no client.
import "../evm-call-path.js";

export { getVerifiedProof } from "../../verify/verified-proof.js";
