/**
 * `npm run generate`: turns the specs in `specs/` into `generated/<surface>/`.
 * `npm run generate -- --check` writes nothing and exits 1 when the output would change (CI drift check).
 */
import { fileURLToPath } from "node:url";
import { runGenerator } from "./run.js";
import { SpecError } from "./spec-error.js";

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--check");
if (unknown.length > 0) {
  console.error(`unknown argument ${unknown.join(" ")}; usage: tsx scripts/generate/main.ts [--check]`);
  process.exit(2);
}
const check = args.includes("--check");
const root = fileURLToPath(new URL("../../", import.meta.url));

try {
  const { changed } = await runGenerator({ root, check });
  if (check && changed.length > 0) {
    console.error(
      `generated output is out of date; run npm run generate. Would change:\n  ${changed.join("\n  ")}`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  if (error instanceof SpecError) {
    console.error(`error: ${error.message}`);
  } else {
    console.error("the generator failed unexpectedly:", error);
  }
  process.exitCode = 1;
}
