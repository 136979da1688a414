/** A TON account address: its workchain and the 32-byte hash of its initial state. */
export interface TonAddress {
  /** `0` for the basechain, `-1` for the masterchain. */
  readonly workchain: number;
  /** The account id, 32 bytes. */
  readonly hash: Uint8Array;
}

/** The written forms of a TON address. */
export type TonAddressForm =
  /** `0:` + 64 hex digits (the indexer's key form; `-1:` on the masterchain). */
  | "raw"
  /** 48 characters of standard base64 (`+` and `/`). */
  | "base64"
  /** 48 characters of URL-safe base64 (`-` and `_`), the form wallets show. */
  | "base64url";

/** A parsed address and what its written form said. */
export interface ParsedTonAddress extends TonAddress {
  /** The form the text was written in. */
  readonly form: TonAddressForm;
  /** From a user-friendly form: bounceable (`EQ…`/`kQ…`) or not (`UQ…`/`0Q…`). Absent for raw. */
  readonly bounceable?: boolean;
  /** From a user-friendly form: whether it was flagged for testnet only (`kQ…`/`0Q…`). Absent for raw. */
  readonly testnet?: boolean;
}

/** How a user-friendly address is written. */
export interface FriendlyAddressOptions {
  /**
   * Bounceable (`EQ…`), the convention for contracts, or non-bounceable (`UQ…`), the convention for
   * wallets and accounts without code. Default: the input's flag when it was user-friendly, else true.
   */
  bounceable?: boolean;
  /** Flag the address as testnet-only (`kQ…`/`0Q…`). Default: the input's flag, else false. */
  testnet?: boolean;
  /** URL-safe base64 (`-`, `_`), the default, or standard base64 (`+`, `/`) when false. */
  urlSafe?: boolean;
}
