// The receipt verifier as the client loads it: with the call path (why: ../evm-call-path.ts).
import "../evm-call-path.js";

export { getVerifiedReceipt } from "../../verify/verified-receipt.js";
