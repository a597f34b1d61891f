/** Cases through HTTP: the list of assignees, for staff and for a one-time-code contact. */
import { describe, expect, it } from 'vitest';
import { call, signInWithOtp } from '../helpers/api';
import { createCase, createContact } from '../helpers/factories';
import { admin, agent, agentSession, setUpCases, store, t } from './cases-setup';

setUpCases();

describe('assignees', () => {
  it('lists the store’s staff by name', async () => {
    const response = await call(t.app, agentSession, { url: '/v2/api/claims/assignees' });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ username: string; fullName: string }[]>();
    expect(list).toEqual(
      expect.arrayContaining([
        { username: admin.username, fullName: 'Ada Admin' },
        { username: agent.username, fullName: 'Alex Agent' },
      ]),
    );
    expect(list.every((u) => u.username.endsWith(`@${store.tenantId}.test`))).toBe(true);
  });
});

describe('assignees for a one-time-code contact', () => {
  it('refuses a one-time-code contact the list of the store’s staff (403)', async () => {
    const contact = await createContact(t.db, store.tenantId);
    await createCase(t.db, store.tenantId, { assignee: admin.username, participants: [contact.email] });
    const otp = await signInWithOtp(t.app, t.dataDir, contact.email);
    const response = await call(t.app, otp, { url: '/v2/api/claims/assignees' });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.body).not.toContain(admin.username);
  });
});
