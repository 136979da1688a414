/**
 * Compiles the committed Solidity sources into committed TypeScript artifacts (ABI and creation
 * bytecode), so nothing compiles at sandbox start-up or in a test run: `npm run contracts`.
 *
 * Each folder below holds `*.sol` sources and gets one `artifacts.ts` next to them. The compiler is the
 * `solc` dev dependency (the official compiler built to JavaScript), pinned to the version the sources
 * name, for Cancun (the EVM version HyperEVM runs) with the optimizer on.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import solc from "solc";

const FOLDERS = ["src/sandbox/evm/contracts", "test/fixtures/contracts"];

interface CompiledContract {
  abi: unknown[];
  evm: { bytecode: { object: string } };
}

interface CompilerOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, CompiledContract>>;
}

function compile(folder: string): string {
  const files = readdirSync(folder)
    .filter((file) => file.endsWith(".sol"))
    .sort();
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(
      files.map((file) => [file, { content: readFileSync(join(folder, file), "utf8") }]),
    ),
    settings: {
      evmVersion: "cancun",
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as CompilerOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const lines = [
    `// Compiled from ${folder}/*.sol by scripts/contracts/compile.ts (solc ${solc.version()}, evmVersion`,
    "// cancun, optimizer 200 runs). Do not edit: change the source and run `npm run contracts`.",
    "",
  ];
  for (const file of files) {
    for (const [name, contract] of Object.entries(output.contracts?.[file] ?? {})) {
      lines.push(
        `/** ${name} (${file}): its ABI and creation bytecode. */`,
        `export const ${name[0]?.toLowerCase()}${name.slice(1)} = {`,
        `  abi: ${JSON.stringify(contract.abi)},`,
        `  bytecode: "0x${contract.evm.bytecode.object}",`,
        "} as const;",
        "",
      );
    }
  }
  const target = join(folder, "artifacts.ts");
  writeFileSync(target, lines.join("\n"));
  return target;
}

const written = FOLDERS.map(compile);
// Formatted as the repository formats TypeScript, so a rerun leaves no diff.
execFileSync("npx", ["biome", "format", "--write", ...written], { stdio: "inherit" });
console.log(`wrote ${written.join(", ")}`);
