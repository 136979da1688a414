import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";

/** How a field is read: length-delimited bytes, or a varint read as an int64. */
export type FieldKind = "bytes" | "int64";

/** The fields of one message as read: each known field's values, in order, and the unknown field numbers. */
export interface MessageFields {
  values: Map<number, (Uint8Array | bigint)[]>;
  unknown: number[];
}

const WIRE_TYPE: Record<FieldKind, WireType> = { bytes: WireType.LengthDelimited, int64: WireType.Varint };

/**
 * Reads the top level of a protobuf message with @bufbuild/protobuf's wire reader, knowing only
 * which field numbers hold bytes and which hold varints. Nothing is guessed: a known field with
 * another wire type is an error, unknown fields are listed (and skipped) so the caller can refuse
 * them, and truncated input throws.
 *
 * @param bytes - The message's encoding.
 * @param kinds - Field number to kind.
 * @returns The values by field number and the unknown field numbers.
 * @throws {Error} when the bytes are not a protobuf message or a field has an unexpected wire type.
 * @example
 * readMessageFields(Buffer.from("18c0843d", "hex"), { 1: "bytes", 2: "bytes", 3: "int64" }).values.get(3); // [1000000n]
 */
export function readMessageFields(
  bytes: Uint8Array,
  kinds: Readonly<Record<number, FieldKind>>,
): MessageFields {
  const reader = new BinaryReader(bytes);
  const values = new Map<number, (Uint8Array | bigint)[]>();
  const unknown: number[] = [];
  while (reader.pos < reader.len) {
    const [fieldNo, wireType] = reader.tag();
    const kind = kinds[fieldNo];
    if (kind === undefined) {
      unknown.push(fieldNo);
      reader.skip(wireType, fieldNo);
      continue;
    }
    if (wireType !== WIRE_TYPE[kind]) throw new Error(`field ${fieldNo} has wire type ${wireType}`);
    const value = kind === "bytes" ? reader.bytes() : BigInt(reader.int64());
    const list = values.get(fieldNo);
    if (list) list.push(value);
    else values.set(fieldNo, [value]);
  }
  return { values, unknown };
}
