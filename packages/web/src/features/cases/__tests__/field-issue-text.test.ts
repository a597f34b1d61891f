import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FIELD_ISSUE_CODES, LANGUAGES, type TFormField } from '@claimdesk/contracts';
import { HttpError, readFieldIssues } from '../../../lib/http-error';
import { i18n } from '../../../lib/i18n';
import { FIELD_ISSUE_KEYS, fieldIssueText } from '../../../lib/field-issue-text';
import { caseIssueText } from '../lib/case-issue-text';
import { applyCaseErrors, serverFieldText } from '../lib/server-errors';

const money: TFormField = { key: 'custom.refund', label: 'Refund', type: 'money', min: 0, max: 5_000_000 };
const NBSP = '\u00a0';

/** A translation file as the server hands it out (read from disk: features do not import public/). */
const resource = (language: string, ns: string) =>
  JSON.parse(
    readFileSync(
      resolve(import.meta.dirname, `../../../../public/assets/i18n/${language}/${ns}.json`),
      'utf8',
    ),
  ) as Record<string, Record<string, unknown>>;

describe('fieldIssueText', () => {
  it('translates each code with its parameters', () => {
    expect(fieldIssueText({ code: 'required' })).toBe('Required');
    expect(fieldIssueText({ code: 'too_long', params: { max: 5 } })).toBe('At most 5 characters');
    expect(fieldIssueText({ code: 'too_big', params: { max: 10 } })).toBe('At most 10');
    expect(fieldIssueText({ code: 'not_an_option', params: { value: 'blue' } })).toBe(
      '“blue” is not one of the options',
    );
    expect(fieldIssueText({ code: 'not_an_option' })).toBe('Choose one of the options');
    expect(fieldIssueText({ code: 'invalid_email' })).toBe('Must be a valid email address');
    expect(fieldIssueText({ code: 'future_date' })).toBe('A purchase date cannot be in the future');
  });

  it('writes a money field’s limits as amounts, and its fraction of a minor unit as decimals', () => {
    expect(caseIssueText({ code: 'too_big', params: { max: 5_000_000 } }, money)).toBe('At most 50,000.00');
    expect(caseIssueText({ code: 'not_an_integer' }, money)).toBe('At most 2 decimals');
    expect(fieldIssueText({ code: 'not_an_integer' })).toBe('Must be a whole number');
  });

  it('speaks the language asked for', () => {
    i18n.addResourceBundle('nr', 'cases', resource('nr', 'cases'));
    i18n.addResourceBundle('nr', 'common', resource('nr', 'common'));
    expect(fieldIssueText({ code: 'too_long', params: { max: 5 } }, { language: 'nr' })).toBe('Høyst 5 tegn');
    expect(caseIssueText({ code: 'too_big', params: { max: 5_000_000 } }, money, 'nr')).toBe(
      `Høyst 50${NBSP}000,00`,
    );
    expect(fieldIssueText({ code: 'required' }, { language: 'nr' })).toBe('Påkrevd');
  });

  it('has every code’s text in en, nr, da and de', () => {
    expect(LANGUAGES).toEqual(['en', 'nr', 'da', 'de']);
    for (const language of LANGUAGES) {
      for (const key of FIELD_ISSUE_KEYS) {
        const [ns, path] = key.split(':') as [string, string];
        const [group, name] = path.split('.') as [string, string];
        expect(typeof resource(language, ns)[group]?.[name], `${language} ${key}`).toBe('string');
      }
    }
    expect(FIELD_ISSUE_CODES.length).toBeGreaterThan(0);
  });
});

describe('server field errors', () => {
  it('reads coded issues from an error body, dropping unknown codes', () => {
    expect(
      readFieldIssues({
        a: { code: 'too_long', params: { max: 5, bad: {} } },
        b: { code: 'not-a-code' },
        c: 'text',
      }),
    ).toEqual({ a: { code: 'too_long', params: { max: 5 } } });
    expect(readFieldIssues(undefined)).toEqual({});
  });

  it('puts translated issues on the fields, and keeps the text of a field without one', () => {
    const setError = vi.fn();
    const fields: TFormField[] = [
      money,
      { key: 'customer.name', label: 'Name', type: 'text' },
      { key: 'assignee', label: 'Assignee', type: 'select' },
    ];
    const error = new HttpError(
      400,
      'VALIDATION_FAILED',
      'Some fields are not valid',
      {
        'custom.refund': 'At most 5000000',
        'customer.name': 'Too big: expected string to have <=200 characters',
        assignee: 'kari is not a user of this store',
      },
      null,
      null,
      {
        'custom.refund': { code: 'too_big', params: { max: 5_000_000 } },
        'customer.name': { code: 'too_long', params: { max: 200 } },
      },
    );
    expect(applyCaseErrors(error, setError, fields)).toBe('fields');
    const messages = Object.fromEntries(
      setError.mock.calls.map(([path, value]) => [path as string, (value as { message: string }).message]),
    );
    expect(messages).toEqual({
      'custom.refund': 'At most 50,000.00',
      'customer.name': 'At most 200 characters',
      assignee: 'kari is not a user of this store',
    });
    expect(serverFieldText('As it came')).toBe('As it came');
  });
});
