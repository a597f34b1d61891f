/**
 * Deleting a case takes it off every address (issue 34 point 4): before, its mails, timeline and
 * attachments still answered 200. Each address that answers 200 for a live case answers 404 once
 * an administrator has deleted it, for the administrator too.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailAttachments } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Session;
let agent: Session;
let addresses: string[];

beforeAll(async () => {
  t = await createTestApp();
  const store = await createStore(t.db);
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  agent = await signIn(t.app, await createUser(t.db, store.tenantId));
  const c = await createCase(t.db, store.tenantId, {
    customerEmail: 'per@kunde.test',
    purchaseDate: '2025-06-01',
  });
  const boundary = 'b-deleted-case';
  const raw = Buffer.from(
    [
      'From: Per <per@kunde.test>',
      'To: support@store.test',
      `Subject: Photo [#${String(c.caseNumber)}]`,
      'Message-ID: <deleted-case@kunde.test>',
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'See the photo.',
      `--${boundary}`,
      'Content-Type: text/plain',
      'Content-Disposition: attachment; filename="note.txt"',
      '',
      'A note',
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
  const outcome = await ingestMail({ files: t.app.deps.files, db: forTenant(t.db, store.tenantId) }, { raw });
  if (outcome.status !== 'stored') throw new Error(outcome.status);
  const mailId = outcome.mailLogId;
  const [file] = await t.db.select().from(mailAttachments).where(eq(mailAttachments.mailLogId, mailId));
  const detail = `mails/${String(mailId)}/${String(file?.id ?? 0)}`;
  const cost = await call(t.app, agent, {
    method: 'POST',
    url: `/v2/api/claims/${String(c.id)}/costs`,
    body: {
      costType: 'shipping',
      amountMinor: 100,
      currency: 'NOK',
      vatRate: 25,
      costDate: '2026-01-15',
      paidBy: 'supplier',
    },
  });
  expect(cost.statusCode, cost.body).toBe(201);
  addresses = [
    `/v2/api/claims/${String(c.id)}`,
    `/v2/api/claims/number/${String(c.caseNumber)}`,
    `/v2/api/claims/${String(c.id)}/timeline`,
    `/v2/api/claims/${String(c.id)}/costs`,
    `/v2/api/claims/${String(c.id)}/supplier-answers`,
    `/v2/api/claims/mails/${String(c.id)}/mail-logs`,
    `/v2/api/claims/mails/${String(mailId)}`,
    `/v2/api/claims/mails/${String(mailId)}/source`,
    `/v2/api/claims/mails/mail-attachment?attachmentDetail=${detail}`,
    `/v2/api/claims/mails/preview/attachment?attachmentDetail=${detail}`,
    `/v2/api/claims/mails/zip/${String(mailId)}/attachments`,
  ];
  for (const url of addresses) {
    const res = await call(t.app, admin, { url });
    expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
  }
  const deleted = await call(t.app, admin, { method: 'DELETE', url: `/v2/api/claims/${String(c.id)}` });
  expect(deleted.statusCode).toBe(204);
});
afterAll(() => t.close());

describe('a deleted case', () => {
  it('answers 404 at every address that answered 200, to an administrator and an agent', async () => {
    for (const session of [admin, agent])
      for (const url of addresses) {
        const res = await call(t.app, session, { url });
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(404);
      }
  });
});
