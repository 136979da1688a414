import { BinaryReader, BinaryWriter, WireType } from "@bufbuild/protobuf/wire";

/**
 * The two messages of the standard gRPC Health service (`grpc.health.v1`), encoded by hand: each has
 * one field, so a `.proto` file and a loader would weigh more than the code.
 *
 * ```proto
 * message HealthCheckRequest { string service = 1; }
 * message HealthCheckResponse { ServingStatus status = 1; }
 * ```
 */

/** `HealthCheckResponse.ServingStatus`. */
export const ServingStatus = Object.freeze({
  UNKNOWN: 0,
  SERVING: 1,
  NOT_SERVING: 2,
  /** Only `Watch` answers this, for a service the server does not know. */
  SERVICE_UNKNOWN: 3,
});

/** A `ServingStatus` value. */
export type ServingStatus = (typeof ServingStatus)[keyof typeof ServingStatus];

/**
 * Reads a `HealthCheckRequest`; unknown fields are skipped, as protobuf readers do.
 *
 * @throws {Error} when the bytes are not a protobuf message.
 * @example
 * decodeHealthCheckRequest(new Uint8Array()); // { service: "" }: the server as a whole
 */
export function decodeHealthCheckRequest(bytes: Uint8Array): { service: string } {
  const reader = new BinaryReader(bytes);
  let service = "";
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1 && wireType === WireType.LengthDelimited) service = reader.string();
    else reader.skip(wireType);
  }
  return { service };
}

/**
 * Writes a `HealthCheckResponse` (a zero status is left out, as protobuf writes defaults).
 *
 * @example
 * encodeHealthCheckResponse(ServingStatus.SERVING); // Uint8Array [0x08, 0x01]
 */
export function encodeHealthCheckResponse(status: ServingStatus): Uint8Array {
  const writer = new BinaryWriter();
  if (status !== ServingStatus.UNKNOWN) writer.tag(1, WireType.Varint).int32(status);
  return writer.finish();
}

/**
 * Writes a `HealthCheckRequest` (what a client sends; the service definition needs both directions).
 *
 * @example
 * encodeHealthCheckRequest({ service: "" }); // Uint8Array []: the server as a whole
 */
export function encodeHealthCheckRequest(request: { service: string }): Uint8Array {
  const writer = new BinaryWriter();
  if (request.service !== "") writer.tag(1, WireType.LengthDelimited).string(request.service);
  return writer.finish();
}

/**
 * Reads a `HealthCheckResponse`; a missing status is `UNKNOWN` (0), as protobuf reads defaults.
 *
 * @throws {Error} when the bytes are not a protobuf message.
 * @example
 * decodeHealthCheckResponse(Uint8Array.of(0x08, 0x01)); // { status: 1 }: SERVING
 */
export function decodeHealthCheckResponse(bytes: Uint8Array): { status: number } {
  const reader = new BinaryReader(bytes);
  let status = 0;
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1 && wireType === WireType.Varint) status = reader.int32();
    else reader.skip(wireType);
  }
  return { status };
}
