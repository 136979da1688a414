// Bound for the entry, one file per module bound: ../index.ts says why.
import {
  AGENT_DOMAIN_SEPARATOR as AGENT_DOMAIN_SEPARATOR_VALUE,
  AGENT_DOMAIN as AGENT_DOMAIN_VALUE,
  agentDigest as agentDigestOf,
  agentTypedData as agentTypedDataOf,
  hashTypedData as hashTypedDataOf,
} from "../eip712.js";

/** The EIP-712 domain L1 actions are signed under. */
export const AGENT_DOMAIN: typeof AGENT_DOMAIN_VALUE = AGENT_DOMAIN_VALUE;
/** The hash of {@link AGENT_DOMAIN}. */
export const AGENT_DOMAIN_SEPARATOR = AGENT_DOMAIN_SEPARATOR_VALUE;
/** The EIP-712 digest of an agent message (see {@link agentDigestOf}). */
export const agentDigest = agentDigestOf;
/** The typed data an agent signature covers (see {@link agentTypedDataOf}). */
export const agentTypedData = agentTypedDataOf;
/** The EIP-712 digest of flat typed data (see {@link hashTypedDataOf}). */
export const hashTypedData = hashTypedDataOf;
