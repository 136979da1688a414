// Installs the packed package into a scratch project, the way a user gets it, and checks that
// every entry imports, the sandbox serves a client, and the published types compile under strict
// settings with skipLibCheck off. Tests run against src/; this is the only check of dist/.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const repo = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "chainkit-package-"));

function run(command: string, args: string[], cwd = scratch): void {
  execFileSync(command, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
}

const smoke = `
import { startSandbox } from "chainkit/sandbox";
import { createWalletClient } from "chainkit/wallet";
for (const entry of ["platform", "evm", "exchange", "wallet", "indexer", "grpc", "sandbox"]) {
  const exported = Object.keys(await import(\`chainkit/\${entry}\`));
  if (exported.length === 0) throw new Error(\`chainkit/\${entry} exports nothing\`);
}
const sandbox = await startSandbox();
try {
  const wallet = createWalletClient({ url: sandbox.urls.wallet, credentials: { token: sandbox.credentials.nodeToken } });
  const { assetIssue } = await wallet.getAssetIssueListByName({ value: "SEED" });
  if (assetIssue.length === 0) throw new Error("the packaged sandbox found no SEED asset");
} finally {
  await sandbox.close();
}
`;

const typed = `
import { createEvmClient, type Block } from "chainkit/evm";
import { createPlatformClient } from "chainkit/platform";
const evm = createEvmClient({ url: "https://node.example", credentials: { token: "t" } });
export const block: Promise<Block | null> = evm.eth_getBlockByHash(\`0x\${"0".repeat(64)}\`, false);
const platform = createPlatformClient({ apiKey: "k" });
// @ts-expect-error a provider outside the spec's enum does not compile
platform.createNode({ name: "n", network: "ethereum-mainnet", type: "dedicated", provider: "provider_a", region: "eu3", role: "peer", configuration: {} });
`;

try {
  run("npm", ["run", "-s", "build"], repo);
  run("npm", ["pack", "--silent", "--pack-destination", scratch], repo);
  const tarball = readdirSync(scratch).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error("npm pack wrote no tarball");
  writeFileSync(
    join(scratch, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  run("npm", [
    "install",
    "--silent",
    "--no-audit",
    "--no-fund",
    `./${tarball}`,
    "ganache@^7.9.0",
    "@grpc/grpc-js@^1.10.0",
  ]);
  writeFileSync(join(scratch, "smoke.mjs"), smoke);
  run("node", ["smoke.mjs"]);
  writeFileSync(join(scratch, "typed.ts"), typed);
  writeFileSync(
    join(scratch, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "NodeNext",
        moduleResolution: "NodeNext",
        target: "ES2022",
        lib: ["ES2023", "DOM"],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
      },
      files: ["typed.ts"],
    }),
  );
  run(join(repo, "node_modules/.bin/tsc"), ["-p", "."]);
  console.log("package check: every entry imports, the packaged sandbox serves a client, the types compile");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
