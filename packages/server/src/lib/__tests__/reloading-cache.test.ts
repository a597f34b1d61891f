import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ReloadingCache } from '../reloading-cache';

/** A load whose calls are counted and which answers when released (or at once). */
function counter(answer: (n: number) => Promise<string | undefined> | string | undefined) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    load: async () => answer(++calls),
  };
}

const FRESH = 40;
const MAX_STALE = 400;
const cacheOf = (load: () => Promise<string | undefined>) =>
  new ReloadingCache<string, string>({ max: 10, freshMs: FRESH, maxStaleMs: MAX_STALE, load });

describe('ReloadingCache', () => {
  it('loads a key once however many ask at the same time, and answers it from memory while fresh', async () => {
    const source = counter(async (n) => (await sleep(20), `v${n}`));
    const cache = cacheOf(source.load);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('a', undefined)));
    expect(new Set(answers)).toEqual(new Set(['v1']));
    expect(await cache.get('a', undefined)).toBe('v1');
    expect(source.calls).toBe(1);
  });

  it('answers a just-stale value at once and reloads it once in the background', async () => {
    let release: (() => void) | undefined;
    const reloaded = new Promise<void>((resolve) => (release = resolve));
    const source = counter(async (n) => {
      if (n > 1) await reloaded;
      return `v${n}`;
    });
    const cache = cacheOf(source.load);
    await cache.get('a', undefined);
    await sleep(FRESH + 10);
    // The reload is held back: these reads are answered without it.
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('a', undefined)));
    expect(new Set(answers)).toEqual(new Set(['v1']));
    release?.();
    await sleep(5);
    expect(await cache.get('a', undefined)).toBe('v2');
    expect(source.calls).toBe(2);
  });

  it('does not answer a value older than the stale allowance: the read waits for a new load', async () => {
    const source = counter((n) => `v${n}`);
    const cache = cacheOf(source.load);
    await cache.get('a', undefined);
    await sleep(MAX_STALE + 20);
    expect(await cache.get('a', undefined)).toBe('v2');
  });

  it('drops a deleted key at once: a load still running for it keeps nothing, and its reader loads again', async () => {
    let release: (() => void) | undefined;
    const source = counter(async (n) => {
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      return `v${n}`;
    });
    const cache = cacheOf(source.load);
    const first = cache.get('a', undefined);
    await sleep(5);
    cache.delete('a'); // a change while the first load runs
    expect(await first).toBe('v2');
    release?.();
    await sleep(5);
    expect(await cache.get('a', undefined)).toBe('v2');
    expect(source.calls).toBe(2);
  });

  it('keeps nothing for a key without a value, and asks again next time', async () => {
    const source = counter((n) => (n === 1 ? undefined : `v${n}`));
    const cache = cacheOf(source.load);
    expect(await cache.get('a', undefined)).toBeUndefined();
    expect(await cache.get('a', undefined)).toBe('v2');
  });

  it('a failed load fails its reads; a failed background reload drops the value and the next read loads again', async () => {
    let fail = true;
    const source = counter((n) => (fail ? Promise.reject(new Error(`down ${n}`)) : `v${n}`));
    const cache = cacheOf(source.load);
    await expect(cache.get('a', undefined)).rejects.toThrow('down 1');
    fail = false;
    expect(await cache.get('a', undefined)).toBe('v2');
    fail = true;
    await sleep(FRESH + 10);
    expect(await cache.get('a', undefined)).toBe('v2'); // stale, while its reload fails
    await sleep(10);
    await expect(cache.get('a', undefined)).rejects.toThrow('down 4');
    fail = false;
    expect(await cache.get('a', undefined)).toBe('v5');
  });
});
