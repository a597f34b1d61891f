import { DEFAULT_CLAIM_FORM, DEFAULT_FEATURES, type TStoredProperty } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { diffRows } from '../components/diff-view';
import { buildCatalog } from '../lib/document-catalog';

const doc = (name: string, value: unknown, id = 1): TStoredProperty => ({
  id,
  name,
  value,
  version: 1,
  updatedBy: 'admin@store.test',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('buildCatalog', () => {
  it('lists the fixed documents and the documents of the menu’s workflows, resolved store -> company -> default', () => {
    const menu = [{ key: 'returns', label: 'Returns', workFlow: 'returns' }];
    const features = { ...DEFAULT_FEATURES, supportClaim: true };
    const groups = buildCatalog(
      [doc('menu', menu)],
      [doc('feature', features, 2), doc('form.legacy', DEFAULT_CLAIM_FORM, 3)],
      'store',
    );
    expect(groups.map((g) => g.workFlow)).toEqual([null, 'returns', 'legacy']);
    const entries = new Map(groups.flatMap((g) => g.entries).map((e) => [e.name, e]));
    expect(entries.get('menu')?.effective).toEqual({ value: menu, source: 'store' });
    expect(entries.get('menu')?.fallback.source).toBe('default');
    expect(entries.get('feature')?.effective).toEqual({ value: features, source: 'company' });
    expect(entries.get('feature')?.own).toBeNull();
    expect(entries.get('form.returns')?.effective.source).toBe('default');
    expect(entries.get('form.legacy')?.fallback.source).toBe('company');
  });

  it('passes over a stored document that does not fit, and marks it', () => {
    const groups = buildCatalog([doc('feature', { claim: 'yes' })], [], 'store');
    const feature = groups[0]?.entries.find((e) => e.name === 'feature');
    expect(feature?.isOwnInvalid).toBe(true);
    expect(feature?.effective).toEqual({ value: DEFAULT_FEATURES, source: 'default' });
  });

  it('edits the company’s documents when the level is company', () => {
    const groups = buildCatalog([], [doc('feature', DEFAULT_FEATURES, 9)], 'company');
    const feature = groups[0]?.entries.find((e) => e.name === 'feature');
    expect(feature?.own?.id).toBe(9);
    expect(feature?.fallback.source).toBe('default');
  });
});

describe('diffRows', () => {
  it('marks added and removed lines and folds long unchanged runs', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const { rows, added, removed } = diffRows(before, after);
    expect([added, removed]).toEqual([1, 1]);
    expect(rows.filter((r) => r.kind === 'skipped').length).toBe(2);
    expect(rows).toContainEqual({ kind: 'added', text: 'line ten' });
    expect(rows).toContainEqual({ kind: 'removed', text: 'line 10' });
  });
});
