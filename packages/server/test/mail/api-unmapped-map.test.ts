/**
 * Unmapped mails through HTTP, mapping a mail (and its thread) onto a case: timeline entries and
 * unread counts, a sent mail, and what is refused.
 */
import type { TMailLog, TMapMailResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { call } from '../helpers/api';
import { createCase } from '../helpers/factories';
import { rawMail } from './mail-store';
import {
  foreignCaseId,
  getCase,
  ingest,
  map,
  otherStaff,
  page,
  setUpUnmappedApp,
  staff,
  staffName,
  store,
  t,
  timeline,
} from './unmapped-setup';

setUpUnmappedApp();

describe('PUT /v2/api/unmapped-mails/{id}/map', () => {
  it('moves the mail and its thread onto the case, with timeline entries and unread counts', async () => {
    const theCase = await createCase(t.db, store.tenantId, { customerEmail: 'kari@customer.test' });
    const first = await ingest(
      store.tenantId,
      rawMail({ messageId: '<t1@customer.test>', subject: 'Kettle' }),
    );
    const reply = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<t2@customer.test>',
        subject: 'Re: Kettle',
        headers: ['In-Reply-To: <t1@customer.test>'],
      }),
    );
    const later = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<t3@customer.test>',
        subject: 'Re: Re: Kettle',
        headers: ['References: <t1@customer.test> <t2@customer.test>'],
      }),
    );
    const unrelated = await ingest(
      store.tenantId,
      rawMail({ messageId: '<t4@customer.test>', subject: 'Other' }),
    );
    const read = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/${String(later)}/mark-read-status?isRead=true`,
    });
    expect(read.statusCode).toBe(200);

    const response = await map(reply, theCase.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TMapMailResponse>();
    expect(body.caseId).toBe(theCase.id);
    expect(body.caseNumber).toBe(theCase.caseNumber);
    expect(body.mails.map((m) => m.id)).toEqual([reply, first, later]);
    expect(body.mails.every((m) => m.caseId === theCase.id && m.caseNumber === theCase.caseNumber)).toBe(
      true,
    );

    expect((await getCase(theCase.id)).unreadMailCount).toBe(2);
    // Each moved mail is said as a move from unmapped to the case, by the staff member.
    const entries = (await timeline(theCase.id)).filter((e) => e.kind === 'mail-moved');
    expect(entries.map((e) => e.mailLogId).sort()).toEqual([first, reply, later].sort());
    expect(entries.every((e) => e.actor === staffName)).toBe(true);
    expect(entries.map((e) => e.changes)).toEqual(
      entries.map(() => [{ field: 'case', from: null, to: theCase.caseNumber }]),
    );
    expect((await timeline(theCase.id)).some((e) => e.kind === 'mail-in')).toBe(false);
    const caseMails = await call(t.app, staff, {
      url: `/v2/api/claims/mails/${String(theCase.id)}/mail-logs`,
    });
    expect(caseMails.json<TMailLog[]>().map((m) => m.id)).toEqual([first, reply, later]);
    expect((await page('type=inbox')).items.map((m) => m.id)).toContain(unrelated);
    expect((await page('type=inbox')).items.map((m) => m.id)).not.toContain(first);
  });

  it('maps a sent mail with a move entry and no unread change', async () => {
    const theCase = await createCase(t.db, store.tenantId);
    const [sent] = await t.db
      .insert(mailLogs)
      .values({
        tenantId: store.tenantId,
        direction: 'out',
        messageId: '<sent-map@store.test>',
        subject: 'Offer',
        sendState: 'sent',
        isRead: true,
      })
      .returning();
    const response = await map(sent?.id ?? 0, theCase.id);
    expect(response.statusCode, response.body).toBe(200);
    expect((await getCase(theCase.id)).unreadMailCount).toBe(0);
    expect((await timeline(theCase.id)).map((e) => [e.kind, e.mailLogId])).toContainEqual([
      'mail-moved',
      sent?.id,
    ]);
  });

  it('refuses another store’s case or mail (404), a mapped mail (409) and a bad body (400)', async () => {
    const theCase = await createCase(t.db, store.tenantId);
    const mail = await ingest(store.tenantId, rawMail({ messageId: '<refuse@customer.test>' }));
    expect((await map(mail, foreignCaseId)).statusCode).toBe(404);
    expect((await map(mail, theCase.id, otherStaff)).statusCode).toBe(404);
    expect((await map(mail, 'seven')).statusCode).toBe(400);
    expect((await map(mail, 99_999_999_999)).statusCode).toBe(400);
    const deleted = await createCase(t.db, store.tenantId, { deletedAt: new Date() });
    expect((await map(mail, deleted.id)).statusCode).toBe(404);
    expect((await map(mail, theCase.id)).statusCode).toBe(200);
    expect((await map(mail, theCase.id)).statusCode).toBe(409);
    expect((await getCase(theCase.id)).unreadMailCount).toBe(1);
  });
});
