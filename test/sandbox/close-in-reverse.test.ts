import { describe, expect, it } from "vitest";
import { closeInReverse } from "../../src/sandbox/close-in-reverse.js";

describe("closeInReverse", () => {
  it("closes last started first and empties the list, so a second close does nothing", async () => {
    const closed: string[] = [];
    const closers = ["chain", "server"].map((name) => async () => {
      closed.push(name);
    });
    await closeInReverse(closers);
    await closeInReverse(closers);
    expect(closed).toEqual(["server", "chain"]);
  });

  it("still closes the rest when one fails, then rethrows the first failure met (the server, closed first)", async () => {
    const closed: string[] = [];
    const closers = [
      async () => {
        closed.push("chain");
      },
      async () => {
        throw new Error("proxy failed");
      },
      async () => {
        throw new Error("server failed");
      },
    ];
    await expect(closeInReverse(closers)).rejects.toThrow("server failed");
    expect(closed).toEqual(["chain"]);
  });
});
