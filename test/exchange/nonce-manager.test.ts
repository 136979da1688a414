import { AbortError, createNonceManager, nonceManagerFor } from "chainkit/exchange";
import { describe, expect, it } from "vitest";

describe("nonce manager", () => {
  it("follows the clock and stays strictly increasing within a millisecond and when the clock steps back", () => {
    const times = [1000, 1000, 1000, 1005, 990, 1010];
    const nonces = createNonceManager(() => times.shift() ?? 0);
    expect(Array.from({ length: 6 }, () => nonces.next())).toEqual([1000, 1001, 1002, 1005, 1006, 1010]);
  });

  it("is shared by every user of the same signer address, whatever its case", () => {
    const address = "0xE5cA49Fb3bD9A581F0D1EF9CB5D7177Da08bf901";
    expect(nonceManagerFor(address)).toBe(nonceManagerFor(address.toLowerCase()));
    expect(nonceManagerFor(address)).not.toBe(nonceManagerFor("0x1719884eb866cb12b2287399b15f7db5e7d775ea"));
    const manager = nonceManagerFor(address);
    const burst = Array.from({ length: 1000 }, () => manager.next());
    expect(new Set(burst).size).toBe(1000);
    expect(burst.every((nonce, index) => index === 0 || nonce > (burst[index - 1] as number))).toBe(true);
  });
});

describe("nonce queue", () => {
  const later = () => new Promise((resolve) => setTimeout(resolve, 1));

  it("runs one task at a time, in call order, each with a larger nonce", async () => {
    const nonces = createNonceManager(() => 1000);
    const events: string[] = [];
    const task = (name: string) => async (nonce: number) => {
      events.push(`start ${name} ${nonce}`);
      await later();
      events.push(`end ${name}`);
      return nonce;
    };
    const results = await Promise.all([nonces.run(task("a")), nonces.run(task("b")), nonces.run(task("c"))]);
    expect(results).toEqual([1000, 1001, 1002]);
    expect(events).toEqual(["start a 1000", "end a", "start b 1001", "end b", "start c 1002", "end c"]);
  });

  it("goes on after a task fails, and the failure reaches only its caller", async () => {
    const nonces = createNonceManager(() => 1000);
    const failing = nonces.run(async () => {
      throw new Error("refused");
    });
    const next = nonces.run(async (nonce) => nonce);
    await expect(failing).rejects.toThrow("refused");
    expect(await next).toBe(1001);
  });

  it("lets a caller abort while waiting its turn, without taking a nonce or blocking the rest", async () => {
    const nonces = createNonceManager(() => 1000);
    let release = () => {};
    const first = nonces.run((nonce) => new Promise<number>((resolve) => (release = () => resolve(nonce))));
    const controller = new AbortController();
    const aborted = nonces.run(async (nonce) => nonce, controller.signal);
    const third = nonces.run(async (nonce) => nonce);
    controller.abort();
    await expect(aborted).rejects.toBeInstanceOf(AbortError);
    release();
    expect(await first).toBe(1000);
    expect(await third).toBe(1001);
    await expect(nonces.run(async (nonce) => nonce, AbortSignal.abort())).rejects.toBeInstanceOf(AbortError);
  });
});
