/** A mailed set-password link (reset or invitation) is bound to its store: another store finds nothing. */
import { describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { waitForLinks } from '../helpers/password-links';
import { a, otherCompany, sameCompany, setUpSweep, t } from './sweep-setup';

setUpSweep();

describe('tenancy sweep over every registered route', () => {
  it('binds a mailed set-password link to its store: another store’s header finds nothing', async () => {
    const user = await createUser(t.db, a.store.tenantId);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/v2/api/users/forgot-password',
      payload: { email: user.username },
    });
    expect(asked.statusCode).toBe(202);
    const [link] = await waitForLinks(t.dataDir, user.username, 1);
    expect(link?.store).toBe(a.store.tenantId);
    const token = link?.token ?? '';
    const inStore = (tenantId: string) => ({ 'x-tenant-id': tenantId });
    for (const b of [sameCompany, otherCompany]) {
      const shown = await t.app.inject({
        method: 'GET',
        url: `/v2/api/users/password-link?token=${token}`,
        headers: inStore(b.store.tenantId),
      });
      expect(shown.statusCode).toBe(404);
      const used = await t.app.inject({
        method: 'POST',
        url: '/v2/api/users/set-password',
        headers: inStore(b.store.tenantId),
        payload: { token, password: 'Taken-over-1' },
      });
      expect(used.statusCode).toBe(404);
    }
    const own = await t.app.inject({
      method: 'POST',
      url: '/v2/api/users/set-password',
      headers: inStore(a.store.tenantId),
      payload: { token, password: 'Own-choice-1' },
    });
    expect(own.statusCode).toBe(200);
  });
});
