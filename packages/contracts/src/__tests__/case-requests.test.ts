/** The rules and defaults in the case, item-type, password and preference requests. */
import { describe, expect, it } from 'vitest';
import { ZResetPasswordRequest } from '../auth/reset-password';
import { PURCHASE_DATE_IN_FUTURE, ZPurchaseDate } from '../cases/case';
import { ZItemTypeNames } from '../cases/item-types';
import { CASE_PAGE_SIZE, ZListCasesQuery } from '../cases/list-cases';
import { ZEmail } from '../common';
import { PREFERENCE_MAX_BYTES, ZUpdateUserPreferenceRequest } from '../preferences/update-user-preference';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('ZEmail', () => {
  it('trims and lower-cases an address; refuses what is no address', () => {
    expect(ZEmail.parse('  Kari.Nordmann@Example.TEST ')).toBe('kari.nordmann@example.test');
    for (const text of ['kari', 'kari@', '@example.test', 'kari @example.test']) {
      expect(issues(ZEmail.safeParse(text)), text).toEqual([': Must be a valid email address']);
    }
  });
});

describe('ZPurchaseDate', () => {
  it('takes today and earlier days; refuses a day after today anywhere on earth', () => {
    expect(ZPurchaseDate.parse(isoDay(0))).toBe(isoDay(0));
    expect(ZPurchaseDate.parse('2020-02-29')).toBe('2020-02-29');
    expect(issues(ZPurchaseDate.safeParse(isoDay(2)))).toEqual([`: ${PURCHASE_DATE_IN_FUTURE}`]);
  });

  it('refuses a date not written YYYY-MM-DD, or no real date', () => {
    for (const text of ['25.11.2026', '2026-11-25T10:00:00Z', '2023-02-29', '']) {
      expect(issues(ZPurchaseDate.safeParse(text))[0], text).toBe(': A date as YYYY-MM-DD');
    }
  });
});

describe('ZItemTypeNames', () => {
  it('keeps the trimmed names given, in any language', () => {
    expect(ZItemTypeNames.parse({ da: ' Køleskab ' })).toEqual({ da: 'Køleskab' });
  });

  it('refuses names that are all missing or empty', () => {
    for (const names of [{}, { en: '' }, { en: '   ', de: '' }]) {
      expect(issues(ZItemTypeNames.safeParse(names)), JSON.stringify(names)).toEqual([
        ': Give a name in at least one language',
      ]);
    }
  });
});

describe('ZResetPasswordRequest', () => {
  const request = { username: ' Kari@Store.TEST ', password: 'new-pass-1', oldPassword: 'old-pass-1' };

  it('lower-cases and trims the username and keeps both passwords as typed', () => {
    expect(ZResetPasswordRequest.parse(request)).toEqual({ ...request, username: 'kari@store.test' });
  });

  it('refuses a new password equal to the old one, at the field password', () => {
    expect(issues(ZResetPasswordRequest.safeParse({ ...request, password: 'old-pass-1' }))).toEqual([
      'password: The new password must differ from the old one',
    ]);
  });

  it('refuses a new password against the policy with the policy’s messages', () => {
    expect(issues(ZResetPasswordRequest.safeParse({ ...request, password: 'short1' }))).toEqual([
      'password: At least 8 characters',
    ]);
    expect(issues(ZResetPasswordRequest.safeParse({ ...request, password: 'no-digits-here' }))).toEqual([
      'password: Must contain a digit',
    ]);
  });
});

describe('ZUpdateUserPreferenceRequest', () => {
  it('keeps the keys and values given, null to remove one', () => {
    const update = { language: 'da', 'nav-show': null, 'list:claim': { columns: ['a'] } };
    expect(ZUpdateUserPreferenceRequest.parse(update)).toEqual(update);
  });

  it('refuses no key, a key outside its pattern (named by its path), and preferences past the size limit', () => {
    expect(issues(ZUpdateUserPreferenceRequest.safeParse({}))).toEqual([': Give at least one key']);
    expect(ZUpdateUserPreferenceRequest.safeParse({ 'a b': 1 }).error?.issues.map((i) => i.path)).toEqual([
      ['a b'],
    ]);
    const large = { notes: 'x'.repeat(PREFERENCE_MAX_BYTES) };
    expect(issues(ZUpdateUserPreferenceRequest.safeParse(large))).toEqual([': Preferences are too large']);
  });
});

describe('ZListCasesQuery', () => {
  const list = { type: 'open', workFlow: 'claim' };
  it('fills in the sort, its direction and the page size; reads flags and numbers from the query text', () => {
    expect(ZListCasesQuery.parse(list)).toEqual({
      ...list,
      sort: 'updatedAt',
      direction: 'desc',
      limit: CASE_PAGE_SIZE,
    });
    expect(
      ZListCasesQuery.parse({ ...list, hasUnread: 'false', limit: '25', sort: 'caseNumber' }),
    ).toMatchObject({
      hasUnread: false,
      limit: 25,
      sort: 'caseNumber',
    });
  });

  it('refuses a page size outside 1 to 200 and a column that cannot be sorted', () => {
    for (const limit of ['0', '201', '1.5', 'all']) {
      expect(
        issues(ZListCasesQuery.safeParse({ ...list, limit })).map((i) => i.split(':')[0]),
        limit,
      ).toEqual(['limit']);
    }
    expect(
      issues(ZListCasesQuery.safeParse({ ...list, sort: 'customerName' })).map((i) => i.split(':')[0]),
    ).toEqual(['sort']);
    expect(issues(ZListCasesQuery.safeParse({ type: 'open', workFlow: 'Claim' }))).toEqual([
      'workFlow: Lower-case letters, digits and -',
    ]);
  });
});
