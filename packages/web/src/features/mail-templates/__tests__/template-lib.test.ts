import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { issueOf, parseTemplate } from '@claimdesk/contracts';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { resolveTarget } from '../lib/resolve-target';
import { fieldIssueText, serverFieldText } from '../../../lib/field-issue-text';
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

describe('[MAIL-TEMPLATES] the placeholder checks’ texts', () => {
  it('translates the coded placeholder checks, naming the placeholder, and keeps other messages as sent', async () => {
    addLanguageTexts(['en', 'de'], 'common');
    const textsOf = (source: string) =>
      parseTemplate(source).errors.map((problem) => serverFieldText(problem.message, issueOf(problem)));
    expect(textsOf('{{x}} and {{case.nu')).toEqual([
      '{{x}} is not a placeholder. Choose one from “Insert placeholder”.',
      'A placeholder is not closed with }}: “{{case.nu”.',
    ]);
    expect(serverFieldText('The template "pickup" has sendType "supplier"')).toBe(
      'The template "pickup" has sendType "supplier"',
    );
    expect(textsOf(`{{items|${'x'.repeat(201)}}}`)).toEqual([
      'The fallback of {{items}} is longer than 200 characters.',
    ]);
    await i18n.loadLanguages('de');
    expect(
      fieldIssueText({ code: 'unknown_placeholder', params: { name: '{{x}}' } }, { language: 'de' }),
    ).toBe('{{x}} ist kein Platzhalter. Wählen Sie einen unter „Platzhalter einfügen“.');
  });
});
