import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { resolveTarget } from '../lib/resolve-target';
import { serverFieldText } from '../lib/server-message';
import { template } from './fixtures';

const own = (language: 'en' | 'nr' | 'da' | 'de') =>
  template({ id: 7, key: 'pickup', sendType: 'supplier', language, isBuiltIn: false, hasBuiltIn: false });

describe('[MAIL-TEMPLATES] resolveTarget', () => {
  const list = [template(), own('en'), own('da')];
  const at = (search: string) => resolveTarget(list, new URLSearchParams(search));

  it('opens an existing template, or none without a key', () => {
    expect(at('key=pickup&language=da')).toEqual({ kind: 'existing', template: own('da') });
    expect(at('')).toBeNull();
  });

  it('writes a missing language of a key with its workflow and send type fixed', () => {
    expect(at('key=pickup&language=de')).toEqual({
      kind: 'new',
      base: { key: 'pickup', workFlow: 'claim', sendType: 'supplier' },
      source: own('en'),
      language: 'de',
      languages: ['nr', 'de'],
    });
    expect(at('key=pickup&language=xx')).toMatchObject({ kind: 'new', language: null });
  });

  it('says a key that is gone is missing, and ?new=1 is a blank template', () => {
    expect(at('key=deleted&language=en')).toBe('missing');
    expect(at('new=1')).toMatchObject({ kind: 'new', base: null, languages: ['en', 'nr', 'da', 'de'] });
  });
});

describe('[MAIL-TEMPLATES] serverFieldText', () => {
  it('translates the placeholder checks, naming the placeholder, and keeps other messages as sent', async () => {
    addLanguageTexts(['en', 'de'], 'mailTemplates');
    const t = i18n.getFixedT('en', 'mailTemplates');
    expect(serverFieldText(t, 'Unknown placeholder {{x}}; Unclosed placeholder "{{case.nu"')).toBe(
      '{{x}} is not a placeholder. Choose one from “Insert placeholder”. A placeholder is not closed with }}: “{{case.nu”.',
    );
    expect(serverFieldText(t, 'The template "pickup" has sendType "supplier"')).toBe(
      'The template "pickup" has sendType "supplier"',
    );
    expect(serverFieldText(t, 'The fallback of {{items}} is longer than 200 characters')).toBe(
      'The fallback of {{items}} is longer than 200 characters.',
    );
    expect(serverFieldText(t, undefined)).toBeUndefined();
    await i18n.loadLanguages('de');
    expect(serverFieldText(i18n.getFixedT('de', 'mailTemplates'), 'Unknown placeholder {{x}}')).toBe(
      '{{x}} ist kein Platzhalter. Wählen Sie einen unter „Platzhalter einfügen“.',
    );
  });
});
