import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { describe, expect, it } from "vitest";
import { walletOperations } from "../../generated/wallet/operations.js";
import { OWN_FORMATS, ownFormatCheck, withOwnFormats } from "../../scripts/generate/format-checks.js";
import { SURFACES } from "../../scripts/generate/surfaces.js";
import type { Validator } from "../../src/runtime/operation.js";
import { repoRoot } from "./support.js";

const assetPageBody = (await walletOperations.getPaginatedAssetIssueList.validators()).body as Validator;

/** ajv-formats' check of a format, whatever shape it has there (an object, a function or a RegExp). */
function theirs(format: string): (value: unknown) => boolean {
  const definition = (fullFormats as Record<string, unknown>)[format];
  if (definition instanceof RegExp) return (value) => definition.test(String(value));
  if (typeof definition === "function") return definition as (value: unknown) => boolean;
  return (definition as { validate: (value: unknown) => boolean }).validate;
}

/** A small seeded generator, so a failure names an input that can be run again. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Date-times near every rule: month lengths, leap years, leap seconds at every offset, separators, offsets. */
function dateTimes(): string[] {
  const found = new Set<string>([
    "",
    "2024-02-29T12:00:00Z",
    "2023-02-29T12:00:00Z",
    "1900-02-29T00:00:00Z",
    "2000-02-29T00:00:00Z",
    "2024-04-31T00:00:00Z",
    "2024-13-01T00:00:00Z",
    "2024-00-10T00:00:00Z",
    "2024-01-00T00:00:00Z",
    "2024-01-01t00:00:00z",
    "2024-01-01 00:00:00Z",
    "2024-01-01\n00:00:00Z",
    "2024-01-01T00:00:00",
    "2024-01-01T00:00:00.123456789+05:30",
    "2024-01-01T00:00:00+0530",
    "2024-01-01T00:00:00+05",
    "2024-01-01T00:00:00+24:00",
    "2024-01-01T00:00:00+23:60",
    "2024-01-01T23:59:60Z",
    "2024-01-01T23:59:60.999Z",
    "2024-01-01T23:59:61Z",
    "2024-01-01T22:59:60Z",
    "2024-01-01T00:59:60+01:00",
    "2024-01-01T23:59:60-00:01",
    "2024-01-01T25:59:60+02:00",
    "2024-01-01T00:00:60+00:01",
    "2024-01-01T24:00:00Z",
    "2024-01-01T12:60:00Z",
    "2024-01-01TT12:00:00Z",
    "2024-01-01T12:00:00Z\n",
    "2024-01-01T12:00:00ZZ",
    "24-01-01T12:00:00Z",
    "2024-1-01T12:00:00Z",
    "２０２４-01-01T12:00:00Z",
    "2024-01-01T12:00:00.Z",
  ]);
  for (let month = 0; month <= 13; month++) {
    for (const day of [0, 1, 28, 29, 30, 31, 32]) {
      for (const year of [1900, 2000, 2023, 2024]) {
        found.add(`${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T08:30:00Z`);
      }
    }
  }
  for (const time of ["23:59:60", "00:59:60", "00:00:60", "23:00:60", "12:59:60", "23:59:59.5", "99:99:99"]) {
    for (const offset of [
      "Z",
      "+00:00",
      "-00:00",
      "+01:00",
      "-01:00",
      "+00:01",
      "-00:59",
      "+23:59",
      "-23:59",
      "+1",
      "",
    ]) {
      found.add(`2024-06-30T${time}${offset}`);
    }
  }
  // Random strings over the characters of a date-time, and valid ones with one character changed.
  const random = seeded(30);
  const alphabet = "0123456789-:.+tTzZ \n";
  const pick = (choices: string | readonly string[]) => choices[Math.floor(random() * choices.length)] ?? "";
  const offsets = ["Z", "z", "+01:00", "-0130", "+05", ".5Z", "", "+24:00"];
  for (let i = 0; i < 4000; i++) {
    const base = `20${pick("0123456789")}${pick("048")}-${pick("01")}${pick("0123456789")}-${pick("0123")}${pick("0123456789")}T${pick("012")}${pick("0123456789")}:${pick("012345")}${pick("0123456789")}:${pick("0123456")}${pick("0123456789")}${pick(offsets)}`;
    found.add(base);
    const at = Math.floor(random() * base.length);
    found.add(`${base.slice(0, at)}${pick(alphabet)}${base.slice(at + 1)}`);
  }
  return [...found];
}

/** URIs of every shape: schemes, authorities (user info, IPv6 in all its forms, IPvFuture, ports), paths, queries, fragments. */
function uris(): string[] {
  const found = new Set<string>([
    "",
    "a:",
    "a:/",
    "a://",
    "a:b",
    "1a:b",
    "a+b-c.d:e",
    "a_b:c",
    "HTTPS://EXAMPLE.COM/A%2FB?C=D#E",
    "https://user:pass@host:8080/p/a/t/h?query=1&x=y#frag",
    "https://host:port/",
    "https://host:/",
    "https://ho st/",
    "https://host/%zz",
    "https://host/%4",
    "https://host/a b",
    "https://host/a\nb",
    "https://host/\u00e9",
    "https://host/?q#f#g",
    "https://host/[x]",
    "https://[v1.abc:def]/",
    "https://[v.abc]/",
    "https://[vff.]/",
    "https://[]/",
    "https://[1.2.3.4]/",
    "https://1.2.3.256/",
    "urn:isbn:0451450523",
    "mailto:someone@example.com",
    "file:///etc/hosts",
    "http:/one-slash",
    "http:///three",
    "wss://nd-123-456-789.p2pify.com/ws/0123abcd",
    "x:/?#",
    "x:?q",
    "x:#f",
    "//host/path",
    "/path/only",
    "relative/path",
  ]);
  const random = seeded(3986);
  const group = () =>
    (Math.floor(random() * 0x1ffff) % 0x10000).toString(16).slice(0, 1 + Math.floor(random() * 5));
  for (let before = 0; before <= 8; before++) {
    for (let after = 0; after <= 8; after++) {
      for (const ipv4 of [false, true]) {
        const head = Array.from({ length: before }, group).join(":");
        const tail = [...Array.from({ length: after }, group), ...(ipv4 ? ["192.168.0.1"] : [])].join(":");
        found.add(`http://[${head}::${tail}]/`);
        found.add(`http://[${[head, tail].filter((part) => part !== "").join(":")}]/`);
      }
    }
  }
  const alphabet = "abcXYZ019-._~!$&'()*+,;=:@/?#[]% \"\u00e9";
  const bases = [...found];
  for (let i = 0; i < 4000; i++) {
    const base = bases[Math.floor(random() * bases.length)] ?? "";
    const at = Math.floor(random() * (base.length + 1));
    const char = alphabet[Math.floor(random() * alphabet.length)] ?? "";
    found.add(`${base.slice(0, at)}${char}${base.slice(at + (random() < 0.5 ? 1 : 0))}`);
  }
  return [...found];
}

const NUMBERS: unknown[] = [
  0,
  -0,
  1,
  -1,
  1.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 64,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e21,
];

describe("format checks written for the generated validators", () => {
  it("accept exactly what ajv-formats accepts", () => {
    let compared = 0;
    for (const own of OWN_FORMATS) {
      const ours = ownFormatCheck(own);
      const reference = theirs(own.format);
      const inputs = own.type === "number" ? NUMBERS : own.format === "uri" ? uris() : dateTimes();
      const disagreements = inputs.filter((input) => ours(input) !== reference(input));
      expect(disagreements, own.format).toEqual([]);
      compared += inputs.length;
    }
    expect(compared).toBeGreaterThan(9000);
  });

  it("point ajv's bindings of these formats at the helpers, and leave the others to ajv-formats", () => {
    const code = [
      'const formats0 = require("ajv-formats/dist/formats").fullFormats.int64;',
      'const formats2 = require("ajv-formats/dist/formats").fullFormats["date-time"];',
      'const formats4 = require("ajv-formats/dist/formats").fullFormats.uri;',
      'const formats6 = require("ajv-formats/dist/formats").fullFormats.email;',
    ].join("\n");
    expect(withOwnFormats(code).split("\n")).toEqual([
      "const formats0 = int64Format;",
      "const formats2 = dateTimeFormat;",
      "const formats4 = uriFormat;",
      'const formats6 = require("ajv-formats/dist/formats").fullFormats.email;',
    ]);
  });

  it("leave ajv-formats out of our five surfaces, whose formats are all written here", async () => {
    for (const { name: surface } of SURFACES) {
      const folder = join(repoRoot, "generated", surface, "validators");
      const files = (await readdir(folder, { recursive: true })).filter((file) => file.endsWith(".js"));
      for (const file of files) {
        expect(await readFile(join(folder, file), "utf8"), `${surface}/${file}`).not.toMatch(
          /from "ajv-formats/,
        );
      }
    }
  });

  it("hold a generated validator's int32 fields to 32 bits", () => {
    expect(assetPageBody({ offset: 0, limit: 2 ** 31 - 1 })).toBe(true);
    expect(assetPageBody({ offset: 2 ** 31, limit: 1 })).toBe(false);
    expect(assetPageBody.errors).toEqual([
      { instancePath: "/offset", keyword: "format", params: { format: "int32" } },
    ]);
  });
});
