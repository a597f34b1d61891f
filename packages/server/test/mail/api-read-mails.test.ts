/**
 * The mail read calls through HTTP: a case's mails (with their filters and refusals), one mail, and
 * its read state moving the case's unread count. Mails come in through the real ingest.
 */
import type { TMailLog } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import {
  caseRow,
  filesId,
  foreignCase,
  internalId,
  mailsOf,
  otherStaff,
  plainId,
  setUpReadApp,
  staff,
  store,
  t,
  tag,
  unreadOf,
} from './read-setup';

setUpReadApp();

describe('GET /v2/api/claims/mails/{id}/mail-logs', () => {
  it('lists the case’s mails oldest first, and filters by mailLogType', async () => {
    const all = await mailsOf(staff, caseRow.id, `?storeCode=${store.tenantId}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<TMailLog[]>().map((m) => m.id)).toEqual([plainId, filesId, internalId]);
    expect(all.json<TMailLog[]>()[0]).toMatchObject({
      caseId: caseRow.id,
      caseNumber: caseRow.caseNumber,
      workFlow: 'claim',
      direction: 'in',
      from: { address: 'kari@customer.test' },
      isRead: false,
    });
    const internal = await mailsOf(staff, caseRow.id, '?mailLogType=internal');
    expect(internal.json<TMailLog[]>().map((m) => m.id)).toEqual([internalId]);
    const customer = await mailsOf(staff, caseRow.id, '?mailLogType=customer&storeCode=');
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json<TMailLog[]>().map((m) => m.id)).toEqual([plainId, filesId]);
    const anyType = await mailsOf(staff, caseRow.id, '?mailLogType=');
    expect(anyType.json<TMailLog[]>()).toHaveLength(3);
  });

  it('refuses another store’s storeCode (403), bad parameters (400) and another store’s case (404)', async () => {
    expect((await mailsOf(staff, caseRow.id, '?storeCode=someone-else')).statusCode).toBe(403);
    const badType = await mailsOf(staff, caseRow.id, '?mailLogType=spam');
    expect(badType.statusCode).toBe(400);
    expect(badType.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('mailLogType');
    expect((await call(t.app, staff, { url: '/v2/api/claims/mails/abc/mail-logs' })).statusCode).toBe(400);
    expect((await mailsOf(staff, 99_999_999_999)).statusCode).toBe(400);
    expect((await mailsOf(staff, foreignCase.id)).statusCode).toBe(404);
    expect((await mailsOf(otherStaff, caseRow.id)).statusCode).toBe(404);
  });
});

describe('GET /v2/api/claims/mails/{id} and mark-read-status', () => {
  it('answers one mail without marking it read', async () => {
    const first = await call(t.app, staff, { url: `/v2/api/claims/mails/${String(plainId)}` });
    expect(first.statusCode).toBe(200);
    expect(first.json<TMailLog>()).toMatchObject({
      id: plainId,
      subject: `Re: ${tag(caseRow)}`,
      isRead: false,
    });
    const again = await call(t.app, staff, { url: `/v2/api/claims/mails/${String(plainId)}` });
    expect(again.json<TMailLog>().isRead).toBe(false);
    expect(
      (await call(t.app, otherStaff, { url: `/v2/api/claims/mails/${String(plainId)}` })).statusCode,
    ).toBe(404);
    expect((await call(t.app, staff, { url: '/v2/api/claims/mails/0' })).statusCode).toBe(400);
  });

  it('moves the case’s unread count once per real change and answers the mail', async () => {
    const before = await unreadOf(caseRow.id);
    expect(before).toBe(2);
    const mark = (isRead: string, session = staff) =>
      call(t.app, session, {
        method: 'PUT',
        url: `/v2/api/claims/mails/${String(plainId)}/mark-read-status${isRead}`,
      });
    const read = await mark('?isRead=true');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<TMailLog>()).toMatchObject({ id: plainId, isRead: true });
    expect((await mark('?isRead=true')).statusCode).toBe(200);
    expect(await unreadOf(caseRow.id)).toBe(1);
    expect((await mark('?isRead=false')).json<TMailLog>().isRead).toBe(false);
    expect(await unreadOf(caseRow.id)).toBe(2);
    expect((await mark('')).json<TMailLog>().isRead).toBe(true);
    expect(await unreadOf(caseRow.id)).toBe(1);
    const bad = await mark('?isRead=perhaps');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('isRead');
    expect((await mark('?isRead=false', otherStaff)).statusCode).toBe(404);
    expect(await unreadOf(caseRow.id)).toBe(1);
  });
});
