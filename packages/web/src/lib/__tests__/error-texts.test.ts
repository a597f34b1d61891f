import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { addLanguageTexts } from '../testing/language-texts';
import { ERROR_CODES, LANGUAGES } from '@claimdesk/contracts';
import { HttpError } from '../http-error';
import { errorText } from '../notify';

/** A translation file as the server hands it out (read from disk: lib does not import public/). */
const errorsOf = (language: string) =>
  (
    JSON.parse(
      readFileSync(
        resolve(import.meta.dirname, `../../../public/assets/i18n/${language}/common.json`),
        'utf8',
      ),
    ) as { errors: Record<string, string> }
  ).errors;

describe('errorText', () => {
  it('has a text for every error code the API answers, in every language', () => {
    for (const language of LANGUAGES) {
      const errors = errorsOf(language);
      expect(ERROR_CODES.filter((code) => !errors[code]?.trim())).toEqual([]);
    }
  });

  it('tells a full disk and a lost database apart from a generic failure', () => {
    const storageFull = new HttpError(507, 'STORAGE_FULL', "The server's storage is full");
    expect(errorText(storageFull)).toBe("The server's storage is full. Nothing was saved; try again later.");
    const unavailable = new HttpError(503, 'SERVICE_UNAVAILABLE', 'lost');
    expect(errorText(unavailable)).toBe('The server is briefly unavailable. Try again in a few seconds.');
  });

  it('says a sign-in wait in minutes past a minute, in every language', async () => {
    addLanguageTexts(['nr', 'da', 'de'], 'common');
    const limited = (seconds: number) =>
      new HttpError(429, 'TOO_MANY_REQUESTS', 'Too many', {}, null, seconds);
    expect(errorText(limited(893))).toBe('Too many attempts. Try again in 15 minutes.');
    expect(errorText(limited(60))).toBe('Too many attempts. Try again in 1 minute.');
    expect(errorText(limited(42))).toBe('Too many attempts. Try again in 42 seconds.');
    const inLanguage = async (language: string) => {
      await i18n.changeLanguage(language);
      return errorText(limited(893));
    };
    try {
      expect(await inLanguage('nr')).toBe('For mange forsøk. Prøv igjen om 15 minutter.');
      expect(await inLanguage('da')).toBe('For mange forsøg. Prøv igen om 15 minutter.');
      expect(await inLanguage('de')).toBe('Zu viele Versuche. Versuchen Sie es in 15 Minuten erneut.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
