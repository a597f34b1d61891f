/** Errors through HTTP: what PostgreSQL cannot store (big ids, NUL, lone surrogates, deep JSON) is a 400. */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, requestToken } from '../helpers/api';
import { createCase, createItemType } from '../helpers/factories';
import { dataExceptionCode, toErrorResponse } from '../../src/lib/error-response';
import { adminSession, expectNoStack, setUpErrors, store, t } from './errors-setup';

setUpErrors();

/** A 400 whose fieldErrors name `field` (or a path under it), without a stack trace. */
function expectFieldError(response: LightMyRequestResponse, field: string, what: string): void {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(400);
  const body = response.json<{ code: string; fieldErrors?: Record<string, string> }>();
  expect(body.code, what).toBe('VALIDATION_FAILED');
  const fields = Object.keys(body.fieldErrors ?? {});
  expect(
    fields.some((f) => f === field || f.startsWith(`${field}.`)),
    `${what}: ${field} in ${fields.join(', ')}`,
  ).toBe(true);
  expectNoStack(response);
}

describe('values PostgreSQL cannot store (issue 19, point 5)', () => {
  const MAX_ID = 2_147_483_647;
  const NUL = 'a\u0000b';
  const LONE = 'x\ud800y';
  let caseId: number;
  let itemTypeId: number;

  beforeAll(async () => {
    caseId = (await createCase(t.db, store.tenantId)).id;
    itemTypeId = (await createItemType(t.db, store.tenantId, { key: 'hostile', names: { en: 'Hostile' } }))
      .id;
  });

  it('an id past the 32-bit range is a 400 on the id, on every kind of id route', async () => {
    const past = String(MAX_ID + 1);
    const requests: [string, string, unknown?][] = [
      ['GET', `/v2/api/claims/${past}`],
      ['GET', `/v2/api/claims/${past}/timeline`],
      ['PUT', `/v2/api/claims/${past}/archive`, { version: 1 }],
      ['DELETE', `/v2/api/users/${past}`],
      ['PUT', `/v2/api/users/update-password/${past}`, { password: 'Hostile-pass-1' }],
      ['DELETE', `/v2/api/claim-item-types/${past}`],
      ['GET', `/v2/api/claims/mails/${past}`],
      ['PUT', `/v2/api/claims/mails/resend/${past}`],
      ['DELETE', `/v2/api/settings/mail-templates/${past}`],
      ['GET', `/v2/api/claims/mails/claim/mail-compose/${past}`],
      ['DELETE', `/v2/api/settings/initial-properties/${past}`],
    ];
    for (const [method, url, body] of requests) {
      const response = await call(t.app, adminSession, { method, url, body });
      const field = url.includes('initial-properties') ? 'propertyId' : 'id';
      if (url.includes('initial-properties')) {
        // Super administrators only: the check of the path comes first all the same.
        expect([400, 403], url).toContain(response.statusCode);
        continue;
      }
      expectFieldError(response, field, `${method} ${url}`);
    }
    const query = await call(t.app, adminSession, {
      url: `/v2/api/claims/mails/claim/mail-compose/${String(caseId)}?mailLogId=${past}`,
    });
    expectFieldError(query, 'mailLogId', 'mailLogId in the query');
    const body = await call(t.app, adminSession, {
      method: 'PUT',
      url: `/v2/api/claims/${String(caseId)}/status`,
      body: { status: 'new', version: MAX_ID + 1 },
    });
    expectFieldError(body, 'version', 'version past the range');
  });

  it('a NUL character in any text is a 400 on its field', async () => {
    const token = await requestToken(
      t.app,
      { grant_type: 'password', username: NUL, password: 'x' },
      store.tenantId,
    );
    expect(token.statusCode, token.body).toBe(400);
    expect(token.json<{ error_description: string }>().error_description).toMatch(/^username: .*NUL/);

    const reset = await t.app.inject({
      method: 'PUT',
      url: '/v2/api/users/reset-password',
      headers: { 'x-tenant-id': store.tenantId },
      payload: { username: NUL, password: 'Hostile-pass-1', oldPassword: 'Other-pass-1' },
    });
    expectFieldError(reset, 'username', 'reset-password');

    const cases: [string, string, string, unknown?][] = [
      ['search', 'GET', '/v2/api/users?search=a%00b'],
      ['userName', 'GET', '/v2/api/users/by-user-name?userName=a%00b'],
      ['language', 'PUT', '/v2/api/users/user-preference', { language: NUL }],
      ['search', 'GET', '/v2/api/claims?type=open&workFlow=claim&search=a%00b'],
      [
        'subject',
        'POST',
        '/v2/api/claims/mails/claim/mail-logs',
        { caseId, to: ['a@example.test'], subject: NUL, html: '<p>x</p>' },
      ],
      [
        'subject',
        'POST',
        `/v2/api/claims/mails/claim/mail-compose/${String(caseId)}`,
        { to: ['a@example.test'], subject: NUL, html: '<p>x</p>' },
      ],
      [
        'subject',
        'POST',
        '/v2/api/settings/mail-templates',
        {
          key: 'hostile',
          workFlow: 'claim',
          sendType: 'customer',
          language: 'en',
          subject: NUL,
          body: '<p>x</p>',
        },
      ],
      ['names.en', 'POST', '/v2/api/claim-item-types', { key: 'nul', names: { en: NUL } }],
      [
        'names.en',
        'PUT',
        `/v2/api/claim-item-types/${String(itemTypeId)}`,
        { names: { en: NUL }, isDisabled: false },
      ],
      [
        'customFields.note',
        'POST',
        '/v2/api/claims',
        { workFlow: 'claim', customer: { name: 'K' }, customFields: { note: NUL } },
      ],
      ['customer.name', 'POST', '/v2/api/claims', { workFlow: 'claim', customer: { name: NUL } }],
    ];
    for (const [field, method, url, body] of cases) {
      const response = await call(t.app, adminSession, { method, url, body });
      expectFieldError(response, field, `${method} ${url}`);
    }
  });

  it('a lone surrogate in stored JSON text is a 400 on its field', async () => {
    const cases: [string, string, string, unknown][] = [
      ['language', 'PUT', '/v2/api/users/user-preference', { language: LONE }],
      ['nav.items.0', 'PUT', '/v2/api/users/user-preference', { nav: { items: [LONE] } }],
      ['description', 'PUT', `/v2/api/claims/${String(caseId)}`, { version: 1, description: LONE }],
      [
        'customFields.note',
        'POST',
        '/v2/api/claims',
        { workFlow: 'claim', customer: { name: 'K' }, customFields: { note: LONE } },
      ],
      ['names.en', 'POST', '/v2/api/claim-item-types', { key: 'lone', names: { en: LONE } }],
    ];
    for (const [field, method, url, body] of cases) {
      const response = await call(t.app, adminSession, { method, url, body });
      expectFieldError(response, field, `${method} ${url}`);
    }
  });

  it('JSON nested 20,000 deep is a 400 naming where it goes too deep', async () => {
    for (const payload of [
      `{"nav":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    ]) {
      const response = await call(t.app, adminSession, {
        method: 'PUT',
        url: '/v2/api/users/user-preference',
        body: payload,
        headers: { 'content-type': 'application/json' },
      });
      expectFieldError(response, payload.startsWith('{"nav"') ? 'nav' : 'a', 'deep JSON');
      expect(response.json<{ message: string }>().message).toMatch(/deeper than 64/);
    }
    const fine = await call(t.app, adminSession, {
      method: 'PUT',
      url: '/v2/api/users/user-preference',
      body: { nav: [[[['sixty-four levels are fine']]]] },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('an empty page cursor is the first page, not a statement without its value', async () => {
    // Found by the hostile-input test: `?cursor=` made the list's SQL expect a cursor value.
    const response = await call(t.app, adminSession, {
      url: '/v2/api/claims?type=open&workFlow=claim&cursor=',
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('a database data exception that slips past the contracts is a 400, never a 500', () => {
    for (const code of ['22P05', '22021', '22003']) {
      const driverError = Object.assign(new Error('raw driver text with SQL'), { code });
      const wrapped = Object.assign(new Error('Failed query: select …'), { cause: driverError });
      expect(dataExceptionCode(wrapped)).toBe(code);
      const { status, body } = toErrorResponse(wrapped);
      expect(status).toBe(400);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).not.toMatch(/SQL|select/);
    }
    expect(toErrorResponse(Object.assign(new Error('x'), { code: '23505' })).status).toBe(500);
  });
});
