/**
 * A split reference's pages cannot overwrite each other (issue 45): `chainkit docs`, run as a child
 * process on specs whose tags meet once cut to a file name (`Orders--2` against part 2 of `Orders`,
 * `Or ders` against `Or/ders`, `Orders` against `orders`) and whose names differ only in case, writes
 * every operation on a page of its own tag, and no two files whose names differ only in case.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { tagPageNames } from "../../scripts/docs/page-names.js";

const root = join(import.meta.dirname, "../..");
const work = mkdtempSync(join(tmpdir(), "chainkit-page-names-"));
const out = join(work, "site");

// Enough text that the reference is split and tag `Orders` takes two pages.
const LONG = "A long description of what this operation does. ".repeat(450);

/** Each operation's tag: eight under `Orders`, one under each tag that meets it. */
const OPERATIONS: [string, string][] = [
  ...Array.from({ length: 8 }, (_, at): [string, string] => [`order${at}`, "Orders"]),
  ["partTwo", "Orders--2"],
  ["lower", "orders"],
  ["spaced", "Or ders"],
  ["slashed", "Or/ders"],
  ["spacedAgain", "Or  ders"],
];

function hostileSpec(title: string): object {
  return {
    openapi: "3.1.0",
    info: { title, version: "1.0.0" },
    servers: [{ url: "https://api.example.com" }],
    paths: Object.fromEntries(
      OPERATIONS.map(([id, tag]) => [
        `/${id}`,
        {
          get: {
            operationId: id,
            tags: [tag],
            description: LONG,
            responses: {
              "200": { description: "OK", content: { "application/json": { schema: { type: "string" } } } },
            },
          },
        },
      ]),
    ),
  };
}

beforeAll(async () => {
  writeFileSync(join(work, "petStore.json"), JSON.stringify(hostileSpec("Pet store")));
  writeFileSync(join(work, "petstore.json"), JSON.stringify(hostileSpec("petstore")));
  await promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      join(root, "src/cli/main.ts"),
      "docs",
      join(work, "petStore.json"),
      join(work, "petstore.json"),
      "--out",
      out,
    ],
    { cwd: root },
  );
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("page names", () => {
  test("no two pages share a name, whatever the case", () => {
    const files = readdirSync(out).filter((file) => file.endsWith(".html"));
    const lower = files.map((file) => file.toLowerCase());
    expect(new Set(lower).size).toBe(files.length);
    expect(files).toContain("petStore.html");
    expect(files).toContain("petstore2.html");
  });

  test("every operation is on exactly one page, the page of its tag", () => {
    const files = readdirSync(out).filter((file) => file.endsWith(".html"));
    for (const stem of ["petStore", "petstore2"]) {
      const pages = files.filter((file) => file.startsWith(`${stem}--tag-`));
      for (const [id, tag] of OPERATIONS) {
        const holders = pages.filter((file) =>
          readFileSync(join(out, file), "utf8").includes(`<section class="operation" id="op-${id}"`),
        );
        expect({ id, holders: holders.length }).toEqual({ id, holders: 1 });
        const title = readFileSync(join(out, holders[0] ?? ""), "utf8").match(/<h1>([^<]*)<\/h1>/)?.[1];
        expect(title).toMatch(new RegExp(`: ${tag.replace(/[/]/g, "\\/")}( \\(\\d of \\d\\))?$`));
      }
    }
  });

  test("names are the same from build to build, the first of two tags that meet keeps the plain one", () => {
    const name = tagPageNames("api.html", ["Orders", "orders", "Orders-2", "Orders--2", "日本", "Or/ders"]);
    expect(name("Orders", 1)).toBe("api--tag-Orders--2.html");
    expect(name("orders", 0)).toBe("api--tag-orders-2.html");
    expect(name("Orders-2", 0)).toBe("api--tag-Orders-2-2.html");
    expect(name("Orders--2", 0)).toBe("api--tag-Orders-2-3.html");
    expect(name("日本", 0)).toBe("api--tag-tag.html");
    expect(name("Or/ders", 0)).toBe("api--tag-Or-ders.html");
  });
});
