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
  /** A TRC-10 token id: the bytes are the id's characters. */
  | { kind: "tokenId"; value: string }
  /** ABI call data (hex): a 4-byte selector, then one 32-byte word per argument, named in `words`. */
  | { kind: "callData"; value: string; words: readonly string[] }
);

/** A transaction as a write asks for it: exactly one contract with these fields, and its fee limit. */
export interface ExpectedTransaction {
  contract: {
    /** The `ContractType` number (1 TransferContract, 2 TransferAssetContract, 31 TriggerSmartContract). */
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
