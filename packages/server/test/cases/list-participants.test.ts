/** Case lists through HTTP: one-time-code participants and EXT_USER accounts. */
import { describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp } from '../helpers/api';
import { createCase, createContact, createUser } from '../helpers/factories';
import { list, session, setUpCaseLists, store, t } from './list-setup';

setUpCaseLists();

describe('one-time-code participants', () => {
  it('list and read only the cases they take part in, and change nothing', async () => {
    const contact = await createContact(t.db, store.tenantId, { email: 'lev@supplier.test' });
    const mine = await createCase(t.db, store.tenantId, {
      customerName: 'Shared with Lev',
      participants: [contact.email],
    });
    const notMine = await createCase(t.db, store.tenantId, { customerName: 'Not shared' });
    const otp = await signInWithOtp(t.app, t.dataDir, contact.email);
    const rows = (await list('type=open&workFlow=claim', otp)).items;
    expect(rows.map((r) => r.id)).toEqual([mine.id]);
    // A search finds only their cases too.
    expect((await list('type=open&workFlow=claim&search=shared', otp)).items.map((r) => r.id)).toEqual([
      mine.id,
    ]);
    expect((await list('type=open&workFlow=claim&search=not', otp)).items).toEqual([]);
    expect((await call(t.app, otp, { url: `/v2/api/claims/${mine.id}` })).statusCode).toBe(200);
    expect((await call(t.app, otp, { url: `/v2/api/claims/${notMine.id}` })).statusCode).toBe(404);
    const writes = [
      {
        method: 'POST' as const,
        url: '/v2/api/claims',
        body: { workFlow: 'claim', customer: { name: 'X' } },
      },
      { method: 'PUT' as const, url: `/v2/api/claims/${mine.id}`, body: { version: 1, description: 'x' } },
      {
        method: 'PUT' as const,
        url: `/v2/api/claims/${mine.id}/status`,
        body: { version: 1, status: 'resolved' },
      },
      { method: 'PUT' as const, url: `/v2/api/claims/${mine.id}/archive`, body: { version: 1 } },
      { method: 'DELETE' as const, url: `/v2/api/claims/${mine.id}` },
      { method: 'GET' as const, url: `/v2/api/claims/${mine.id}/timeline` },
      { method: 'GET' as const, url: '/v2/api/reports/dashboard' },
    ];
    for (const write of writes) {
      expect((await call(t.app, otp, write)).statusCode, write.url).toBe(403);
    }
    const read = await call(t.app, session, { url: `/v2/api/claims/${mine.id}` });
    expect(read.json()).toMatchObject({ version: 1, status: 'new', isArchived: false });
  });

  it('refuses EXT_USER accounts', async () => {
    const ext = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['EXT_USER'] }));
    expect((await call(t.app, ext, { url: '/v2/api/claims?type=open&workFlow=claim' })).statusCode).toBe(403);
    expect((await call(t.app, ext, { url: '/v2/api/claims/assignees' })).statusCode).toBe(403);
  });
});
