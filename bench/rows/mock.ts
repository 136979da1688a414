/**
 * Row "mock": `chainkit mock` next to Stoplight Prism (`prism mock`) on the largest spec of the public
 * corpus (DigitalOcean's, about 1 MB of JSON and 290 operations), each in a process of its own on a
 * real loopback port. Start-up is timed from the spawn to the first answered request; answers per
 * second from the same fixed requests, `CONCURRENCY` in flight at a time, sent to each mock in turn.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { type BenchContext, check } from "../lib/context.js";
import { ROOT } from "../lib/fixtures.js";
import { interleaved, type Sample, summarize } from "../lib/measure.js";
import { type Figure, type RowResult, timed } from "../lib/report.js";

const SPEC = "test/fixtures/spec-corpus/digitalocean.openapi.json";
/** The spec's patterns that can backtrack super-linearly, allowed as its users would allow them. */
const SLOW_PATTERNS: Record<string, string[]> = JSON.parse(
  readFileSync(join(ROOT, "test/fixtures/spec-corpus/slow-patterns.json"), "utf8"),
);
const ALLOWED = (SLOW_PATTERNS["digitalocean.openapi.json"] ?? []).flatMap((pattern) => [
  "--allow-slow-pattern",
  pattern,
]);
const START_TIMEOUT_MS = 300_000;
const CONCURRENCY = 8;
// The spec asks for a bearer token on every operation; Prism refuses a request without one.
const HEADERS = { authorization: "Bearer bench-token", accept: "application/json" };
/** Reads of lists, single resources and account data; both mocks answer each from the spec's examples. */
const REQUESTS = ["/v2/account", "/v2/droplets?per_page=20", "/v2/sizes", "/v2/regions", "/v2/images?page=1"];

interface Contender {
  name: string;
  /** The command that starts the mock on `port`. */
  command(port: number): { file: string; args: string[] };
}

const CONTENDERS: readonly Contender[] = [
  {
    name: "chainkit mock",
    command: (port) => ({
      file: process.execPath,
      args: ["--import", "tsx", "src/cli/main.ts", "mock", SPEC, "--port", String(port), ...ALLOWED],
    }),
  },
  {
    name: "prism mock (@stoplight/prism-cli)",
    command: (port) => ({
      file: join(ROOT, "node_modules/.bin/prism"),
      args: ["mock", "-p", String(port), SPEC],
    }),
  },
];

interface RunningMock {
  url: string;
  child: ChildProcess;
  startMs: number;
  stop(): Promise<void>;
}

/** A port nobody listens on now (the mocks take a port number, and Prism has no "any free port"). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Starts a contender and waits until it answers the first request with 200. */
async function startMock(contender: Contender): Promise<RunningMock> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { file, args } = contender.command(port);
  const started = performance.now();
  const child = spawn(file, args, { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  while (performance.now() - started < START_TIMEOUT_MS) {
    if (child.exitCode !== null)
      throw new Error(`${contender.name} exited with ${child.exitCode}: ${stderr}`);
    const answered = await fetch(`${url}${REQUESTS[0]}`, { headers: HEADERS }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
    if (answered) return { url, child, startMs: performance.now() - started, stop };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await stop();
  throw new Error(`${contender.name} did not answer within ${START_TIMEOUT_MS} ms: ${stderr}`);
}

/** Sends `total` requests (the fixed list, round robin), `CONCURRENCY` in flight; every answer must be 200 JSON. */
async function sendAll(url: string, total: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const path = REQUESTS[next++ % REQUESTS.length] as string;
      const response = await fetch(`${url}${path}`, { headers: HEADERS });
      const body = await response.text();
      if (response.status !== 200)
        throw new Error(`${url}${path} answered ${response.status}: ${body.slice(0, 300)}`);
      JSON.parse(body);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Resident memory of a process (Linux), in MiB; undefined elsewhere. */
function residentMiB(pid: number | undefined): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * Measures the row.
 *
 * @param context - Quick mode: one start each and a few hundred requests.
 */
export async function mock(context: BenchContext): Promise<RowResult> {
  const starts = context.quick ? 1 : 3;
  const startMs: number[][] = CONTENDERS.map(() => []);
  // Every start but the last is timed and stopped; the last one stays up for the answers.
  let running: RunningMock[] = [];
  try {
    for (let round = 0; round < starts; round++) {
      for (const mock of running) await mock.stop();
      running = [];
      for (const [index, contender] of CONTENDERS.entries()) {
        const started = await startMock(contender);
        running.push(started);
        startMs[index]?.push(started.startMs);
      }
    }
    for (const [index, mock] of running.entries()) {
      const body = await fetch(`${mock.url}/v2/droplets?per_page=20`, { headers: HEADERS }).then((r) =>
        r.json(),
      );
      check(Array.isArray(body.droplets), `${CONTENDERS[index]?.name} lists droplets`);
    }
    const ops = context.quick ? 200 : 2000;
    const samples: Sample[] = await interleaved(
      running.map((mock, index) => ({
        name: CONTENDERS[index]?.name ?? "",
        run: (count: number) => sendAll(mock.url, count),
      })),
      context.quick ? { warmups: 1, rounds: 1, ops } : { warmups: 1, rounds: 5, ops },
    );
    const [ours, prism] = samples as [Sample, Sample];
    const startFigures: Figure[] = CONTENDERS.map((contender, index) => {
      const sample = summarize(contender.name, startMs[index] ?? []);
      return { label: contender.name, value: sample.median, low: sample.low, high: sample.high, unit: "ms" };
    });
    const [ourStart, prismStart] = startFigures as [Figure, Figure];
    ourStart.ratio = ourStart.value / prismStart.value;
    prismStart.ratio = 1;
    const ourRate = timed(ours.name, ours, "ops/s");
    const prismRate = timed(prism.name, prism, "ops/s");
    ourRate.ratio = ourRate.value / prismRate.value;
    prismRate.ratio = 1;
    const memory: Figure[] = running.flatMap((mock, index) => {
      const mib = residentMiB(mock.child.pid);
      return mib === undefined ? [] : [{ label: CONTENDERS[index]?.name ?? "", value: mib, unit: "MiB" }];
    });
    const kib = Math.round(statSync(join(ROOT, SPEC)).size / 1024);
    return {
      id: "mock",
      title: "Mock of any spec (chainkit mock, next to Prism)",
      tables: [
        {
          title: `Start-up on ${SPEC} (${kib} KB): spawn to the first answered request (${starts} start${starts === 1 ? "" : "s"} each)`,
          ratioLabel: "÷ Prism",
          figures: startFigures,
          notes: [
            "chainkit runs from its TypeScript sources through tsx here (as `npm run` does in this repository); the installed package skips that compile",
            "chainkit's start-up includes generating and compiling the spec's validators; Prism's, dereferencing the spec",
          ],
        },
        {
          title: `Answers per second: ${ops} GET requests over ${REQUESTS.length} operations, ${CONCURRENCY} in flight, keep-alive`,
          ratioLabel: "× Prism",
          figures: [ourRate, prismRate],
          notes: [
            "the same requests to each mock, in interleaved rounds; every answer checked: status 200 and JSON",
            "chainkit validates each request and each answer against the spec; Prism validates requests",
          ],
        },
        ...(memory.length === 0
          ? []
          : [{ title: "Resident memory of the mock's process after the answers", figures: memory }]),
      ],
    };
  } finally {
    for (const mock of running) await mock.stop();
  }
}
