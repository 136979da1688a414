import { describe, expect, it } from "vitest";
import { mayHoldSecret, redactEveryForm, redactText } from "../../src/runtime/credentials/redact.js";
import { SeededRandom } from "../../src/sandbox/seeded-random.js";

const ALPHABETS = [
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~",
  "0123456789abcdefABCDEF",
  ' "\\/+%:@?#=&\n\t',
  "öé€漢😀",
];

function randomText(random: SeededRandom, alphabets: readonly string[], length: number): string {
  let text = "";
  for (let i = 0; i < length; i++) text += random.pick([...random.pick(alphabets)]);
  return text;
}

/**
 * The secret's bytes (or those of its percent-encoded form) inside 0 to 2 random bytes on either side,
 * base64-encoded in either alphabet, padded or not.
 */
function base64Encoded(random: SeededRandom, secret: string): string {
  const around = () => randomText(random, ALPHABETS, Math.floor(random.next() * 3));
  const form = random.next() < 0.8 ? secret : encodeURIComponent(secret);
  let encoded = Buffer.from(around() + form + around()).toString("base64");
  if (random.next() < 0.5) encoded = encoded.replace(/\+/g, "-").replace(/\//g, "_");
  return random.next() < 0.5 ? encoded : encoded.replace(/=+$/, "");
}

/** One of the forms redactText promises to catch, chosen at random for each character. */
function reencoded(random: SeededRandom, secret: string): string {
  const whole = random.pick(["as is", "upper", "lower", "json", "base64", "each character"]);
  if (whole === "as is") return secret;
  if (whole === "base64") return base64Encoded(random, secret);
  if (whole === "upper") return secret.toUpperCase();
  if (whole === "lower") return secret.toLowerCase();
  if (whole === "json") return JSON.stringify(secret).slice(1, -1);
  let text = "";
  for (const char of secret) {
    const bytes = [...new TextEncoder().encode(char)];
    const form = random.pick(["raw", "percent", "space", "latin1"]);
    if (form === "percent") {
      const encoded = bytes.map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
      text += random.next() < 0.5 ? encoded.toUpperCase() : encoded;
    } else if (form === "space" && char === " ") text += "+";
    else if (form === "latin1" && bytes.length > 1) text += String.fromCharCode(...bytes);
    else text += char;
  }
  return text;
}

describe("redactText searches before it builds a secret's pattern", () => {
  it("gives what matching every form gives, on 20,000 random texts and secrets", () => {
    const random = new SeededRandom(47);
    const next = () => random.next();
    let searchedOnly = 0;
    for (let round = 0; round < 20_000; round++) {
      const secretAlphabets =
        next() < 0.3 ? [ALPHABETS[1] as string] : ALPHABETS.slice(0, 1 + Math.floor(next() * 4));
      const secrets = Array.from(
        { length: 1 + Math.floor(next() * 3) },
        () => (next() < 0.2 ? "0x" : "") + randomText(random, secretAlphabets, 1 + Math.floor(next() * 12)),
      );
      const textAlphabets = next() < 0.6 ? [ALPHABETS[0] as string, "/:."] : ALPHABETS;
      let text = randomText(random, textAlphabets, Math.floor(next() * 40));
      if (next() < 0.5) {
        const at = Math.floor(next() * (text.length + 1));
        text = text.slice(0, at) + reencoded(random, random.pick(secrets)) + text.slice(at);
      }
      const everyForm = redactEveryForm(text, secrets);
      if (!mayHoldSecret(text, secrets)) {
        searchedOnly++;
        expect(everyForm, JSON.stringify({ text, secrets })).toBe(text);
      }
      expect(redactText(text, secrets), JSON.stringify({ text, secrets })).toBe(everyForm);
    }
    // The search settles a good share of the cases by itself, or this test would test nothing.
    expect(searchedOnly).toBeGreaterThan(5_000);
  });

  it("settles a URL or message without a secret by search alone", () => {
    expect(mayHoldSecret("https://nd-123-456-789.p2pify.com/evm", ["s3cr3tToken"])).toBe(false);
    expect(mayHoldSecret("POST https://127.0.0.1:8545/ refused: 401", ["abc", "0xdeadbeef"])).toBe(false);
    expect(mayHoldSecret("", ["abc"])).toBe(false);
  });

  it("sends to the patterns any text that may hold a secret in another form", () => {
    expect(mayHoldSecret("https://host/s3cr3tToken/evm", ["s3cr3tToken"])).toBe(true);
    expect(mayHoldSecret("key DEADBEEF", ["0xdeadbeef".slice(2)])).toBe(true);
    expect(mayHoldSecret("key 0XDEADBEEF", ["0xdeadbeef"])).toBe(true);
    expect(mayHoldSecret("cli/s%33cret", ["s3cret"])).toBe(true);
    expect(mayHoldSecret("pass+word", ["pass word"])).toBe(true);
    expect(mayHoldSecret('say \\"hi\\"', ['say "hi"'])).toBe(true);
    expect(mayHoldSecret("TÃ¶k", ["Tök"])).toBe(true);
    const header = Buffer.from("Bearer s3cr3tToken");
    expect(mayHoldSecret(`seen ${header.toString("base64url")}`, ["s3cr3tToken"])).toBe(true);
    // The 10 characters that a secret of 8 bytes, the shortest allowed, decides alone.
    const alone = Buffer.from("ab12345678").toString("base64").slice(3, 13);
    expect(mayHoldSecret(alone, ["12345678"])).toBe(true);
    // "?" and ">" give forms with "/" (standard alphabet) and "-" (URL-safe), searched for alike.
    expect(mayHoldSecret(`seen ${Buffer.from("ab?de?gh").toString("base64")}.`, ["ab?de?gh"])).toBe(true);
    expect(mayHoldSecret(`seen ${Buffer.from("ab>de>gh").toString("base64url")}.`, ["ab>de>gh"])).toBe(true);
    // Not hex, so not matched in another case by the patterns either.
    expect(mayHoldSecret("https://host/S3CR3TTOKEN", ["s3cr3tToken"])).toBe(false);
    expect(redactEveryForm("https://host/S3CR3TTOKEN", ["s3cr3tToken"])).toBe("https://host/S3CR3TTOKEN");
  });
});
