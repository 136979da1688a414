const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The exchange's nonce rules, per signer: the 100 highest nonces are kept; a new nonce must be
 * unused, larger than the smallest kept one (once 100 are kept), and within (now − 2 days,
 * now + 1 day).
 */
export class NonceWindow {
  readonly #kept = new Map<string, number[]>();
  readonly #now: () => number;
  readonly #size: number;

  /**
   * @param now - The clock in milliseconds.
   * @param size - How many of the highest nonces are kept per signer (100 on the real service).
   */
  constructor(now: () => number, size = 100) {
    this.#now = now;
    this.#size = size;
  }

  /**
   * Takes a nonce for a signer if the rules allow it.
   *
   * @param signer - The signer's lowercase address.
   * @param nonce - The request's nonce.
   * @returns undefined when taken, else the service's message (`Invalid nonce: …`).
   * @example
   * const nonces = new NonceWindow(Date.now);
   * const nonce = Date.now();
   * nonces.take("0xabc…", nonce); // undefined
   * nonces.take("0xabc…", nonce); // "Invalid nonce: duplicate nonce 1754922717871"
   */
  take(signer: string, nonce: number): string | undefined {
    const now = this.#now();
    const lowest = now - 2 * DAY_MS;
    const highest = now + DAY_MS;
    if (nonce >= highest) return `Invalid nonce: nonce too high ${nonce} > ${highest}`;
    if (nonce <= lowest) return `Invalid nonce: nonce too low ${nonce} < ${lowest}`;
    const kept = this.#kept.get(signer) ?? [];
    if (kept.includes(nonce)) return `Invalid nonce: duplicate nonce ${nonce}`;
    const smallest = kept[0];
    if (kept.length >= this.#size && smallest !== undefined && nonce < smallest) {
      return `Invalid nonce: nonce too low ${nonce} < ${smallest}`;
    }
    // Kept ascending; past the limit the smallest drops out.
    const index = kept.findIndex((value) => value > nonce);
    kept.splice(index === -1 ? kept.length : index, 0, nonce);
    if (kept.length > this.#size) kept.shift();
    this.#kept.set(signer, kept);
    return undefined;
  }
}
