import { describe, expect, it } from "vitest";
import { CALL_HELP } from "../../src/cli/call-command.js";
import { operationHelp } from "../../src/cli/call-help.js";
import { SANDBOX_HELP } from "../../src/cli/sandbox-command.js";
import { loadSurface, parametersOf, surfaceNames } from "../../src/cli/surfaces.js";
import { alignColumns, reflow, wrapWords } from "../../src/cli/text-layout.js";

const WIDTH = 100;
const flat = (text: string) => text.replace(/\s+/g, " ").trim();

/** Lines longer than the width, unless they are one word that cannot be broken. */
function overlong(text: string): string[] {
  return text.split("\n").filter((line) => line.length > WIDTH && /\S\s+\S/.test(line.trim()));
}

describe("text layout", () => {
  it("wraps between words, never inside one", () => {
    expect(wrapWords("one two three four", 9)).toEqual(["one two", "three", "four"]);
    expect(wrapWords("a verylongword b", 4)).toEqual(["a", "verylongword", "b"]);
  });

  it("keeps paragraphs and list items apart, and hangs an item's continuation under its text", () => {
    const text = "Rules:\n1. first rule,\n   hard-wrapped\n2. second\n\nAfter.";
    expect(reflow(text, 14)).toEqual([
      "Rules:",
      "1. first rule,",
      "   hard-wrapped",
      "2. second",
      "",
      "After.",
    ]);
  });

  it("aligns every column, and wraps the last under its start", () => {
    const rows = [
      ["a", "x", "one two three four five six"],
      ["long name", "yy", "five"],
    ];
    expect(alignColumns(rows, { width: 37 })).toEqual([
      "  a          x   one two three four",
      "                 five six",
      "  long name  yy  five",
    ]);
  });
});

describe("chainkit call <surface> <operation> --help", () => {
  it("shows every input's whole description, wrapped between words within 100 columns", async () => {
    for (const name of surfaceNames()) {
      const surface = await loadSurface(name);
      for (const operationId of Object.keys(surface.operations)) {
        const parameters = parametersOf(surface, operationId);
        const help = operationHelp(surface, operationId, parameters);
        expect(overlong(help), `${name} ${operationId}`).toEqual([]);
        for (const parameter of parameters) {
          if (parameter.description) expect(flat(help)).toContain(flat(parameter.description));
        }
      }
    }
  });

  it("aligns the name, place and type columns of every input", async () => {
    for (const name of surfaceNames()) {
      const surface = await loadSurface(name);
      for (const operationId of Object.keys(surface.operations)) {
        const help = operationHelp(surface, operationId, parametersOf(surface, operationId));
        const rows = help
          .split("\n")
          .map((line) => /^ {2}\S+ +(?:path|query|body|param), (?:required|optional) +/.exec(line))
          .filter((match) => match !== null);
        const placeColumns = new Set(rows.map((row) => row[0].search(/(path|query|body|param), /)));
        const typeColumns = new Set(rows.map((row) => row[0].length));
        expect(placeColumns.size, `${name} ${operationId}`).toBeLessThanOrEqual(1);
        expect(typeColumns.size, `${name} ${operationId}`).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe("chainkit call --help and chainkit sandbox --help", () => {
  it.each([
    ["call", CALL_HELP, /^ {2}(CHAINKIT_\S+ +)\S/],
    ["call", CALL_HELP, /^ {2}(--\S+(?: <\S+>)? +)\S/],
    ["sandbox", SANDBOX_HELP, /^ {2}(--\S+(?: <\S+>)? +)\S/],
  ])("%s: every row of a table starts its text in the same column", (_command, help, row) => {
    const starts = new Set(
      help
        .split("\n")
        .map((line) => row.exec(line)?.[1]?.length)
        .filter((start) => start !== undefined),
    );
    expect(starts.size).toBe(1);
    expect(overlong(help)).toEqual([]);
  });
});
