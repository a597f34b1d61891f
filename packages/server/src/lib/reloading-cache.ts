import { LRUCache } from 'lru-cache';

export interface ReloadingCacheOptions<K, V, C> {
  max: number;
  /** How long a loaded value is answered as it is. */
  freshMs: number;
  /**
   * Up to this age a value past `freshMs` is still answered at once while it is loaded again in
   * the background; an older one is not answered, the read waits for the load.
   */
  maxStaleMs: number;
  /** Loads a value; undefined when there is none (it is not kept). */
  load: (key: K, context: C) => Promise<V | undefined>;
}

/**
 * Values read from the database on nearly every request (a session's standing, a store's
 * settings and documents), kept per process. However many requests ask at once, a key is loaded
 * once; and a value that has just gone stale is answered while its reload runs. Without both, a
 * busy store sent a burst of the same query every time its entry expired, queued behind its own
 * traffic, and every request of that burst waited for it.
 *
 * A load that fails fails the reads waiting for it; a background reload that fails drops the
 * value, so the next read loads again (and fails while the database does).
 *
 * `delete` drops a key at once (a change made in this process) and discards a load of it that
 * is still running, so the value read before the change is not kept; reads waiting for that load
 * load again.
 */
export class ReloadingCache<K extends string, V extends object | string, C = undefined> {
  // Its fetch context is the caller's C, kept untyped here: lru-cache types a cache without one apart.
  private readonly cache: LRUCache<K, V>;
  private readonly maxStaleMs: number;
  private readonly freshMs: number;
  /** What the loads threw, told apart from lru-cache abandoning a load. */
  private readonly loadErrors = new WeakSet<object>();

  constructor(options: ReloadingCacheOptions<K, V, C>) {
    this.freshMs = options.freshMs;
    this.maxStaleMs = options.maxStaleMs;
    this.cache = new LRUCache<K, V>({
      max: options.max,
      ttl: options.freshMs,
      allowStale: true,
      fetchMethod: (key, _stale, { context }) =>
        options.load(key, context as C).catch((error: unknown) => {
          if (typeof error === 'object' && error !== null) this.loadErrors.add(error);
          throw error;
        }),
    });
  }

  async get(key: K, context: C): Promise<V | undefined> {
    // A value past its fresh time by more than the stale allowance is not answered.
    if (this.cache.getRemainingTTL(key) < this.freshMs - this.maxStaleMs) this.cache.delete(key);
    try {
      return await this.cache.fetch(key, { context });
    } catch (error) {
      if (typeof error === 'object' && error !== null && this.loadErrors.has(error)) throw error;
      // The key was deleted while its load ran (a change made meanwhile), which abandons that
      // load: the read loads again, to see the change.
      return this.cache.fetch(key, { context });
    }
  }

  /** Drops every key (as delete does each). */
  clear(): void {
    this.cache.clear();
  }

  /** Drops every key `matches` accepts (a scan: for rare changes). */
  deleteWhere(matches: (key: K) => boolean): void {
    for (const key of [...this.cache.keys()]) if (matches(key)) this.cache.delete(key);
  }

  delete(key: K): void {
    this.cache.delete(key);
  }
}
