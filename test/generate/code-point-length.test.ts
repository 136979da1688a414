import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ucs2length from "ajv/dist/runtime/ucs2length.js";
import { describe, expect, it } from "vitest";
import { CODE_POINT_LENGTH, CODE_POINT_LENGTH_SOURCE } from "../../scripts/generate/code-point-length.js";
import { buildOne, loadOne } from "./support.js";

const codePointLength = new Function(`${CODE_POINT_LENGTH_SOURCE}\nreturn ${CODE_POINT_LENGTH};`)() as (
  text: string,
) => number;
const ajvLength = (ucs2length as unknown as { default: (text: string) => number }).default ?? ucs2length;

const HIGH = "\ud83d";
const LOW = "\ude00";

describe("the string length minLength and maxLength count", () => {
  it("counts a surrogate pair once and a lone surrogate once, as ajv's own counter does", () => {
    const cases = [
      "",
      "abc",
      "😀",
      "a😀b😀",
      HIGH,
      LOW,
      `${HIGH}a`,
      `a${HIGH}`,
      `${LOW}${HIGH}`,
      `${HIGH}${HIGH}${LOW}`,
    ];
    for (const text of cases) expect([text, codePointLength(text)]).toEqual([text, ajvLength(text)]);
  });

  it("agrees with ajv's counter on random strings of surrogates, letters and pairs", () => {
    const pieces = ["a", "é", HIGH, LOW, "😀", "\udbff", "\udc00"];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let round = 0; round < 2000; round++) {
      let text = "";
      for (let piece = next() % 12; piece > 0; piece--) text += pieces[next() % pieces.length];
      expect([text, codePointLength(text)]).toEqual([text, ajvLength(text)]);
    }
  });

  it("holds a generated maxLength to code points, through the helpers module", async () => {
    const built = buildOne({ openapi: "3.1.0" }, { type: "string", maxLength: 2 });
    expect(built.js).not.toContain("ajv/dist/runtime");
    const validate = await loadOne(built);
    expect(validate("😀😀")).toBe(true);
    expect(validate("😀😀a")).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: "maxLength", params: { limit: 2 } });
  });
});

describe("chainkit's generated validators", () => {
  it("import no CommonJS module of ajv's (a bundle would carry its interop code up front)", () => {
    const files = readdirSync("generated", { recursive: true, encoding: "utf8" })
      .filter((file) => /validators\/.*\.js$/.test(file))
      .map((file) => join("generated", file));
    const importing = files.filter((file) => /from "ajv\//.test(readFileSync(file, "utf8")));
    expect(importing).toEqual([]);
  });
});
