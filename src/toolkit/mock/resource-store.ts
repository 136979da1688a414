/**
 * The resources a stateful mock holds: per collection path, the items created through it, by id,
 * in the order they were made.
 */
export class ResourceStore {
  readonly #collections = new Map<string, Map<string, Record<string, unknown>>>();
  #nextId = 1;

  /** The items of a collection, oldest first. */
  list(collection: string): Record<string, unknown>[] {
    return [...(this.#collections.get(collection)?.values() ?? [])];
  }

  /** Whether anything was ever written to the collection (an emptied one still answers from its state). */
  touched(collection: string): boolean {
    return this.#collections.has(collection);
  }

  get(collection: string, id: string): Record<string, unknown> | undefined {
    return this.#collections.get(collection)?.get(id);
  }

  has(collection: string, id: string): boolean {
    return this.#collections.get(collection)?.has(id) ?? false;
  }

  put(collection: string, id: string, item: Record<string, unknown>): void {
    let items = this.#collections.get(collection);
    if (!items) {
      items = new Map();
      this.#collections.set(collection, items);
    }
    items.set(id, item);
  }

  /** Removes an item; returns whether it was there. */
  delete(collection: string, id: string): boolean {
    let items = this.#collections.get(collection);
    if (!items) {
      items = new Map();
      this.#collections.set(collection, items);
    }
    return items.delete(id);
  }

  /** A number no item of this store has used as its id, for a created item whose answer has none of its own. */
  freshId(): number {
    return this.#nextId++;
  }
}
