import { describe, expect, it } from "vitest";
import { releaseController, takeController } from "../../src/runtime/http/reused-controllers.js";

describe("reused abort controllers", () => {
  it("serves a released controller again, a limited number of times", () => {
    const first = takeController();
    let served = 1;
    for (;;) {
      releaseController(first);
      if (takeController() !== first) break;
      served++;
    }
    expect(served).toBeGreaterThan(1);
    expect(served).toBeLessThanOrEqual(10);
    expect(first.signal.aborted).toBe(false);
  });

  it("never serves a controller whose signal aborted", () => {
    const controller = takeController();
    controller.abort();
    releaseController(controller);
    const next = takeController();
    expect(next).not.toBe(controller);
    expect(next.signal.aborted).toBe(false);
  });
});
