import { createNonceManager, nonceManagerFor } from "chainkit/exchange";
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
