/** Why a call or transaction reverted, decoded from its revert data. */
export interface RevertReason {
  /** `"Error"` (a revert string), `"Panic"`, a custom error's name, or `undefined` when not decoded. */
  name: string | undefined;
  /** The error's signature, e.g. `Error(string)` or `InsufficientBalance(uint256,uint256)`. */
  signature: string | undefined;
  /** The decoded arguments: the string, the panic code, or the custom error's arguments. */
  args: unknown;
  /** In words: the revert string, the panic's meaning, the custom error's signature, or what is known. */
  message: string;
  /** The raw revert data (`"0x"` when the contract gave none). */
  data: `0x${string}`;
}
