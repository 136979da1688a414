import { describe, expect, it } from "vitest";
import { convertCheckedInt64, convertInt64 } from "../../src/runtime/json/convert-int64.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import { stringifyJson } from "../../src/runtime/json/stringify-json.js";

describe("parseJson", () => {
  it("keeps integers beyond 2^53 exact, as decimal strings", () => {
    const parsed = parseJson(
      '{"total_supply":990000000000000000,"neg":-9007199254740993,"big":123456789012345678901234567890}',
    );
    expect(parsed).toEqual({
      total_supply: "990000000000000000",
      neg: "-9007199254740993",
      big: "123456789012345678901234567890",
    });
  });

  it("handles a bare top-level integer and whitespace after separators", () => {
    expect(parseJson(" 12345678901234567890 ")).toBe("12345678901234567890");
    expect(parseJson('{"a":\n\t 12345678901234567890 ,"b":[ 1,\r\n98765432109876543210]}')).toEqual({
      a: "12345678901234567890",
      b: [1, "98765432109876543210"],
    });
  });

  it("leaves zero-padded hex strings alone (the fast path of EVM answers)", () => {
    const data = `0x${"0".repeat(56)}12345678`;
    expect(parseJson(`{"input":"${data}","n":1}`)).toEqual({ input: data, n: 1 });
  });

  it("leaves safe integers, including the largest, as numbers", () => {
    expect(parseJson("[9007199254740991,-9007199254740991,1234567890123456,0]")).toEqual([
      9007199254740991, -9007199254740991, 1234567890123456, 0,
    ]);
  });

  it("quotes 2^53 itself, which a number cannot tell from 2^53 + 1", () => {
    expect(parseJson("[9007199254740992,9007199254740993]")).toEqual([
      "9007199254740992",
      "9007199254740993",
    ]);
  });

  it("never touches digits inside strings, including escaped quotes", () => {
    const text =
      '{"a":"99999999999999999999","b":"x\\"12345678901234567890\\"","c":"\\\\","d":12345678901234567890}';
    expect(parseJson(text)).toEqual({
      a: "99999999999999999999",
      b: 'x"12345678901234567890"',
      c: "\\",
      d: "12345678901234567890",
    });
  });

  it("leaves fractions and small exponents to JSON.parse, and reads large integral ones exactly", () => {
    expect(
      parseJson("[1.12345678901234567890,12345678901234567890e2,-0.5e-10,12345678901234567890.5]"),
    ).toEqual([1.1234567890123457, "1234567890123456789000", -0.5e-10, 12345678901234567000]);
  });

  it("reads an integer written with a fraction or an exponent exactly (9007199254740993.0, 9.007199254740993e15)", () => {
    expect(
      parseJson(
        "[9007199254740993.0,9.007199254740993e15,-9.007199254740993E+15,900719925474099300e-2,1e400]",
      ),
    ).toEqual([
      "9007199254740993",
      "9007199254740993",
      "-9007199254740993",
      "9007199254740993",
      Number.POSITIVE_INFINITY,
    ]);
    expect(parseJson("[9.007199254740993e15]", { bigint: true })).toEqual([9007199254740993n]);
  });

  it("reads TON logical times sent as strings unchanged", () => {
    expect(parseJson('{"start_lt":"49123456000000001","end_lt":"49123456000000002"}')).toEqual({
      start_lt: "49123456000000001",
      end_lt: "49123456000000002",
    });
  });

  it("gives the same result as JSON.parse on text without long integers", () => {
    const text = JSON.stringify({
      hash: `0x${"12".repeat(32)}`,
      n: [1, 2.5, -3],
      s: "7".repeat(30),
      t: true,
      z: null,
    });
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it("finds an unsafe integer deep inside nesting, after many safe values", () => {
    const safe = Array.from({ length: 500 }, (_, i) => ({ n: i, s: "0x1" }));
    const text = JSON.stringify({ a: safe, b: { c: [[{ d: [1, 2] }]] } }).replace(
      '"d":[1,2]',
      '"d":[1,-18446744073709551615]',
    );
    const parsed = parseJson(text) as { a: unknown[]; b: { c: [[{ d: unknown[] }]] } };
    expect(parsed.b.c[0][0].d).toEqual([1, "-18446744073709551615"]);
    expect(parsed.a).toEqual(safe);
  });

  it("keeps fractions as numbers when they are the only large values, and integers past 400 digits too", () => {
    expect(parseJson('{"a":1e-300,"b":-2.5e-20,"c":9007199254740993.5,"d":1e401}')).toEqual({
      a: 1e-300,
      b: -2.5e-20,
      c: 9007199254740994,
      d: Number.POSITIVE_INFINITY,
    });
  });

  it("handles nesting deeper than the call stack allows", () => {
    const depth = 200_000;
    const nested = `${"[".repeat(depth)}12345678901234567890${"]".repeat(depth)}`;
    let value = parseJson(nested);
    for (let level = 0; level < depth; level++) value = (value as unknown[])[0];
    expect(value).toBe("12345678901234567890");
    let safe = parseJson(`${"[".repeat(depth)}1${"]".repeat(depth)}`);
    for (let level = 0; level < depth; level++) safe = (safe as unknown[])[0];
    expect(safe).toBe(1);
  });

  it("throws SyntaxError on invalid JSON, like JSON.parse", () => {
    expect(() => parseJson("{")).toThrow(SyntaxError);
    expect(() => parseJson('{"a":12345678901234567890')).toThrow(SyntaxError);
  });
});

describe("stringifyJson", () => {
  it("writes bigints as exact integer literals", () => {
    expect(
      stringifyJson({ total_supply: 990000000000000000n, list: [-12345678901234567890n, 1n], s: "x" }),
    ).toBe('{"total_supply":990000000000000000,"list":[-12345678901234567890,1],"s":"x"}');
  });

  it("round-trips through parseJson and convertInt64", () => {
    const text = stringifyJson({ v: 990000000000000000n });
    expect(convertInt64(parseJson(text), [["v"]])).toEqual({ v: 990000000000000000n });
  });

  it("matches JSON.stringify without bigints, and leaves look-alike strings alone", () => {
    const value = { a: 1, b: ["bigint:1", "\u0000bigint:5"], c: { d: null } };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
    expect(stringifyJson({ ...value, n: 2n })).toBe(`${JSON.stringify(value).slice(0, -1)},"n":2}`);
  });

  it("still throws on cycles", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => stringifyJson(cyclic)).toThrow(TypeError);
  });
});

describe("convertInt64", () => {
  it("converts decimal strings and integer numbers at the given paths to bigint", () => {
    const value = parseJson(
      '{"assetIssue":[{"total_supply":990000000000000000,"num":1,"name":"BTT"},{"total_supply":5}],"lt":"49000000000000001"}',
    );
    expect(
      convertInt64(value, [["assetIssue", "*", "total_supply"], ["assetIssue", "*", "num"], ["lt"]]),
    ).toEqual({
      assetIssue: [{ total_supply: 990000000000000000n, num: 1n, name: "BTT" }, { total_supply: 5n }],
      lt: 49000000000000001n,
    });
  });

  it("walks property values with *, converts the root with an empty path, and skips absent or null fields", () => {
    expect(convertInt64({ balances: { a: "1", b: 2 } }, [["balances", "*"]])).toEqual({
      balances: { a: 1n, b: 2n },
    });
    expect(convertInt64("18446744073709551615", [[]])).toBe(18446744073709551615n);
    expect(convertInt64({ x: null, y: "0x10", z: 1.5 }, [["x"], ["y"], ["z"], ["missing", "deep"]])).toEqual({
      x: null,
      y: "0x10",
      z: 1.5,
    });
  });
});

describe("convertCheckedInt64", () => {
  it("converts as convertInt64 does, in the same walk", () => {
    const value = { blocks: [{ n: "990000000000000000" }, { n: 7 }], lt: "5" };
    const { value: converted, inexact } = convertCheckedInt64(value, [["blocks", "*", "n"], ["lt"]], "");
    expect(converted).toEqual({ blocks: [{ n: 990000000000000000n }, { n: 7n }], lt: 5n });
    expect(inexact).toEqual([]);
  });

  it("names each wide integer a number could not hold exactly by its JSON pointer, and leaves it as it is", () => {
    const value = { "a/b": [{ n: 1e30 }, { n: "12" }, { n: 2 ** 60 }], m: { "x~y": 1e21 } };
    const { value: converted, inexact } = convertCheckedInt64(
      value,
      [
        ["a/b", "*", "n"],
        ["m", "*"],
      ],
      "/result",
    );
    const message =
      "is a number too large to be exact; the service must send it as an integer literal or a decimal string";
    expect(inexact).toEqual([
      { pointer: "/result/a~1b/0/n", message },
      { pointer: "/result/a~1b/2/n", message },
      { pointer: "/result/m/x~0y", message },
    ]);
    expect(converted).toEqual({ "a/b": [{ n: 1e30 }, { n: 12n }, { n: 2 ** 60 }], m: { "x~y": 1e21 } });
  });
});

describe("lossless JSON for users (chainkit/wallet, chainkit/indexer)", () => {
  it("exports a writer and a reader that round-trip int64 answers exactly", async () => {
    for (const entry of ["chainkit/wallet", "chainkit/indexer"]) {
      const { parseJson: read, stringifyJson: write } = (await import(entry)) as {
        parseJson: (text: string, options?: { bigint?: boolean }) => unknown;
        stringifyJson: (value: unknown, space?: number) => string;
      };
      const answer = {
        total_supply: 9223372036854775807n,
        precision: 6,
        nested: [{ lt: -9007199254740993n }],
      };
      const text = write(answer);
      expect(text).toBe(
        '{"total_supply":9223372036854775807,"precision":6,"nested":[{"lt":-9007199254740993}]}',
      );
      expect(read(text, { bigint: true })).toEqual(answer);
      expect(read(text)).toEqual({
        total_supply: "9223372036854775807",
        precision: 6,
        nested: [{ lt: "-9007199254740993" }],
      });
      expect(write({ a: 1n }, 2)).toBe('{\n  "a": 1\n}');
    }
  });

  it("leaves strings that look like the bigint mark alone", () => {
    const text = '{"s":"\\u0000bigint:1","n":12345678901234567890}';
    expect(parseJson(text, { bigint: true })).toEqual({ s: "\u0000bigint:1", n: 12345678901234567890n });
  });
});
