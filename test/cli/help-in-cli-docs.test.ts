import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CALL_HELP } from "../../src/cli/call-command.js";
import { CHECK_HELP } from "../../src/cli/check-command.js";
import { DIFF_HELP } from "../../src/cli/diff-command.js";
import { DOCS_HELP } from "../../src/cli/docs-command.js";
import { DRIFT_HELP } from "../../src/cli/drift-command.js";
import { GENERATE_HELP } from "../../src/cli/generate-command.js";
import { MAIN_HELP } from "../../src/cli/main-help.js";
import { MOCK_HELP } from "../../src/cli/mock-command.js";
import { PROXY_HELP } from "../../src/cli/proxy-command.js";
import { SANDBOX_HELP } from "../../src/cli/sandbox-command.js";

const reference = readFileSync(new URL("../../docs/cli.md", import.meta.url), "utf8");

describe("the CLI reference, docs/cli.md", () => {
  it.each([
    ["chainkit --help", MAIN_HELP],
    ["chainkit sandbox --help", SANDBOX_HELP],
    ["chainkit call --help", CALL_HELP],
    ["chainkit docs --help", DOCS_HELP],
    ["chainkit generate --help", GENERATE_HELP],
    ["chainkit mock --help", MOCK_HELP],
    ["chainkit diff --help", DIFF_HELP],
    ["chainkit proxy --help", PROXY_HELP],
    ["chainkit drift --help", DRIFT_HELP],
    ["chainkit check --help", CHECK_HELP],
  ])("shows %s as the command prints it", (_command, help) => {
    expect(reference).toContain(`\`\`\`text\n${help}\n\`\`\``);
  });
});
