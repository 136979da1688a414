import type { WalletOperations } from "../../generated/wallet/client.js";
import type { ConstantCaller, Trc20Contract, Trc20Reads } from "./trc20/trc20-contract.js";
import type { Trc20WriteContext } from "./trc20/trc20-writes.js";

/**
 * A TRC-20 contract whose code loads on first use: the reads load the ABI coder, the writes the
 * checked-write path (secp256k1, the protobuf reader). A client that never touches a token
 * downloads neither.
 *
 * @param address - The token contract, `T…` or `41…`.
 * @param call - Runs one constant call (the client's `triggerConstantContract`).
 * @param writes - The client's operations and fee-limit cap, for `transfer` and `approve`.
 * @example
 * const usdt = wallet.trc20("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"); // nothing loaded yet
 */
export function lazyTrc20(
  address: string,
  call: ConstantCaller,
  writes: { operations: WalletOperations; maxFeeLimit: bigint },
): Trc20Contract {
  let reads: Promise<Trc20Reads> | undefined;
  const read = () => {
    reads ??= import("./trc20/trc20-contract.js").then(({ trc20Contract }) => trc20Contract(call, address));
    return reads;
  };
  const context: Trc20WriteContext = { ...writes, token: address };
  return {
    address,
    name: async () => (await read()).name(),
    symbol: async () => (await read()).symbol(),
    decimals: async () => (await read()).decimals(),
    totalSupply: async () => (await read()).totalSupply(),
    balanceOf: async (owner) => (await read()).balanceOf(owner),
    allowance: async (owner, spender) => (await read()).allowance(owner, spender),
    async transfer(to, amount, signer, options) {
      const { sendTrc20Write } = await import("./trc20/trc20-writes.js");
      return sendTrc20Write(context, "transfer", to, amount, signer, options);
    },
    async approve(spender, amount, signer, options) {
      const { sendTrc20Write } = await import("./trc20/trc20-writes.js");
      return sendTrc20Write(context, "approve", spender, amount, signer, options);
    },
  };
}
