import { DEFAULT_CLAIM_FORM, DEFAULT_MENU_CONFIG } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { formatWithPathLines, lineOf } from '../lib/json-lines';

describe('formatWithPathLines', () => {
  it('writes exactly what JSON.stringify(value, null, 2) writes', () => {
    for (const value of [
      DEFAULT_CLAIM_FORM,
      DEFAULT_MENU_CONFIG,
      {},
      [],
      { a: [], b: {}, c: null, d: 'x"y' },
      3,
    ]) {
      expect(formatWithPathLines(value).text).toBe(JSON.stringify(value, null, 2));
    }
  });

  it('tells the line a path starts on, or its nearest parent’s', () => {
    const { text, lines } = formatWithPathLines({
      groups: [{ key: 'a', fields: [{ type: 'text' }, { type: 'bad' }] }],
    });
    const textLines = text.split('\n');
    const line = lineOf(lines, 'groups.0.fields.1.type');
    expect(line).not.toBeNull();
    expect(textLines[(line ?? 0) - 1]).toContain('"type": "bad"');
    expect(lineOf(lines, 'groups.0.fields.1.options')).toBe(lineOf(lines, 'groups.0.fields.1'));
    expect(lineOf(lines, '')).toBe(1);
  });
});
