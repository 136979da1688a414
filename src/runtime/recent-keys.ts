/**
 * A set that remembers the last `limit` keys added: enough to tell a repeat of anything delivered
 * lately (trades and fills sent again after a reconnect, a payment a node lists again) without
 * growing for ever.
 *
 * @example
 * const seen = new RecentKeys(2);
 * seen.add("a"); seen.add("b"); seen.add("c");
 * seen.has("a"); // false: forgotten
 */
export class RecentKeys {
  readonly #limit: number;
  readonly #keys = new Set<string>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  has(key: string): boolean {
    return this.#keys.has(key);
  }

  add(key: string): void {
    this.#keys.add(key);
    if (this.#keys.size > this.#limit) this.#keys.delete(this.#keys.values().next().value as string);
  }
}
