// The header check as a verifying head subscription loads it: with the call path (why:
// ../evm-call-path.ts). The public `verifyBlockHash` imports the check itself, without the client.
import "../evm-call-path.js";

export { verifyBlockHash } from "../../verify/block-hash.js";
