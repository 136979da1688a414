// One cold start, run by bench/rows/import-time.ts in a fresh `node` process:
//   node child.mjs <kind> <bundle.mjs> <answers.json>
// Reads the canned answers first (not timed), then times import() of the esbuild bundle and the
// first call (validated, through an in-memory fetch), and prints {"load","first","cpu"} in
// milliseconds: cpu is the process's CPU time over both (process.cpuUsage, every thread), which a
// shared machine disturbs less than wall time (bench/cold/rounds.mjs compares it).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [kind, bundle, answersFile] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(answersFile, "utf8"));
const encoder = new TextEncoder();
const headers = { "content-type": "application/json" };

/** Answers JSON-RPC with the block (echoing the id) and REST paths with their canned bodies. */
async function memoryFetch(input, init) {
  const url = typeof input === "string" ? input : input.url;
  const body = typeof init?.body === "string" ? init.body : "";
  if (body.includes('"jsonrpc"')) {
    const id = /"id":\s*(\d+)/.exec(body)?.[1] ?? "null";
    return new Response(encoder.encode(`{"jsonrpc":"2.0","id":${id},"result":${answers.block}}`), {
      headers,
    });
  }
  const match = Object.keys(answers.rest).find((path) => url.includes(path));
  return new Response(encoder.encode(answers.rest[match] ?? "{}"), { headers });
}

const url = "http://127.0.0.1:9";
const credentials = { token: "bench-token" };
const first = {
  evm: (m) =>
    m.createEvmClient({ url, credentials, fetch: memoryFetch }).eth_getBlockByHash(answers.blockHash, true),
  platform: (m) =>
    m.createPlatformClient({ apiKey: "bench-key", baseUrl: url, fetch: memoryFetch }).getOrganization(),
  exchange: (m) =>
    m.signL1Action({ privateKey: answers.privateKey, action: answers.action, nonce: 1, isMainnet: true }),
  wallet: (m) =>
    m.createWalletClient({ url, credentials, fetch: memoryFetch }).getAssetIssueById({ value: "1002000" }),
  indexer: (m) => m.createIndexerClient({ url, credentials, fetch: memoryFetch }).getActions({ limit: 10 }),
  grpc: (m) => m.xTokenInterceptor("bench-token-0123", { target: "127.0.0.1:50051" }),
  "chainkit-viem": (m) =>
    m
      .createPublicClient({ transport: m.chainkitTransport({ url, credentials, fetch: memoryFetch }) })
      .request({ method: "eth_getBlockByHash", params: [answers.blockHash, true] }),
  viem: (m) =>
    m
      .createPublicClient({ transport: m.http(`${url}/evm`, { fetchFn: memoryFetch }) })
      .request({ method: "eth_getBlockByHash", params: [answers.blockHash, true] }),
  nktkas: (m) =>
    m.signL1Action({
      wallet: m.privateKeyToAccount(answers.privateKey),
      action: answers.action,
      nonce: 1,
      isTestnet: false,
    }),
  standalone: (m) => {
    if (!m.eth_getBlockByHashResult(JSON.parse(answers.block))) throw new Error("block rejected");
  },
  ajv: (m) => {
    if (!m.compileBlockValidator()(JSON.parse(answers.block))) throw new Error("block rejected");
  },
}[kind];

// Node loads its fetch implementation (undici) lazily on first use; that cost is the runtime's, not
// the client's, so it is paid before the clock starts. So is the young-generation collection that
// V8 schedules for the garbage of that loading: one turn of the event loop runs it, where it would
// otherwise land on whichever import comes first (2 to 3 ms on this machine, on either side).
await new Response(encoder.encode("{}"), { headers }).text();
await new Promise((resolve) => setTimeout(resolve, 20));

const cpuBefore = process.cpuUsage();
const start = performance.now();
const module = await import(pathToFileURL(bundle).href);
const loaded = performance.now();
const result = await first(module);
const done = performance.now();
if (result === undefined && kind !== "standalone" && kind !== "ajv") throw new Error(`${kind}: no result`);
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(
  JSON.stringify({ load: loaded - start, first: done - loaded, cpu: (cpu.user + cpu.system) / 1000 }),
);
