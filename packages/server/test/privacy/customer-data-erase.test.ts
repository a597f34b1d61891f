/**
 * A customer's data on request (issue 34 point 4) through HTTP, erasing: nothing of the customer
 * answers any more, its files are gone, the figures stay, the audit log says how much; and the
 * tombstone rule at ingest (these tests build on each other).
 */
import type { TCase, TCaseCosts } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import {
  attachmentUrl,
  caseA,
  caseByPhone,
  caseSearch,
  customerSession,
  EMAIL,
  fileKeysOf,
  get,
  mailSearch,
  mine,
  OTHER,
  otherCase,
  otherMail,
  PHONE,
  post,
  rawIn,
  setUpCustomerData,
  store,
  t,
} from './customer-data-setup';

setUpCustomerData();

describe('erasing', () => {
  it('erases the customer: nothing of it answers, its files are gone, the figures stay', async () => {
    const before = {
      cases: (await get('/v2/api/reports/cases?from=2025-01-01&to=2026-12-31')).json<unknown>(),
      suppliers: (await get('/v2/api/reports/suppliers?from=2025-01-01&to=2026-12-31')).json<unknown>(),
      costs: await Promise.all(
        [caseA, caseByPhone, otherCase].map(async (c) =>
          (await get(`/v2/api/claims/${String(c.id)}/costs`)).json<TCaseCosts>(),
        ),
      ),
    };
    const myKeys = await fileKeysOf([mine.inbound ?? 0, mine.unmapped ?? 0, mine.outbound ?? 0]);
    const otherKeys = await fileKeysOf([otherMail]);
    const mineUrls = await Promise.all([mine.inbound ?? 0, mine.outbound ?? 0].map(attachmentUrl));
    for (const url of mineUrls) expect((await get(url)).statusCode).toBe(200);
    expect((await get('/v2/api/claims', customerSession)).statusCode).not.toBe(401);

    const res = await post('/v2/api/privacy/customer-data/erase', {
      email: EMAIL,
      phone: PHONE,
      confirmEmail: ` ${EMAIL.toUpperCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cases: 2, mails: 3, attachments: 2, costLines: 2, sessionsEnded: 1 });
    expect(res.json<{ filesDeleted: number }>().filesDeleted).toBe(new Set(myKeys).size);

    // No search finds it, no address answers it.
    for (const words of [EMAIL, 'Nordmann', PHONE, '91234567', 'Storgata'])
      expect(await caseSearch(words)).toEqual([]);
    for (const words of [EMAIL, 'Nordmann', 'descaler']) expect(await mailSearch(words)).toEqual([]);
    for (const id of Object.values(mine))
      expect((await get(`/v2/api/claims/mails/${String(id)}`)).statusCode).toBe(404);
    for (const url of mineUrls) expect((await get(url)).statusCode).toBe(404);
    const thread = await get(`/v2/api/claims/mails/${String(caseA.id)}/mail-logs`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json<unknown[]>()).toEqual([]);
    const detail = (await get(`/v2/api/claims/${String(caseA.id)}`)).json<TCase>();
    expect(detail).toMatchObject({ caseNumber: caseA.caseNumber, customer: { name: '[erased]' } });
    expect(detail.customer.email ?? null).toBeNull();
    expect(detail.customer.phone ?? null).toBeNull();
    expect(JSON.stringify(detail)).not.toMatch(/nordmann|912 34 567|storgata/i);
    const timeline = await get(`/v2/api/claims/${String(caseA.id)}/timeline`);
    expect(timeline.body).not.toMatch(/nordmann|kunde\.test/i);
    const csv = await get('/v2/api/exports/cases?type=open&workFlow=claim');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(String(caseA.caseNumber));
    expect(csv.body).not.toMatch(/nordmann|912 34 567|storgata/i);
    expect(csv.body).toContain('Kari Hansen');

    // The files are gone from the file store; the other customer's stay.
    for (const key of myKeys) expect(await t.app.deps.files.has(key)).toBe(false);
    for (const key of otherKeys) expect(await t.app.deps.files.has(key)).toBe(true);

    // The figures add up as before; the cost note no longer names the customer.
    expect((await get('/v2/api/reports/cases?from=2025-01-01&to=2026-12-31')).json<unknown>()).toEqual(
      before.cases,
    );
    expect((await get('/v2/api/reports/suppliers?from=2025-01-01&to=2026-12-31')).json<unknown>()).toEqual(
      before.suppliers,
    );
    const after = await Promise.all(
      [caseA, caseByPhone, otherCase].map(async (c) =>
        (await get(`/v2/api/claims/${String(c.id)}/costs`)).json<TCaseCosts>(),
      ),
    );
    expect(after.map((c) => c.lines.map((l) => l.netMinor))).toEqual(
      before.costs.map((c) => c.lines.map((l) => l.netMinor)),
    );
    expect(JSON.stringify(after)).not.toContain(EMAIL);

    // The other customer is untouched.
    expect((await get(`/v2/api/claims/mails/${String(otherMail)}`)).statusCode).toBe(200);
    expect((await get(await attachmentUrl(otherMail))).statusCode).toBe(200);
    expect((await get(`/v2/api/claims/${String(otherCase.id)}`)).json<TCase>().customer).toMatchObject({
      name: 'Kari Hansen',
      email: OTHER,
    });

    // The customer's own sign-in has ended.
    expect((await get('/v2/api/claims', customerSession)).statusCode).toBe(401);

    // The audit log says who, what and how much, without the address.
    const audit = await get('/v2/api/audit-log?action=customer.erased');
    const entries = audit.json<{
      items: { actor: string; targetId: string; changes: { detail?: Record<string, unknown> } }[];
    }>().items;
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes.detail).toMatchObject({
      cases: 2,
      mails: 3,
      attachments: 2,
      costLines: 2,
      sessionsEnded: 1,
    });
    expect(entries[0]?.targetId).toContain(String(caseA.caseNumber));
    expect(audit.body).not.toContain(EMAIL);

    // An export now finds nothing.
    const again = await post('/v2/api/privacy/customer-data/search', { email: EMAIL, phone: PHONE });
    expect(again.json()).toMatchObject({ cases: 0, mails: 0 });
  });

  it('never takes an erased mail in again (the tombstone rule)', async () => {
    const outcome = await ingestMail(
      { files: t.app.deps.files, db: forTenant(t.db, store.tenantId) },
      { raw: rawIn },
    );
    expect(outcome.status).toBe('tombstoned');
    expect(await mailSearch(EMAIL)).toEqual([]);
    const rows = await t.db.select().from(mailLogs).where(eq(mailLogs.messageId, '<ola-1@kunde.test>'));
    expect(rows).toEqual([]);
  });
});
