// Runs every guide the package ships the way a reader does, each in a project of its own that installs
// the packed chainkit and only what the guide's first line names (plus tsx, which runs TypeScript):
// `npx chainkit sandbox --seed 1 --env sandbox.env` from that project, a check that the printout ties
// each signing key to the account it signs for, then
// `node --env-file=sandbox.env --import tsx node_modules/chainkit/examples/<guide>.ts`.
// A guide that imports something its first line does not name fails here, as it would for the reader.
//
// `npm run check:package` runs it on its tarball; `npm run check:guides [-- <tarball>]` runs it alone
// (packing the package first when no tarball is given).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { guideNeeds } from "../examples/guide-needs.js";

const repo = resolve(import.meta.dirname, "../..");
const GUIDE_TIMEOUT_MS = 180_000;
const SANDBOX_START_TIMEOUT_MS = 60_000;

interface Manifest {
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as Manifest;

/** The range a reader installs: chainkit's peer range when it is a peer, else the version tested here. */
function rangeOf(name: string): string {
  const range = manifest.peerDependencies[name] ?? manifest.devDependencies[name];
  if (range === undefined)
    throw new Error(`a guide names ${name}, which chainkit neither has as a peer nor tests`);
  return range;
}

/** The guides in a tarball (`package/examples/*.ts`, support files aside) with their first lines' needs. */
function shippedGuides(tarball: string): { guide: string; needs: string[] }[] {
  const listing = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n");
  const guides = listing.filter((entry) => /^package\/examples\/[^/]+\.ts$/.test(entry)).sort();
  if (guides.length === 0) throw new Error("the package ships no guides in examples/");
  return guides.map((entry) => {
    const source = execFileSync("tar", ["-xzOf", tarball, entry], { encoding: "utf8" });
    return { guide: basename(entry), needs: guideNeeds(entry.replace(/^package\//, ""), source) };
  });
}

/** Lines the process prints on stdout until one matches `last`; rejects when it exits first. */
function printedUntil(child: ChildProcess, last: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(
      () =>
        reject(
          new Error(`chainkit sandbox printed no "${last.source}" within ${SANDBOX_START_TIMEOUT_MS} ms`),
        ),
      SANDBOX_START_TIMEOUT_MS,
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (last.test(text)) {
        clearTimeout(timer);
        resolve(text);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`chainkit sandbox exited with ${code} before its printout ended:\n${text}`));
    });
  });
}

// Run in the guide's project: each key the printout shows must derive the account printed beside it.
const TIE_CHECK = `
import { privateKeySigner as evmSigner } from "chainkit/evm";
import { privateKeySigner as exchangeSigner } from "chainkit/exchange";
import { privateKeySigner as walletSigner } from "chainkit/wallet";
const signers = { evmPrivateKey: evmSigner, exchangePrivateKey: exchangeSigner, walletPrivateKey: walletSigner };
const printout = process.argv[2];
for (const [key, signer] of Object.entries(signers)) {
  const line = printout.split("\\n").find((text) => text.trimStart().startsWith(key + " "));
  const tie = line && /^\\s*\\S+\\s+(\\S+)\\s+signs for (\\w+) (\\S+)$/.exec(line);
  if (!tie) throw new Error("the sandbox printout does not say which account " + key + " signs for: " + line);
  const derived = await signer(tie[1]).getAddress();
  if (derived.toLowerCase() !== tie[3].toLowerCase())
    throw new Error(key + " signs for " + derived + ", but the printout ties it to " + tie[2] + " " + tie[3]);
}
const accounts = printout.split("\\n").find((text) => text.trimStart().startsWith("evmAccounts "));
if (!accounts || !/\\[\\d+\\] is evmAddress, the account of evmPrivateKey/.test(accounts))
  throw new Error("the printout's evmAccounts does not say which of them is evmPrivateKey's: " + accounts);
`;

/** Runs one shipped guide in a fresh project holding the tarball and what the guide names. */
async function checkGuide(tarball: string, guide: string, needs: readonly string[]): Promise<void> {
  const project = mkdtempSync(join(tmpdir(), `chainkit-guide-${guide.replace(/\.ts$/, "")}-`));
  const run = (command: string, args: string[], timeout?: number) =>
    execFileSync(command, args, {
      cwd: project,
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      ...(timeout !== undefined && { timeout }),
    });
  try {
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "guide-reader", private: true, type: "module" }),
    );
    const packages = [tarball, ...needs.map((name) => `${name}@${rangeOf(name)}`), `tsx@${rangeOf("tsx")}`];
    run("npm", ["install", "--silent", "--no-audit", "--no-fund", ...packages]);
    const sandbox = spawn("npx", ["chainkit", "sandbox", "--seed", "1", "--env", "sandbox.env"], {
      cwd: project,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => sandbox.once("exit", resolve));
    try {
      const printout = await printedUntil(sandbox, /Press Ctrl-C to stop\./);
      writeFileSync(join(project, "tie-check.mjs"), TIE_CHECK);
      run("node", ["tie-check.mjs", printout]);
      const started = Date.now();
      run(
        "node",
        ["--env-file=sandbox.env", "--import", "tsx", join("node_modules/chainkit/examples", guide)],
        GUIDE_TIMEOUT_MS,
      );
      const extra = needs.length === 0 ? "chainkit alone" : `chainkit, ${needs.join(", ")}`;
      console.log(`guide check: examples/${guide} ran to the end with ${extra} (${Date.now() - started} ms)`);
    } finally {
      sandbox.kill("SIGTERM");
      await exited;
    }
  } catch (error) {
    const output = error as { stdout?: string; stderr?: string };
    throw new Error(
      `the shipped guide examples/${guide} failed in a project with chainkit${needs.map((name) => `, ${name}`).join("")} and tsx against npx chainkit sandbox --seed 1\n${output.stdout ?? ""}${output.stderr ?? ""}`,
      { cause: error },
    );
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/**
 * Runs every guide the tarball ships, one project each, one after another.
 *
 * @param tarball - The packed package (`npm pack`), an absolute path.
 * @throws {Error} naming the first guide that fails, with its output.
 * @example await checkShippedGuides("/tmp/chainkit-0.1.0.tgz");
 */
export async function checkShippedGuides(tarball: string): Promise<void> {
  for (const { guide, needs } of shippedGuides(tarball)) await checkGuide(tarball, guide, needs);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const given = process.argv[2];
  const scratch = given === undefined ? mkdtempSync(join(tmpdir(), "chainkit-pack-")) : undefined;
  try {
    let tarball = given === undefined ? undefined : resolve(given);
    if (scratch !== undefined) {
      // prepack builds dist/ before packing.
      execFileSync("npm", ["pack", "--silent", "--pack-destination", scratch], {
        cwd: repo,
        stdio: "inherit",
      });
      const name = readdirSync(scratch).find((file) => file.endsWith(".tgz"));
      if (name === undefined) throw new Error("npm pack wrote no tarball");
      tarball = join(scratch, name);
    }
    await checkShippedGuides(tarball as string);
    console.log("guide check: every shipped guide ran with chainkit and what its first line names");
  } finally {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  }
}
