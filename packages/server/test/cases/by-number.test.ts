/** Cases through HTTP: reading a case by the number people see, per store and per contact. */
import type { TCase } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp } from '../helpers/api';
import { createCase, createContact, createUser } from '../helpers/factories';
import {
  type ErrorBody,
  adminSession,
  agentSession,
  created,
  other,
  setUpCases,
  store,
  t,
} from './cases-setup';

setUpCases();

describe('reading a case by its number', () => {
  it('finds the store’s case by the number people see, never another store’s, a deleted one or a contact’s other case', async () => {
    const c = await created();
    const byNumber = await call(t.app, agentSession, { url: `/v2/api/claims/number/${c.caseNumber}` });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json()).toEqual(c);
    // Numbers start again in each store: the other store's case with the same number is its own.
    const otherSession = await signIn(t.app, await createUser(t.db, other.tenantId));
    const theirs = await createCase(t.db, other.tenantId, { customerName: 'Their customer' });
    const ownNumber = await call(t.app, otherSession, { url: `/v2/api/claims/number/${theirs.caseNumber}` });
    expect(ownNumber.json<TCase>().id).toBe(theirs.id);
    const mine = await call(t.app, otherSession, { url: `/v2/api/claims/number/${c.caseNumber}` });
    if (c.caseNumber === theirs.caseNumber) expect(mine.json<TCase>().id).toBe(theirs.id);
    else expect(mine.statusCode).toBe(404);
    expect(mine.body).not.toContain('Kari Nordmann');
    expect((await call(t.app, agentSession, { url: '/v2/api/claims/number/9999999' })).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const response = await call(t.app, agentSession, { url: `/v2/api/claims/number/${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<ErrorBody>().fieldErrors, bad).toHaveProperty('caseNumber');
    }
    await call(t.app, adminSession, { method: 'DELETE', url: `/v2/api/claims/${c.id}` });
    expect(
      (await call(t.app, agentSession, { url: `/v2/api/claims/number/${c.caseNumber}` })).statusCode,
    ).toBe(404);
  });

  it('shows a one-time-code contact only the cases they take part in', async () => {
    const contact = await createContact(t.db, store.tenantId);
    const mine = await createCase(t.db, store.tenantId, { participants: [contact.email] });
    const notMine = await createCase(t.db, store.tenantId);
    const otp = await signInWithOtp(t.app, t.dataDir, contact.email);
    const read = (n: number) => call(t.app, otp, { url: `/v2/api/claims/number/${n}` });
    expect((await read(mine.caseNumber)).json<TCase>().id).toBe(mine.id);
    expect((await read(notMine.caseNumber)).statusCode).toBe(404);
  });
});
