import { createHash, randomBytes } from "node:crypto";

/**
 * Where the sandbox takes the bytes of its credentials from. Each credential asks by a label of its
 * own ("api key", "node token", "wallet private key", …): with a seed, the same label always gives
 * the same bytes, so a seeded sandbox hands out the same credentials on every run.
 */
export interface SecretSource {
  /** `length` bytes for `label`: stable per seed and label, random without a seed. */
  bytes(label: string, length: number): Uint8Array;
  /** {@link SecretSource.bytes} as lowercase hex (two characters per byte). */
  hex(label: string, length: number): string;
  /** {@link SecretSource.bytes} as base64url without padding. */
  base64url(label: string, length: number): string;
}

/**
 * A source of credential bytes. With a seed, each label's bytes are SHA-256 of the seed, the label
 * and a block counter, so credentials differ per label and repeat per seed; they are sandbox values,
 * public to anyone who knows the seed. Without a seed, the bytes are random.
 *
 * @param seed - The sandbox's seed, or `undefined` for random credentials.
 * @returns The source.
 * @example
 * const secrets = secretSource(1);
 * secrets.hex("node token", 16) === secretSource(1).hex("node token", 16); // true
 */
export function secretSource(seed: number | undefined): SecretSource {
  const bytes =
    seed === undefined
      ? (_label: string, length: number) => new Uint8Array(randomBytes(length))
      : (label: string, length: number) => seededBytes(seed, label, length);
  return {
    bytes,
    hex: (label, length) => Buffer.from(bytes(label, length)).toString("hex"),
    base64url: (label, length) => Buffer.from(bytes(label, length)).toString("base64url"),
  };
}

function seededBytes(seed: number, label: string, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let block = 0, filled = 0; filled < length; block++) {
    const digest = createHash("sha256").update(`chainkit sandbox|${seed}|${label}|${block}`).digest();
    out.set(digest.subarray(0, Math.min(digest.length, length - filled)), filled);
    filled += digest.length;
  }
  return out;
}
