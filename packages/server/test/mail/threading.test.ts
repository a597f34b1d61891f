import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { caseTimeline, cases } from '../../src/db/schema';
import type { IngestDeps } from '../../src/modules/mail/intake/ingest-types';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { forTenant } from '../../src/db/tenant-db';
import type { ThreadingOptions } from '../../src/modules/mail/threading/find-case.service';
import { createCase, createStore } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';

let t: TestApp;
let deps: Omit<IngestDeps, 'db'>;
/** Ingest's dependencies in the given store. */
const inStore = (tenantId: string, d = deps): IngestDeps => ({ ...d, db: forTenant(t.db, tenantId) });
beforeAll(async () => {
  t = await createTestApp();
  deps = { files: t.app.deps.files };
});
afterAll(async () => {
  await t.close();
});

const CUSTOMER = 'kari@customer.test';
let mailCount = 0;

/** A store with a case of Kari's and our first mail to her on it. */
async function caseWithMail(overrides: { participants?: string[] } = {}) {
  const { tenantId } = await createStore(t.db);
  const row = await createCase(t.db, tenantId, { customerEmail: 'Kari@Customer.test', ...overrides });
  const ourId = `<claimdesk.case-${String(row.caseNumber)}.abc@${tenantId}.test>`;
  await t.db.insert(mailLogs).values({
    tenantId,
    caseId: row.id,
    direction: 'out',
    messageId: ourId,
    fromAddress: `support@${tenantId}.test`,
    to: [{ address: CUSTOMER }],
    cc: [{ address: 'partner@customer.test' }],
    subject: `Your claim [#${String(row.caseNumber)}]`,
    sendState: 'sent',
    isRead: true,
  });
  return { tenantId, caseRow: row, ourId };
}

/** Ingests a mail and answers the case it landed on (null: unmapped). */
async function deliver(
  tenantId: string,
  mail: { from?: string; subject?: string; headers?: string[] },
  threading?: ThreadingOptions,
): Promise<number | null> {
  mailCount += 1;
  const messageId = `<reply-${String(mailCount)}@customer.test>`;
  const outcome = await ingestMail(inStore(tenantId), { raw: rawMail({ messageId, ...mail }), threading });
  expect(outcome.status).toBe('stored');
  const [row] = await t.db
    .select({ caseId: mailLogs.caseId })
    .from(mailLogs)
    .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.messageId, messageId)));
  return row?.caseId ?? null;
}

describe('threading inbound mail onto cases', () => {
  it('follows In-Reply-To, raises the unread count and notes the mail on the timeline', async () => {
    const { tenantId, caseRow, ourId } = await caseWithMail();
    expect(await deliver(tenantId, { from: 'someone@else.test', headers: [`In-Reply-To: ${ourId}`] })).toBe(
      caseRow.id,
    );
    const [after] = await t.db
      .select()
      .from(cases)
      .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseRow.id)));
    expect(after?.unreadMailCount).toBe(1);
    const timeline = await t.db
      .select()
      .from(caseTimeline)
      .where(and(eq(caseTimeline.tenantId, tenantId), eq(caseTimeline.caseId, caseRow.id)));
    const entry = timeline.find((e) => e.kind === 'mail-in');
    expect(entry).toMatchObject({ actor: 'someone@else.test' });
    expect(entry?.mailLogId).toEqual(expect.any(Number));
  });

  it('follows the References ids past unknown ones, and our own ids name their case', async () => {
    const { tenantId, caseRow, ourId } = await caseWithMail();
    expect(await deliver(tenantId, { headers: [`References: ${ourId} <unknown@elsewhere.test>`] })).toBe(
      caseRow.id,
    );
    const ownButGone = `<claimdesk.case-${String(caseRow.caseNumber)}.zzz@${tenantId}.test>`;
    expect(await deliver(tenantId, { headers: [`In-Reply-To: ${ownButGone}`] })).toBe(caseRow.id);
  });

  it('takes a subject tag only from someone who takes part in the case', async () => {
    const { tenantId, caseRow } = await caseWithMail({ participants: ['helper@customer.test'] });
    const subject = `Re: Your claim [#${String(caseRow.caseNumber)}]`;
    expect(await deliver(tenantId, { from: 'stranger@evil.test', subject })).toBeNull();
    expect(await deliver(tenantId, { from: `Kari <${CUSTOMER}>`, subject })).toBe(caseRow.id);
    expect(await deliver(tenantId, { from: 'helper@customer.test', subject })).toBe(caseRow.id);
    expect(await deliver(tenantId, { from: 'partner@customer.test', subject })).toBe(caseRow.id);
    expect(await deliver(tenantId, { from: 'stranger@evil.test', subject: 'Re: [#99999]' })).toBeNull();
  });

  it('uses the single-open-case rule only where the store turns it on', async () => {
    const { tenantId, caseRow } = await caseWithMail();
    const plain = { from: CUSTOMER, subject: 'Any news?' };
    expect(await deliver(tenantId, plain)).toBeNull();
    expect(await deliver(tenantId, plain, { useSingleOpenCase: true })).toBe(caseRow.id);
    await createCase(t.db, tenantId, { customerEmail: CUSTOMER });
    expect(await deliver(tenantId, plain, { useSingleOpenCase: true })).toBeNull();
  });

  it('leaves a reply unmapped when its case was deleted, and never threads across stores', async () => {
    const { tenantId, caseRow, ourId } = await caseWithMail();
    const other = await createStore(t.db);
    expect(await deliver(other.tenantId, { headers: [`In-Reply-To: ${ourId}`] })).toBeNull();
    await t.db
      .update(cases)
      .set({ deletedAt: new Date() })
      .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseRow.id)));
    expect(await deliver(tenantId, { headers: [`In-Reply-To: ${ourId}`] })).toBeNull();
  });
});
