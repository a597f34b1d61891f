import { describe, expect, it } from 'vitest';
import { MAX_ID, ZId, ZIdText } from '../common';
import {
  MAX_JSON_DEPTH,
  TEXT_HAS_LONE_SURROGATE,
  TEXT_HAS_NUL,
  ZSafeJson,
  ZText,
  unsafeJsonIssues,
} from '../text';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);

describe('ZText', () => {
  it('refuses a NUL and a lone surrogate, high or low, with a message saying which', () => {
    expect(messages(ZText.safeParse('a\u0000b'))).toEqual([`: ${TEXT_HAS_NUL}`]);
    for (const text of ['\ud800', 'x\udbff', '\udc00x', 'a\udfff\ud800b']) {
      expect(messages(ZText.safeParse(text)), JSON.stringify(text)).toEqual([`: ${TEXT_HAS_LONE_SURROGATE}`]);
    }
  });

  it('takes any well-formed text, pairs of surrogates (emoji) included, and keeps its chained checks', () => {
    for (const text of ['', 'Kari Nordmann', 'æøå ß €', '😀 𝕗', '\u202e\ufeff'])
      expect(ZText.parse(text)).toBe(text);
    expect(ZText.trim().max(3).safeParse(' abcd ').success).toBe(false);
    expect(ZText.trim().max(3).parse(' abc ')).toBe('abc');
  });
});

describe('ids', () => {
  it('take 1 to 2,147,483,647 only, from JSON (ZId) or text (ZIdText)', () => {
    expect(ZId.parse(MAX_ID)).toBe(MAX_ID);
    expect(ZIdText.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const id of [0, -1, 1.5, MAX_ID + 1, 2 ** 53])
      expect(ZId.safeParse(id).success, String(id)).toBe(false);
    for (const id of ['0', 'abc', '', String(MAX_ID + 1), '1e400']) {
      expect(ZIdText.safeParse(id).success, id).toBe(false);
    }
  });
});

describe('ZSafeJson', () => {
  it('names the path of unsafe text in a value or a key', () => {
    expect(messages(ZSafeJson.safeParse({ a: [1, { b: 'x\u0000' }], ok: 'fine' }))).toEqual([
      `a.1.b: ${TEXT_HAS_NUL}`,
    ]);
    expect(messages(ZSafeJson.safeParse({ 'k\ud800': 1 }))).toEqual([
      `k\ud800: Key: ${TEXT_HAS_LONE_SURROGATE}`,
    ]);
    expect(ZSafeJson.parse({ nav: ['😀', null, true, 3.5] })).toEqual({ nav: ['😀', null, true, 3.5] });
  });

  it('walks 20,000 levels without overflowing the stack, and reports the depth', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const issues = unsafeJsonIssues(deep);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toHaveLength(MAX_JSON_DEPTH + 1);
    expect(issues[0]?.message).toMatch(/deeper than 64/);
  });
});
