import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases } from '../../src/db/schema';
import type { IngestDeps } from '../../src/modules/mail/intake/ingest-types';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { forTenant } from '../../src/db/tenant-db';
import { deleteMail, markMailRead } from '../../src/modules/mail/reading/mail-state.service';
import { createCase, createStore } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { mailRows, rawMail } from './mail-store';

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

/** A case with two unread inbound mails from its customer (threaded by the subject tag). */
async function caseWithUnread() {
  const { tenantId } = await createStore(t.db);
  const caseRow = await createCase(t.db, tenantId, { customerEmail: 'kari@customer.test' });
  const ids: number[] = [];
  for (const n of [1, 2]) {
    const outcome = await ingestMail(inStore(tenantId), {
      raw: rawMail({
        messageId: `<u${String(n)}-${tenantId}@customer.test>`,
        subject: `Re: [#${String(caseRow.caseNumber)}]`,
      }),
    });
    if (outcome.status !== 'stored') throw new Error(outcome.status);
    ids.push(outcome.mailLogId);
  }
  const unread = async () =>
    (
      await t.db
        .select()
        .from(cases)
        .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseRow.id)))
    )[0]?.unreadMailCount;
  return { tenantId, caseRow, ids, unread };
}

describe('mail read state and deletion', () => {
  it('moves the case unread count once per real change', async () => {
    const { tenantId, ids, unread } = await caseWithUnread();
    expect(await unread()).toBe(2);
    expect(await markMailRead(forTenant(t.db, tenantId), ids[0] ?? 0, true)).toBe(true);
    expect(await markMailRead(forTenant(t.db, tenantId), ids[0] ?? 0, true)).toBe(true);
    expect(await unread()).toBe(1);
    await markMailRead(forTenant(t.db, tenantId), ids[0] ?? 0, false);
    expect(await unread()).toBe(2);
    const other = await createStore(t.db);
    expect(await markMailRead(forTenant(t.db, other.tenantId), ids[0] ?? 0, true)).toBe(false);
    expect(await unread()).toBe(2);
  });

  it('hides a deleted mail, or purges it with a tombstone so the mailbox never brings it back', async () => {
    const { tenantId, caseRow, ids, unread } = await caseWithUnread();
    expect(
      await deleteMail(forTenant(t.db, tenantId), ids[0] ?? 0, { isPurge: false, by: 'staff@store.test' }),
    ).toBe(true);
    expect(await unread()).toBe(1);
    expect((await mailRows(t.db, tenantId)).find((r) => r.id === ids[0])?.isDeleted).toBe(true);

    const [purged] = (await mailRows(t.db, tenantId)).filter((r) => r.id === ids[1]);
    expect(
      await deleteMail(forTenant(t.db, tenantId), ids[1] ?? 0, { isPurge: true, by: 'staff@store.test' }),
    ).toBe(true);
    expect(await unread()).toBe(0);
    expect((await mailRows(t.db, tenantId)).map((r) => r.id)).toEqual([ids[0]]);
    const again = await ingestMail(inStore(tenantId), {
      raw: rawMail({ messageId: purged?.messageId ?? '', subject: `Re: [#${String(caseRow.caseNumber)}]` }),
    });
    expect(again.status).toBe('tombstoned');
    expect(await unread()).toBe(0);
  });
});
