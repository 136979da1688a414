import { describe, expect, it } from "vitest";
import { signalStopper } from "../../src/sandbox/stop-on-signal.js";

function recorder() {
  const lines: string[] = [];
  const exits: number[] = [];
  let exited!: () => void;
  const exitedOnce = new Promise<void>((resolve) => {
    exited = resolve;
  });
  const io = {
    log: (line: string) => lines.push(line),
    error: (line: string) => lines.push(line),
    exit: (code: number) => {
      exits.push(code);
      exited();
    },
  };
  return { io, lines, exits, exitedOnce };
}

describe("signalStopper", () => {
  it("closes once and exits 0 when closing succeeds", async () => {
    const { io, lines, exits, exitedOnce } = recorder();
    let closes = 0;
    signalStopper(async () => {
      closes++;
    }, io)("SIGTERM");
    await exitedOnce;
    expect(closes).toBe(1);
    expect(exits).toEqual([0]);
    expect(lines.join("\n")).toContain("sandbox stopped");
  });

  it("exits 1 naming the failure when closing fails", async () => {
    const { io, lines, exits, exitedOnce } = recorder();
    signalStopper(() => Promise.reject(new Error("port stuck")), io)("SIGINT");
    await exitedOnce;
    expect(exits).toEqual([1]);
    expect(lines.join("\n")).toContain("port stuck");
  });

  it("a second signal while a close hangs exits 130 at once instead of being ignored", () => {
    const { io, exits } = recorder();
    let closes = 0;
    const stop = signalStopper(() => {
      closes++;
      return new Promise<void>(() => {});
    }, io);
    stop("SIGINT");
    expect(exits).toEqual([]);
    stop("SIGINT");
    expect(exits).toEqual([130]);
    expect(closes).toBe(1);
  });
});
