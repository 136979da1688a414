/** `0x`-prefixed hex. */
export type Hex = `0x${string}`;

/** One entry of an EIP-2930 access list: an address and the storage slots the transaction declares. */
export interface EvmAccessListEntry {
  address: Hex;
  storageKeys: Hex[];
}

/** The fields both transaction types share. */
interface TransactionFields {
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
}

/** A legacy transaction (type 0x0), signed with EIP-155 replay protection. */
export interface EvmLegacyTransaction extends TransactionFields {
  type: "legacy";
  /** The price per gas, in wei. */
  gasPrice: bigint;
}

/** An EIP-1559 transaction (type 0x2). */
export interface EvmEip1559Transaction extends TransactionFields {
  type: "eip1559";
  /** The most paid per gas, in wei. */
  maxFeePerGas: bigint;
  /** The tip per gas, in wei (zero on HyperEVM, where tips are burned). */
  maxPriorityFeePerGas: bigint;
  /** Addresses and slots declared up front. */
  accessList?: EvmAccessListEntry[];
}

/**
 * A transaction ready to sign, every field filled in: what `evm.sendTransaction` hands a signer. The
 * shape is viem's (`TransactionSerializable`), so a viem account signs it as it is.
 */
export type EvmTransactionToSign = EvmLegacyTransaction | EvmEip1559Transaction;

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
