/**
 * The `format` checks the generated validators carry themselves instead of importing ajv-formats.
 *
 * ajv-formats is one CommonJS module holding every format at once (about 7.7 KB minified, twenty
 * RegExps built when it loads): a validator that checks one `int64` imported all of it, and no
 * bundler can drop the rest. The formats our specs use most are written here, each accepting exactly
 * what ajv-formats' full mode accepts (`test/generate/format-checks.test.ts` holds them to it), and
 * emitted into the surface's helpers module; any other format still comes from ajv-formats.
 *
 * Like the hex pattern engine, each check is kept as text so that ajv's compile step and the
 * generated modules run the same code.
 */
import type { Ajv2020 } from "ajv/dist/2020.js";

/** One format written here: its name in schemas, its helper's name, and the helper's source. */
export interface OwnFormat {
  format: string;
  /** Name of the helper in the generated code: an object with `validate(value)`, as ajv calls it. */
  helper: string;
  /** The JSON type the format applies to; ajv leaves values of other types alone. */
  type: "number" | "string";
  source: string;
}

const INT32 = `/** OpenAPI's int32: an integer that fits in 32 bits, signed. */
const int32Format = { validate: (value) => Number.isInteger(value) && value >= -2147483648 && value <= 2147483647 };`;

// Every JSON integer fits an int64 as a number; beyond 2^53 the lossless parser hands over a string,
// which the integer-format keyword holds to the range.
const INT64 = `/** OpenAPI's int64, for numbers: any integer. */
const int64Format = { validate: (value) => Number.isInteger(value) };`;

const DATE_TIME = `/**
 * RFC 3339 date-time as ajv-formats' full mode reads it: "T", "t" or any white space between date
 * and time, a required offset ("Z", "z", "+hh", "+hhmm" or "+hh:mm"), days checked against the month
 * (leap years included), and second 60 only when the time is 23:59 in UTC.
 */
const DATE_TIME_SHAPE = /^(\\d{4})-(\\d\\d)-(\\d\\d)[t\\s](\\d\\d):(\\d\\d):(\\d\\d(?:\\.\\d+)?)(?:z|([+-])(\\d\\d)(?::?(\\d\\d))?)$/i;
const dateTimeFormat = {
  validate(text) {
    const parts = DATE_TIME_SHAPE.exec(text);
    if (parts === null) return false;
    const year = Number(parts[1]);
    const month = Number(parts[2]);
    const day = Number(parts[3]);
    const leapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    // 31 days in odd months up to July and in even ones from August; February apart.
    const monthDays = month === 2 ? (leapYear ? 29 : 28) : 30 + ((month + (month >> 3)) & 1);
    if (month < 1 || month > 12 || day < 1 || day > monthDays) return false;
    const hour = Number(parts[4]);
    const minute = Number(parts[5]);
    const second = Number(parts[6]);
    const sign = parts[7] === "-" ? -1 : 1;
    const offsetHours = Number(parts[8] ?? 0);
    const offsetMinutes = Number(parts[9] ?? 0);
    if (offsetHours > 23 || offsetMinutes > 59) return false;
    if (hour <= 23 && minute <= 59 && second < 60) return true;
    const utcMinute = minute - sign * offsetMinutes;
    const utcHour = hour - sign * offsetHours - (utcMinute < 0 ? 1 : 0);
    return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
  },
};`;

// RFC 3986 (section 3, appendix A), built from its grammar: a scheme, then an authority after one or two
// slashes (ajv-formats also takes "scheme:/host"), or a path that is absolute or rootless (never
// empty), then an optional query and fragment. A host's IPv4 address is not spelled out: each one is
// also a registered name, so the strings accepted are the same.
const URI = String.raw`/** RFC 3986 URI as ajv-formats reads it: letters in any case, and a path never empty without an authority. */
const uriFormat = (() => {
  const pct = "%[0-9a-f]{2}";
  const plain = "a-z0-9\\-._~!$&'()*+,;=";
  const pchar = "(?:[" + plain + ":@]|" + pct + ")";
  const h16 = "[0-9a-f]{1,4}";
  const octet = "(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)";
  const ls32 = "(?:" + h16 + ":" + h16 + "|(?:" + octet + "\\.){3}" + octet + ")";
  // RFC 3986's nine IPv6 forms: six groups and ls32; then, for n from 5 down to 0 groups between "::"
  // and ls32, at most 4 - n groups (and one more) before "::"; then "::" and one group, or "::" last.
  const ipv6 = ["(?:" + h16 + ":){6}" + ls32, "::(?:" + h16 + ":){5}" + ls32];
  for (let between = 4; between >= 0; between--)
    ipv6.push("(?:(?:" + h16 + ":){0," + (4 - between) + "}" + h16 + ")?::(?:" + h16 + ":){" + between + "}" + ls32);
  ipv6.push("(?:(?:" + h16 + ":){0,5}" + h16 + ")?::" + h16, "(?:(?:" + h16 + ":){0,6}" + h16 + ")?::");
  const future = "v[0-9a-f]+\\.[" + plain + ":]+";
  const host = "(?:\\[(?:" + ipv6.join("|") + "|" + future + ")\\]|(?:[" + plain + "]|" + pct + ")*)";
  const authority = "(?:(?:[" + plain + ":]|" + pct + ")*@)?" + host + "(?::\\d*)?";
  const segments = "(?:/" + pchar + "*)*";
  const hierarchy = "(?:/?/" + authority + segments + "|/(?:" + pchar + "+" + segments + ")?|" + pchar + "+" + segments + ")";
  const rest = "(?:\\?(?:" + pchar + "|[/?])*)?(?:#(?:" + pchar + "|[/?])*)?";
  const shape = new RegExp("^[a-z][a-z0-9+\\-.]*:" + hierarchy + rest + "$", "i");
  return { validate: (text) => shape.test(text) };
})();`;

/** The formats written here, by name. */
export const OWN_FORMATS: readonly OwnFormat[] = [
  { format: "int32", helper: "int32Format", type: "number", source: INT32 },
  { format: "int64", helper: "int64Format", type: "number", source: INT64 },
  { format: "date-time", helper: "dateTimeFormat", type: "string", source: DATE_TIME },
  { format: "uri", helper: "uriFormat", type: "string", source: URI },
];

/** A format's check, built from its source, for ajv's compile step and for tests. */
export function ownFormatCheck(own: OwnFormat): (value: unknown) => boolean {
  const check = new Function(`${own.source}\nreturn ${own.helper};`)() as {
    validate: (value: unknown) => boolean;
  };
  return (value) => check.validate(value);
}

/**
 * Registers the formats written here over ajv-formats' own (call after `addFormats`), so that ajv
 * compiles with the same checks the generated modules run.
 */
export function addOwnFormats(ajv: Ajv2020): void {
  for (const own of OWN_FORMATS) {
    const validate = ownFormatCheck(own);
    ajv.addFormat(
      own.format,
      own.type === "number" ? { type: "number", validate } : { type: "string", validate },
    );
  }
}

/**
 * ajv's bindings of these formats (`const formats0 = require("ajv-formats/dist/formats").fullFormats.int64;`)
 * pointed at the surface's helpers instead; bindings of other formats are left as they are.
 */
export function withOwnFormats(code: string): string {
  return code.replace(
    /^const ([\w$]+) = require\("ajv-formats\/dist\/formats"\)\.fullFormats(?:\.([\w$]+)|\["([^"]+)"\]);$/gm,
    (binding, name: string, dotted: string | undefined, quoted: string | undefined) => {
      const own = OWN_FORMATS.find((candidate) => candidate.format === (dotted ?? quoted));
      return own === undefined ? binding : `const ${name} = ${own.helper};`;
    },
  );
}
