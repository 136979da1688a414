/** `0x`-prefixed hex. */
export type Hex = `0x${string}`;

/** One entry of an EIP-2930 access list: an address and the storage slots the transaction declares. */
export interface EvmAccessListEntry {
  address: Hex;
  storageKeys: readonly Hex[];
}

/**
 * A transaction ready to sign, every field filled in: what `evm.sendTransaction` hands a signer. The
 * shape is viem's (`TransactionSerializable`), so a viem account signs it as it is.
 */
export interface EvmTransactionToSign {
  /** `"legacy"` (type 0x0, EIP-155 replay protection) or `"eip1559"` (type 0x2). */
  type: "legacy" | "eip1559";
  chainId: number;
  nonce: number;
  /** Recipient; left out for a contract creation. */
  to?: Hex;
  /** Wei sent. */
  value: bigint;
  /** Call data, or creation code when `to` is left out (`"0x"` for none). */
  data: Hex;
  /** Gas limit. */
  gas: bigint;
  /** Legacy only: the price per gas, in wei. */
  gasPrice?: bigint;
  /** EIP-1559 only: the most paid per gas, in wei. */
  maxFeePerGas?: bigint;
  /** EIP-1559 only: the tip per gas, in wei (zero on HyperEVM, where tips are burned). */
  maxPriorityFeePerGas?: bigint;
  /** EIP-1559 only: addresses and slots declared up front. */
  accessList?: readonly EvmAccessListEntry[];
}

/** EIP-712 typed data as viem and ethers describe it. */
export interface EvmTypedData {
  domain: Record<string, unknown>;
  types: Record<string, readonly { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

/**
 * Whoever signs EVM transactions: an `address` plus `signTransaction`, which returns the signed
 * transaction serialised (EIP-2718 bytes as hex, what `eth_sendRawTransaction` takes). A viem local
 * account fits as it is; an adapter to a hardware wallet, a KMS or an ethers `Wallet` fits in a few
 * lines. chainkit decodes what comes back and sends it only when it is the transaction it asked for,
 * signed by `address`.
 */
export interface EvmSigner {
  /** The sender's address (any case). */
  readonly address: string;
  /** Signs the transaction; returns its signed serialisation as `0x` hex. */
  signTransaction(transaction: EvmTransactionToSign): Promise<string>;
}
