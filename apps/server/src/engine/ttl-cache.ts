/**
 * A small in-process cache with a time-to-live and a size cap. Entries are
 * hints that save queries on the hot ping path; whatever must be exact is
 * re-checked by the query that uses it.
 */
export class TtlCache<K, V> {
  private readonly map = new Map<K, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V, now = Date.now()) {
    // re-insert so that Map order approximates least recently written first
    this.map.delete(key);
    this.map.set(key, { value, expires: now + this.ttlMs });
    if (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }

  delete(key: K) {
    this.map.delete(key);
  }

  /** Drops every entry whose key matches, e.g. all days of one student. */
  deleteWhere(match: (key: K, value: V) => boolean) {
    for (const [key, hit] of [...this.map.entries()]) if (match(key, hit.value)) this.map.delete(key);
  }

  clear() {
    this.map.clear();
  }
}
