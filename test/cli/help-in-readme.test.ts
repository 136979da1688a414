import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CALL_HELP } from "../../src/cli/call-command.js";
import { DOCS_HELP } from "../../src/cli/docs-command.js";
import { MAIN_HELP } from "../../src/cli/main-help.js";
import { SANDBOX_HELP } from "../../src/cli/sandbox-command.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("the README", () => {
  it.each([
    ["chainkit --help", MAIN_HELP],
    ["chainkit sandbox --help", SANDBOX_HELP],
    ["chainkit call --help", CALL_HELP],
    ["chainkit docs --help", DOCS_HELP],
  ])("shows %s as the command prints it", (_command, help) => {
    expect(readme).toContain(`\`\`\`text\n${help}\n\`\`\``);
  });
});
