/**
 * Deleting a mail through HTTP: hidden by default, removed for good with a tombstone so that
 * fetching it again leaves it out, and a mail waiting in the outbox kept (409).
 */
import type { TMailLog } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call } from '../helpers/api';
import { rawMail } from './mail-store';
import {
  caseRow,
  deps,
  ingest,
  mailsOf,
  otherStaff,
  setUpReadApp,
  staff,
  store,
  t,
  tag,
  unreadOf,
} from './read-setup';

setUpReadApp();

describe('DELETE /v2/api/claims/mails/{id}', () => {
  it('hides a mail by default: gone from the case and lists, no longer unread', async () => {
    const id = await ingest(
      store.tenantId,
      rawMail({ messageId: '<hide@customer.test>', subject: tag(caseRow) }),
    );
    const unread = await unreadOf(caseRow.id);
    expect(
      (await call(t.app, otherStaff, { method: 'DELETE', url: `/v2/api/claims/mails/${String(id)}` }))
        .statusCode,
    ).toBe(404);
    const response = await call(t.app, staff, {
      method: 'DELETE',
      url: `/v2/api/claims/mails/${String(id)}`,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await unreadOf(caseRow.id)).toBe(unread - 1);
    expect((await mailsOf(staff, caseRow.id)).json<TMailLog[]>().map((m) => m.id)).not.toContain(id);
    expect((await call(t.app, staff, { url: `/v2/api/claims/mails/${String(id)}` })).statusCode).toBe(404);
    expect(
      (
        await call(t.app, staff, {
          method: 'DELETE',
          url: `/v2/api/claims/mails/${String(id)}?isDelete=maybe`,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('removes a mail for good with isDelete=true; fetching it again leaves it out', async () => {
    const raw = rawMail({ messageId: '<purge@customer.test>', subject: tag(caseRow) });
    const id = await ingest(store.tenantId, raw);
    const unread = await unreadOf(caseRow.id);
    const response = await call(t.app, staff, {
      method: 'DELETE',
      url: `/v2/api/claims/mails/${String(id)}?isDelete=true`,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await unreadOf(caseRow.id)).toBe(unread - 1);
    expect((await ingestMail({ ...deps, db: forTenant(t.db, store.tenantId) }, { raw })).status).toBe(
      'tombstoned',
    );
    expect((await mailsOf(staff, caseRow.id)).json<TMailLog[]>().map((m) => m.messageId)).not.toContain(
      '<purge@customer.test>',
    );
    expect(await unreadOf(caseRow.id)).toBe(unread - 1);
    expect((await call(t.app, staff, { url: `/v2/api/claims/mails/${String(id)}` })).statusCode).toBe(404);
  });

  it('refuses to delete a mail waiting in the outbox (409)', async () => {
    const [queued] = await t.db
      .insert(mailLogs)
      .values({
        tenantId: store.tenantId,
        caseId: caseRow.id,
        direction: 'out',
        messageId: '<queued@store.test>',
        subject: 'On its way',
        sendState: 'pending',
      })
      .returning();
    const response = await call(t.app, staff, {
      method: 'DELETE',
      url: `/v2/api/claims/mails/${String(queued?.id ?? 0)}?isDelete=true`,
    });
    expect(response.statusCode).toBe(409);
    expect(
      (await call(t.app, staff, { url: `/v2/api/claims/mails/${String(queued?.id ?? 0)}` })).statusCode,
    ).toBe(200);
  });
});
