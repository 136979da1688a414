/**
 * What runs on a portal page's main thread while it loads, under Lighthouse's mobile CPU slow-down
 * (4×, through the DevTools protocol): the page's long tasks (over 50 ms of wall time), their total,
 * the blocking time after the first paint (the part of each over 50 ms, as Lighthouse's total
 * blocking time adds it up), and the main thread's own CPU time by what it did (parsing, style,
 * layout, paint, each script). Wall times stretch with the machine's load; the CPU time much less,
 * so it is the figure that compares two builds measured one after the other on a shared machine.
 *
 * Run: npx tsx scripts/docs/main-thread-trace.ts <site dir> <page.html>… [--runs N] [--rate 4]
 * Environment: CHROME_PATH (default /usr/bin/chromium).
 */
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { serveSiteFolder } from "./audit-server.js";

/** Lighthouse counts the part of a task over 50 ms as blocking. */
const LONG_TASK_MS = 50;
/** After `load`, how long the page may go on working (idle callbacks, timers) and still be counted. */
const SETTLE_MS = 4000;
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "toplevel",
  "v8",
  "blink.user_timing",
  "loading",
];

/** One Chrome trace event (the fields read here). */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time, which a busy machine stretches far less than the wall-clock `dur`. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string } };
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "1" }, rate: { type: "string", default: "4" } },
});
const [siteDir, ...pages] = positionals;
if (siteDir === undefined || pages.length === 0) {
  console.error("usage: main-thread-trace.ts <site dir> <page.html>… [--runs N] [--rate 4]");
  process.exit(2);
}
const rate = Number(values.rate);
const server = await serveSiteFolder(resolve(siteDir));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  console.log(
    "| page | run | requests | layouts forced by scripts | main thread CPU ms | long tasks | long-task ms | blocking ms after FCP | where the CPU time went (ms) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (let run = 1; run <= Number(values.runs); run += 1) {
    for (const file of pages) console.log(await tracePage(file, run));
  }
} finally {
  await browser.close();
  server.close();
}

/** Loads one page in a fresh phone-sized context and summarises its main thread as a table row. */
async function tracePage(file: string, run: number): Promise<string> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(`${base}${file}`, { waitUntil: "load" });
  await page.waitForTimeout(SETTLE_MS);
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
  await context.close();
  const summary = summarise(trace.traceEvents, `${base}${file}`);
  const spent = [...summary.spent.entries()]
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= 1)
    .map(([what, ms]) => `${what} ${Math.round(ms)}`)
    .join(", ");
  return `| \`${file}\` | ${run} | ${summary.requests} | ${summary.forcedLayouts} | ${Math.round(summary.cpuMs)} | ${summary.longTasks} | ${Math.round(summary.longTaskMs)} | ${Math.round(summary.blockingMs)} | ${spent} |`;
}

/** The page's renderer main thread, its long tasks and what they did. */
function summarise(events: readonly TraceEvent[], url: string) {
  // Every portal page runs site.js: the thread that evaluates it is the page's main thread.
  const siteScript = new URL("site.js", url).href;
  const mainThread = events.find(
    (event) => event.name === "EvaluateScript" && event.args?.data?.url === siteScript,
  );
  if (mainThread === undefined) throw new Error(`site.js did not run on ${url}`);
  const onMain = events.filter(
    (event) =>
      event.pid === mainThread.pid &&
      event.tid === mainThread.tid &&
      event.ph === "X" &&
      event.dur !== undefined,
  );
  const fcp =
    events.find((event) => event.name === "firstContentfulPaint" && event.pid === mainThread.pid)?.ts ?? 0;
  const tasks = topLevel(
    onMain.filter((event) => event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask"),
  );
  const ms = (event: TraceEvent) => (event.dur ?? 0) / 1000;
  const cpuMs = (event: TraceEvent) => (event.tdur ?? event.dur ?? 0) / 1000;
  const long = tasks.filter((task) => ms(task) > LONG_TASK_MS);
  // What the thread's CPU time went to, over every task: the figure two builds compare best by.
  const spent = new Map<string, number>();
  // Counts, unlike times, do not move with the machine's load.
  let forcedLayouts = 0;
  const add = (kind: string, time: number) => spent.set(kind, (spent.get(kind) ?? 0) + time);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter(
      (event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end,
    );
    let accounted = 0;
    for (const event of topLevel(inside.filter((event) => kindOf(event) !== undefined))) {
      // A frame callback (requestAnimationFrame) lays out what the frame would lay out anyway.
      if (kindOf(event)?.startsWith("script ") && event.name !== "FireAnimationFrame")
        forcedLayouts += inside.filter((layout) => forcedBy(layout, event)).length;
      add(kindOf(event) as string, cpuMs(event));
      accounted += cpuMs(event);
    }
    add("other", Math.max(0, cpuMs(task) - accounted));
  }
  return {
    requests: events.filter((event) => event.name === "ResourceSendRequest" && event.pid === mainThread.pid)
      .length,
    forcedLayouts,
    cpuMs: tasks.reduce((sum, task) => sum + cpuMs(task), 0),
    longTasks: long.length,
    longTaskMs: long.reduce((sum, task) => sum + ms(task), 0),
    blockingMs: long.filter((task) => task.ts >= fcp).reduce((sum, task) => sum + ms(task) - LONG_TASK_MS, 0),
    spent,
  };
}

/** A layout that ran inside a script's event: the script read a size and made the browser lay out then. */
function forcedBy(layout: TraceEvent, script: TraceEvent): boolean {
  return (
    layout.name === "Layout" &&
    layout.ts >= script.ts &&
    layout.ts + (layout.dur ?? 0) <= script.ts + (script.dur ?? 0)
  );
}

/** What a trace event is, in the words of the table; undefined for events that only nest others. */
function kindOf(event: TraceEvent): string | undefined {
  const script = event.args?.data?.url?.split("/").pop();
  switch (event.name) {
    case "ParseHTML":
      return "parse HTML";
    case "ParseAuthorStyleSheet":
      return "parse CSS";
    case "UpdateLayoutTree":
    case "RecalculateStyles":
      return "style";
    case "Layout":
      return "layout";
    case "PrePaint":
    case "Paint":
    case "Layerize":
    case "UpdateLayer":
    case "CompositeLayers":
      return "paint";
    case "EvaluateScript":
    case "v8.compile":
    case "v8.compileModule":
    case "FunctionCall":
    case "TimerFire":
    case "FireIdleCallback":
    case "EventDispatch":
    case "FireAnimationFrame":
      return `script ${script === undefined || script === "" ? "(inline or event)" : script}`;
    default:
      return undefined;
  }
}

/** The events not nested in another of the list (the list's outermost ones). */
function topLevel(events: readonly TraceEvent[]): TraceEvent[] {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const outer: TraceEvent[] = [];
  let end = -1;
  for (const event of sorted) {
    if (event.ts >= end) {
      outer.push(event);
      end = event.ts + (event.dur ?? 0);
    }
  }
  return outer;
}
