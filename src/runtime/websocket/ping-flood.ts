/**
 * The most WebSocket pings a node may send within one second. An honest node pings every few seconds
 * at most; a node sending thousands makes the client answer each with a pong, synchronously, while
 * the calls on the connection wait.
 */
export const MAX_PINGS_PER_SECOND = 50;

const WINDOW_MS = 1_000;

/**
 * Counts the pings a connection receives and tells when they amount to a flood: more than
 * {@link MAX_PINGS_PER_SECOND} within one second. Memory is two numbers, whatever the rate.
 *
 * @example
 * const pings = new PingCounter();
 * pings.flooded(Date.now()); // false (one ping)
 */
export class PingCounter {
  #windowStart = 0;
  #count = 0;

  /**
   * Counts one ping.
   *
   * @param now - The time it arrived, in milliseconds.
   * @returns Whether the pings of the current second are a flood.
   */
  flooded(now: number): boolean {
    if (now - this.#windowStart >= WINDOW_MS) {
      this.#windowStart = now;
      this.#count = 0;
    }
    this.#count++;
    return this.#count > MAX_PINGS_PER_SECOND;
  }
}
