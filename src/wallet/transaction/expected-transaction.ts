/**
 * One field of the contract a write asks for: its protobuf field number, its `raw_data` JSON name,
 * what it means (for errors), and the value asked. Addresses are lowercase `41…` hex. A field the
 * protobuf leaves out reads as empty bytes or 0, as the network reads it.
 */
export type ExpectedField = {
  /** The field number in the contract's message. */
  number: number;
  /** The field's name in `raw_data.contract[0].parameter.value`. */
  json: string;
  /** What the field means, e.g. `recipient`. */
  what: string;
} & (
  | { kind: "address"; value: string }
  | { kind: "int64"; value: bigint }
  /** A `ResourceCode` enum (a varint); `raw_data` names it, and leaves `BANDWIDTH` (0) out. */
  | { kind: "resource"; value: ResourceCode }
  /** A bool (a varint 0 or 1); `raw_data` shows `true` and leaves `false` out. */
  | { kind: "bool"; value: boolean }
  /** A TRC-10 token id: the bytes are the id's characters. */
  | { kind: "tokenId"; value: string }
  /** ABI call data (hex): a 4-byte selector, then one 32-byte word per argument, named in `words`. */
  | { kind: "callData"; value: string; words: readonly string[] }
);

/** The resources of Stake 2.0, by their protobuf numbers: bandwidth 0, energy 1, TRON power 2. */
export const RESOURCE_CODES = { BANDWIDTH: 0n, ENERGY: 1n, TRON_POWER: 2n } as const;
export type ResourceCode = keyof typeof RESOURCE_CODES;

/** A transaction as a write asks for it: exactly one contract with these fields, and its fee limit. */
export interface ExpectedTransaction {
  contract: {
    /** The `ContractType` number (1 TransferContract, 2 TransferAssetContract, 31 TriggerSmartContract, 54–58 Stake 2.0). */
    type: bigint;
    /** The contract's message name, e.g. `TriggerSmartContract`. */
    name: string;
    /** Every field the message may set; any other field is refused. */
    fields: readonly ExpectedField[];
  };
  /** The `fee_limit` the transaction must carry (contract calls); absent: it must carry none. */
  feeLimit?: bigint;
}

/** When a check runs and how far ahead the transaction may expire. */
export interface TransferCheckOptions {
  /** Now, Unix milliseconds. */
  now: number;
  /** The latest acceptable expiration, as milliseconds after `now`. */
  maxExpirationMs: number;
}
