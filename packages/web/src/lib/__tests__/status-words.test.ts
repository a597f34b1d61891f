import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_STATUS_WORDS, LANGUAGES } from '@claimdesk/contracts';

/** The `status` words of the web's cases translations, as the server hands them out. */
const statusWordsOf = (language: string): unknown =>
  (
    JSON.parse(
      readFileSync(
        resolve(import.meta.dirname, `../../../public/assets/i18n/${language}/cases.json`),
        'utf8',
      ),
    ) as { status: unknown }
  ).status;

describe('status words', () => {
  it('are the same on the screens and in what the server writes (CSV exports)', () => {
    for (const language of LANGUAGES)
      expect(BUILT_IN_STATUS_WORDS[language]).toEqual(statusWordsOf(language));
  });
});
