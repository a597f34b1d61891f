/** Store configuration documents: the static lite files one-time-code users read match the contracts. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { configDocument } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';

describe('the lite configuration of one-time-code users', () => {
  const folder = path.resolve(import.meta.dirname, '../../../web/public/assets/config');

  it('has static files equal to the contracts’ lite values, one for each fixed document with one', async () => {
    const files = (await readdir(folder)).filter((f) => f.endsWith('-lite.json'));
    const names = files.map((f) => f.replace(/-lite\.json$/, ''));
    expect(names).toEqual(expect.arrayContaining(['menu', 'feature', 'tabs.claim', 'tabs.support']));
    for (const [i, file] of files.entries()) {
      const doc = configDocument(names[i] ?? '');
      expect(doc?.liteValue, `${file} has no lite value in the contracts`).toBeDefined();
      const content: unknown = JSON.parse(await readFile(path.join(folder, file), 'utf8'));
      expect(content, `${file} differs from the contracts; write it from configDocument().liteValue`).toEqual(
        doc?.liteValue,
      );
      expect(doc?.schema.safeParse(content).success).toBe(true);
    }
  });
});
