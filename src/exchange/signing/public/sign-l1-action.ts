// Bound for the entry, one file per module bound: ../index.ts says why.
import { signAgent as signAgentOf, signL1Action as signL1ActionOf } from "../sign-l1-action.js";

/** Signs an agent message (see {@link signAgentOf}). */
export const signAgent = signAgentOf;
/** Signs an L1 action (see {@link signL1ActionOf}). */
export const signL1Action = signL1ActionOf;
