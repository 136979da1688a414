// Packs the package (prepack builds it) and installs the tarball into a scratch project, the way a
// user gets it, then checks that `npx chainkit sandbox` starts from that install alone (no optional
// peer), that `npx chainkit generate` works there as documented (check-generate-command.ts), and, with the peers added, that every entry imports, the sandbox serves a client, the published
// types compile under strict settings with skipLibCheck off, publint and arethetypeswrong find
// nothing, and the `chainkit` command works from the install: `npx chainkit sandbox --seed 1
// --port 8500 --json`, then `npx chainkit call` against it. Last, every guide the package ships runs
// in a project of its own holding only chainkit and what the guide's first line names
// (check-guides.ts). Tests run against src/; this is the only check of dist/ and of the shipped guides.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { checkGenerateCommand } from "./check-generate-command.js";
import { checkShippedGuides } from "./check-guides.js";
import { packageEntries } from "./package-entries.js";

const repo = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "chainkit-package-"));

/** The version range of one of the repository's dev dependencies, e.g. `^4.23.15` for tsx. */
function devDependency(name: string): string {
  const manifest = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  const range = manifest.devDependencies[name];
  if (range === undefined) throw new Error(`${name} is not a dev dependency`);
  return range;
}

function run(command: string, args: string[], cwd = scratch): void {
  execFileSync(command, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
}

/** Runs a command in the scratch project and returns its stdout. */
function output(command: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(command, args, {
    cwd: scratch,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  }).toString("utf8");
}

/** The first line the process prints on stdout (the sandbox's --json line). */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const newline = text.indexOf("\n");
      if (newline !== -1) resolve(text.slice(0, newline));
    });
    child.once("exit", (code) =>
      reject(new Error(`chainkit sandbox exited with ${code} before printing its JSON line`)),
    );
  });
}

/** The CLI from the installed tarball: a seeded sandbox on the documented ports, two calls against it. */
async function checkCommand(): Promise<void> {
  const sandbox = spawn("npx", ["chainkit", "sandbox", "--seed", "1", "--port", "8500", "--json"], {
    cwd: scratch,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => sandbox.once("exit", resolve));
  try {
    const summary = JSON.parse(await firstLine(sandbox)) as {
      urls: Record<string, string>;
      env: Record<string, string>;
    };
    if (summary.urls.platform !== "http://127.0.0.1:8500")
      throw new Error(`platform is not on port 8500: ${summary.urls.platform}`);
    if (!/^0x[0-9a-f]{40}$/.test(summary.env.CHAINKIT_EVM_ERC20_ADDRESS ?? ""))
      throw new Error("the sandbox's --json names no CHAINKIT_EVM_ERC20_ADDRESS");
    const head = JSON.parse(
      output("npx", ["chainkit", "call", "evm", "eth_blockNumber", "--json"], summary.env),
    );
    if (!/^0x[0-9a-f]+$/.test(head)) throw new Error(`chainkit call evm eth_blockNumber printed ${head}`);
    const organization = JSON.parse(
      output("npx", ["chainkit", "call", "platform", "getOrganization", "--json"], summary.env),
    );
    if (typeof organization.id !== "string")
      throw new Error("chainkit call platform getOrganization printed no organization");
    const portal = output("npx", ["chainkit", "docs"]).trim();
    if (!existsSync(portal)) throw new Error(`chainkit docs points at ${portal}, which is not there`);
  } finally {
    sandbox.kill("SIGTERM");
    await exited;
  }
}

const smoke = `
import { startSandbox } from "chainkit/sandbox";
import { createWalletClient } from "chainkit/wallet";
for (const entry of ${JSON.stringify([...packageEntries(repo).keys()])}) {
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
import { chainkitActions, chainkitTransport } from "chainkit/viem";
import { createPublicClient } from "viem";
export const viemClient = createPublicClient({ transport: chainkitTransport({ url: "https://node.example", credentials: { token: "t0k3n-0123456789" } }) }).extend(chainkitActions);
export const receipt = viemClient.getVerifiedReceipt({ hash: \`0x\${"0".repeat(64)}\` });
const evm = createEvmClient({ url: "https://node.example", credentials: { token: "t0k3n-0123456789" } });
export const block: Promise<Block | null> = evm.eth_getBlockByHash(\`0x\${"0".repeat(64)}\`, false);
const platform = createPlatformClient({ apiKey: "key-0123456789" });
// @ts-expect-error a provider outside the spec's enum does not compile
platform.createNode({ name: "n", network: "ethereum-mainnet", type: "dedicated", provider: "provider_a", region: "eu3", role: "peer", configuration: {} });
`;

try {
  // prepack builds dist/ (tsc, generated assets, the docs portal) before packing.
  run("npm", ["pack", "--silent", "--pack-destination", scratch], repo);
  const tarball = readdirSync(scratch).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error("npm pack wrote no tarball");
  writeFileSync(
    join(scratch, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  run("npm", ["install", "--silent", "--no-audit", "--no-fund", `./${tarball}`]);
  // The sandbox starts with what `npm install chainkit` brings: no optional peer is installed yet.
  await checkCommand();
  // `npx chainkit generate` as documented, in a project with TypeScript 7 and none of the generator's packages.
  const typescript7 = devDependency("typescript7").replace(/^npm:typescript@/, "");
  await checkGenerateCommand(scratch, typescript7);
  run("npm", ["install", "--silent", "--no-audit", "--no-fund", "@grpc/grpc-js@^1.10.0", "viem@^2.21.0"]);
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
  // The published types compile with the project's TypeScript 7 too.
  run("npx", ["tsc", "-p", "."]);
  run(join(repo, "node_modules/.bin/publint"), ["--strict", "--pack", "false", "node_modules/chainkit"]);
  run(join(repo, "node_modules/.bin/attw"), [tarball, "--profile", "esm-only", "--format", "ascii"]);
  await checkCommand();
  await checkShippedGuides(join(scratch, tarball));
  console.log(
    "package check: every entry imports, the packaged sandbox serves a client, the types compile, publint and attw find nothing, npx chainkit sandbox/call/docs work, every shipped guide runs",
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
