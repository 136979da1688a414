/** Fields of a block that are not part of its header. */
const BODY_FIELDS = new Set(["transactions", "uncles", "withdrawals", "size"]);

/** The 8-byte zero nonce every header on this chain carries. */
const ZERO_NONCE = "0x0000000000000000";

/**
 * The header `ots_getHeaderByNumber` answers, taken from the chain's own block: every header field
 * as `eth_getBlockByNumber` gives it (hash included), without the body, with the 8-byte zero nonce.
 *
 * @param block - The block from the node, or `null` when it has no such block.
 * @returns The header, or `null`.
 * @example
 * const { provider } = await createEvmSurface();
 * headerOf((await provider.request({ method: "eth_getBlockByNumber", params: ["0x1", false] })) as Record<string, unknown> | null);
 */
export function headerOf(block: Record<string, unknown> | null): Record<string, unknown> | null {
  if (block === null) return null;
  const header = Object.fromEntries(Object.entries(block).filter(([field]) => !BODY_FIELDS.has(field)));
  return { ...header, nonce: ZERO_NONCE };
}
