/** Cases through HTTP: deleting a case (administrators only, soft). */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../helpers/api';
import { createUser } from '../helpers/factories';
import { caseTimeline } from '../../src/db/schema';
import { adminSession, agentSession, created, setUpCases, store, t } from './cases-setup';

setUpCases();

describe('deleting a case', () => {
  it('is for administrators only; soft, so the case is gone from reads, its timeline rows kept', async () => {
    const c = await created();
    const refused = await call(t.app, agentSession, { method: 'DELETE', url: `/v2/api/claims/${c.id}` });
    expect(refused.statusCode).toBe(403);
    const deleted = await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/claims/${c.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await call(t.app, agentSession, { url: `/v2/api/claims/${c.id}` })).statusCode).toBe(404);
    expect(
      (await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/claims/${c.id}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, agentSession, {
          method: 'PUT',
          url: `/v2/api/claims/${c.id}`,
          body: { version: 1 },
        })
      ).statusCode,
    ).toBe(404);
    const list = await call(t.app, agentSession, {
      url: '/v2/api/claims?type=open&workFlow=claim&limit=200',
    });
    expect(list.json<{ items: { id: number }[] }>().items.map((i) => i.id)).not.toContain(c.id);
    // Nothing of a deleted case answers at its address, for administrators neither (issue 34.4);
    // the rows stay in the database.
    for (const session of [adminSession, agentSession])
      expect((await call(t.app, session, { url: `/v2/api/claims/${c.id}/timeline` })).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(caseTimeline)
      .where(and(eq(caseTimeline.tenantId, store.tenantId), eq(caseTimeline.caseId, c.id)));
    expect(rows).toHaveLength(2);
  });

  it('accepts both super-admin spellings', async () => {
    for (const role of ['SUPER_ADMIN_USER', 'SUPPER_ADMIN_USER'] as const) {
      const session = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: [role] }));
      const c = await created();
      expect(
        (await call(t.app, session, { method: 'DELETE', url: `/v2/api/claims/${c.id}` })).statusCode,
      ).toBe(204);
    }
  });
});
