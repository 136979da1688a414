// The documented `npx chainkit generate` in a user's project, from the packed package: the project
// has TypeScript 7 (what `npm install typescript` brings) and an old js-yaml (as other tools bring),
// and nothing of the generator's. The first run installs the generator's pinned packages into a
// fresh cache; the output must compile under strict settings with the project's TypeScript 7 and
// with TypeScript 5.9 (skipLibCheck off, so chainkit's published .d.ts are checked too), and each
// client, compiled by TypeScript 7 and run by node, must work against a local server.
import { execFile, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const repo = resolve(import.meta.dirname, "../..");
const fixtures = join(repo, "test/fixtures/generate-command");

/** Each spec the check generates from, as a user's project holds it, and the folder it writes. */
const SPECS = [
  { spec: "specs/shop/shop.yaml", out: "src/shop", what: "multi-file OpenAPI 3.0" },
  { spec: "specs/math.openrpc.json", out: "src/math", what: "OpenRPC" },
  { spec: "specs/nodes.swagger.yaml", out: "src/nodes", what: "Swagger 2.0" },
  { spec: "specs/feed.openapi.yaml", out: "src/feed", what: "OpenAPI 3.2, a streamed answer and QUERY" },
];

/** Calls each generated client; compiled by the project's TypeScript 7, run by calls-run.mjs. */
const CALLS = `
import { createFeedClient } from "./src/feed/index.js";
import { createMathClient } from "./src/math/index.js";
import { createNodesClient } from "./src/nodes/index.js";
import { createShopClient } from "./src/shop/index.js";

export async function callAll(base: string): Promise<string> {
  const shop = createShopClient({ baseUrl: \`\${base}/v1\` });
  const item = await shop.getItem(7);
  const math = createMathClient({ url: \`\${base}/rpc\` });
  const total: number = await math.sum(2, 3);
  let refused = "";
  try {
    await shop.createItem({ id: 1n, name: "" });
  } catch (error) {
    refused = error instanceof Error ? error.name : String(error);
  }
  const nodes = createNodesClient({ baseUrl: \`\${base}/v2\` });
  const [node] = await nodes.listNodes({ limit: 1 });
  const feed = createFeedClient({ baseUrl: \`\${base}/feed\` });
  const heights: bigint[] = [];
  for await (const block of await feed.exportBlocks()) heights.push(block.height);
  const [found] = await feed.searchBlocks({ minHeight: 2n });
  return JSON.stringify({
    id: String(item.id),
    bigint: typeof item.id === "bigint",
    name: item.name,
    total,
    refused,
    node: String(node?.height),
    streamed: heights.map(String),
    queried: String(found?.height),
  });
}
`;

const RUN_CALLS = `import { callAll } from "./calls.js";
console.log(await callAll(process.argv[2]));
`;

const STRICT = {
  module: "NodeNext",
  moduleResolution: "NodeNext",
  target: "ES2022",
  lib: ["ES2023", "DOM"],
  types: [],
  strict: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  skipLibCheck: false,
};

/**
 * The local service every client calls: the shop's item (an int64 beyond 2^53), JSON-RPC `sum`, the
 * Swagger 2.0 spec's nodes, and the 3.2 feed's JSON Lines stream and QUERY search.
 */
function answer(request: IncomingMessage, response: ServerResponse): void {
  let body = "";
  request.on("data", (chunk: Buffer) => {
    body += chunk.toString("utf8");
  });
  request.on("end", () => {
    response.setHeader("content-type", "application/json");
    if (request.method === "GET" && request.url === "/v1/items/7") {
      response.end('{"id":9007199254740993,"name":"lamp","note":null}');
    } else if (request.method === "POST" && request.url === "/rpc") {
      const call = JSON.parse(body) as { id: number; params: [number, number] };
      response.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result: call.params[0] + call.params[1] }));
    } else if (request.method === "GET" && request.url === "/v2/nodes?limit=1") {
      response.end('[{"id":"n1","height":9007199254740995}]');
    } else if (request.method === "GET" && request.url === "/feed/blocks.jsonl") {
      response.setHeader("content-type", "application/jsonl");
      response.end('{"height":1}\n{"height":9007199254740997}\n');
    } else if (request.method === "QUERY" && request.url === "/feed/blocks" && body === '{"minHeight":2}') {
      response.end('[{"height":9007199254740997}]');
    } else {
      response.statusCode = 404;
      response.end("{}");
    }
  });
}

/**
 * Runs the check in `scratch`, a project where the chainkit tarball is installed and no optional
 * peer. Throws on the first failure.
 *
 * @param typescript7 - The TypeScript 7 version to install in the project, e.g. `7.0.2`.
 */
export async function checkGenerateCommand(scratch: string, typescript7: string): Promise<void> {
  const run = (command: string, args: string[], env: Record<string, string> = {}): string => {
    try {
      return execFileSync(command, args, {
        cwd: scratch,
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "inherit"],
      }).toString("utf8");
    } catch (error) {
      // tsc says what failed on stdout.
      throw new Error(`${command} ${args.join(" ")} failed:\n${(error as { stdout?: Buffer }).stdout ?? ""}`);
    }
  };
  run("npm", [
    "install",
    "--silent",
    "--no-audit",
    "--no-fund",
    "-D",
    `typescript@${typescript7}`,
    "js-yaml@3",
  ]);
  cpSync(fixtures, join(scratch, "specs"), { recursive: true });
  // A fresh cache: the first run installs the generator's packages, as on a new machine.
  const cache = { CHAINKIT_GENERATOR_CACHE: join(scratch, ".chainkit-cache") };
  for (const { spec, out, what } of SPECS) {
    const started = Date.now();
    const said = run("npx", ["chainkit", "generate", spec, "--out", out], cache);
    console.log(
      `package check: npx chainkit generate ${spec} (${what}): ${said.trim()} [${Date.now() - started} ms]`,
    );
  }
  await checkToolkitCommands(run, scratch, cache);
  writeFileSync(join(scratch, "calls.ts"), CALLS);
  writeFileSync(join(scratch, "calls-run.mjs"), RUN_CALLS);
  const include = ["calls.ts", ...SPECS.map(({ out }) => out)];
  writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions: STRICT, include }));
  writeFileSync(
    join(scratch, "tsconfig.noemit.json"),
    JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { noEmit: true } }),
  );
  const version7 = run("npx", ["tsc", "--version"]).trim();
  if (!version7.includes(typescript7))
    throw new Error(`the project's tsc is ${version7}, not ${typescript7}`);
  // TypeScript 5.9, the repository's, type-checks; the project's TypeScript 7 type-checks and emits.
  run(process.execPath, [join(repo, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.noemit.json"]);
  run("npx", ["tsc", "-p", "tsconfig.json"]);
  console.log(`package check: the generated clients compile strictly with TypeScript 5.9 and ${version7}`);
  const server = createServer(answer);
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Asynchronously: the server answers from this process meanwhile.
    const { stdout: got } = await promisify(execFile)(process.execPath, ["calls-run.mjs", base], {
      cwd: scratch,
    });
    const expected = JSON.stringify({
      id: "9007199254740993",
      bigint: true,
      name: "lamp",
      total: 5,
      refused: "RequestValidationError",
      node: "9007199254740995",
      streamed: ["1", "9007199254740997"],
      queried: "9007199254740997",
    });
    if (got.trim() !== expected)
      throw new Error(`the generated clients answered ${got.trim()}, not ${expected}`);
    console.log(`package check: the generated clients called a local server: ${got.trim()}`);
  } finally {
    server.close();
  }
}

/**
 * The toolkit's other commands from the same install, on the generator's packages the first run
 * installed: `diff` of two versions, `docs` building a team's portal (try-it included), and `mock`
 * answering a request as the spec says.
 */
async function checkToolkitCommands(
  run: (command: string, args: string[], env?: Record<string, string>) => string,
  scratch: string,
  cache: Record<string, string>,
): Promise<void> {
  const diff = run("npx", ["chainkit", "diff", "specs/shop/shop.yaml", "specs/shop/shop.yaml"], cache);
  if (!/no changes/i.test(diff)) throw new Error(`chainkit diff of a spec with itself printed: ${diff}`);
  run(
    "npx",
    ["chainkit", "docs", "specs/shop/shop.yaml", "specs/math.openrpc.json", "--out", "portal"],
    cache,
  );
  for (const file of ["index.html", "shop.html", "math.html", "style.css", "try-it/check.js"]) {
    if (!existsSync(join(scratch, "portal", file))) throw new Error(`chainkit docs wrote no portal/${file}`);
  }
  const mock = spawn("npx", ["chainkit", "mock", "specs/shop/shop.yaml", "--port", "0"], {
    cwd: scratch,
    env: { ...process.env, ...cache },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const url = await new Promise<string>((found, failed) => {
      let said = "";
      mock.stdout.on("data", (chunk: Buffer) => {
        said += chunk.toString("utf8");
        const match = /mock of \S+: (http:\/\/\S+)/.exec(said);
        if (match?.[1]) found(match[1]);
      });
      mock.on("exit", (code) => failed(new Error(`chainkit mock exited with ${code}: ${said}`)));
    });
    const answer = (await (await fetch(`${url}/v1/items/7`)).json()) as { id?: unknown };
    if (answer.id !== 7) throw new Error(`chainkit mock answered ${JSON.stringify(answer)}`);
  } finally {
    mock.kill();
  }
  console.log(
    "package check: npx chainkit diff, docs (a team portal with try-it) and mock work from the install",
  );
}
