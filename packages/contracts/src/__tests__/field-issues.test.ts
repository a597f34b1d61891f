/** The coded field issues: what a client translates instead of zod's or our English. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZPassword } from '../auth/password-policy';
import { ZResetPasswordRequest } from '../auth/reset-password';
import { ZCreateItemTypeRequest } from '../cases/item-types';
import { zodFieldIssue } from '../field-issues';
import { ZMailTemplateBody, ZMailTemplateKey, ZMailTemplateSubject } from '../mail/templates/mail-template';
import { ZCreateUserRequest } from '../users/create-user';

const coded = (result: z.ZodSafeParseResult<unknown>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), ...zodFieldIssue(issue) }));

describe('zodFieldIssue', () => {
  it('codes zod’s own checks with the values their texts name', () => {
    expect(coded(ZMailTemplateSubject.safeParse(' '))).toEqual([{ path: '', code: 'required' }]);
    expect(coded(ZMailTemplateSubject.safeParse('x'.repeat(301)))).toEqual([
      { path: '', code: 'too_long', params: { max: 300 } },
    ]);
    expect(coded(ZPassword.safeParse('a1'))).toEqual([{ path: '', code: 'too_short', params: { min: 8 } }]);
  });

  it('codes a template’s placeholder problems, one issue each, naming the placeholder', () => {
    expect(coded(ZMailTemplateBody.safeParse('{{x}} {{supplier.name|ok}} {{case.nu'))).toEqual([
      { path: '', code: 'unknown_placeholder', params: { name: '{{x}}' } },
      { path: '', code: 'unclosed_placeholder', params: { text: '{{case.nu' } },
    ]);
    expect(coded(ZMailTemplateSubject.safeParse(`{{items|${'y'.repeat(201)}}}`))).toEqual([
      { path: '', code: 'fallback_too_long', params: { name: '{{items}}', max: 200 } },
    ]);
    expect(coded(ZMailTemplateKey.safeParse('Not A Slug'))).toEqual([
      { path: '', code: 'not_a_key', params: { max: 60 } },
    ]);
  });

  it('codes the refinements of passwords, users and item types', () => {
    expect(coded(ZPassword.safeParse('12345678'))).toEqual([{ path: '', code: 'needs_letter' }]);
    expect(coded(ZPassword.safeParse('abcdefgh'))).toEqual([{ path: '', code: 'needs_digit' }]);
    expect(
      coded(
        ZResetPasswordRequest.safeParse({
          username: 'a@b.no',
          password: 'same123x',
          oldPassword: 'same123x',
        }),
      ),
    ).toEqual([{ path: 'password', code: 'same_password' }]);
    expect(
      coded(ZCreateUserRequest.safeParse({ username: 'a@b.no', firstName: 'A', lastName: 'B', roles: [] })),
    ).toContainEqual({ path: 'roles', code: 'no_role' });
    expect(coded(ZCreateItemTypeRequest.safeParse({ key: 'Bad', names: {} }))).toEqual([
      { path: 'key', code: 'not_a_key', params: { max: 40 } },
      { path: 'names', code: 'no_name' },
    ]);
  });
});
