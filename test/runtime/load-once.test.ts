import { describe, expect, it } from "vitest";
import { loadOnce } from "../../src/runtime/load-once.js";

describe("loadOnce (lazy modules on hot paths)", () => {
  it("imports once however many calls ask, together or one after another", async () => {
    let imports = 0;
    const load = loadOnce(async () => {
      imports++;
      return { answer: 42 };
    });
    const together = await Promise.all([load(), load(), load()]);
    const later = await load();
    expect(imports).toBe(1);
    expect(new Set([...together, later]).size).toBe(1);
    expect(later.answer).toBe(42);
  });

  it("does not keep a failed import: the next call tries again", async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts++;
      if (attempts === 1) throw new Error("chunk failed to load");
      return "module";
    });
    await expect(load()).rejects.toThrow("chunk failed to load");
    await expect(load()).resolves.toBe("module");
    await expect(load()).resolves.toBe("module");
    expect(attempts).toBe(2);
  });

  it("loads a real module through import() and hands back its exports", async () => {
    const load = loadOnce(() => import("../../src/runtime/hashing/keccak-256.js"));
    const { keccak256 } = await load();
    expect(keccak256(new Uint8Array(0))[0]).toBe(0xc5);
    expect(await load()).toBe(await load());
  });
});
