/** Access through HTTP: user management by role, and one-time-code sessions on the password users' routes. */
import { describe, expect, it } from 'vitest';
import type { TRole } from '@claimdesk/contracts';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createContact, createUser } from '../helpers/factories';
import { multipartFile, pngBytes } from '../helpers/files';
import { adminSession, setUpErrors, store, t, victim } from './errors-setup';

setUpErrors();

describe('role gating (source section 6)', () => {
  const userManagement = (session: Session) => [
    call(t.app, session, { url: '/v2/api/users' }),
    call(t.app, session, { url: '/v2/api/users/roles' }),
    call(t.app, session, {
      method: 'POST',
      url: '/v2/api/users',
      body: {
        username: `gated-${Date.now()}@example.test`,
        firstName: 'G',
        lastName: 'G',
        roles: ['STANDARD_USER'],
        password: 'Gated-pass-1',
      },
    }),
    call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/users/${victim.id}`,
      body: { username: victim.username, firstName: 'Hacked', lastName: 'Name', roles: ['ADMIN_USER'] },
    }),
    call(t.app, session, { method: 'DELETE', url: `/v2/api/users/${victim.id}` }),
    call(t.app, session, {
      method: 'POST',
      url: `/v2/api/users/profile-picture/${victim.id}`,
      ...multipartBody(),
    }),
  ];
  const multipartBody = () => {
    const { payload, headers } = multipartFile(pngBytes());
    return { body: payload, headers };
  };

  for (const role of ['STANDARD_USER', 'MANAGER_USER', 'TEST_ROLE', 'EXT_USER'] as TRole[]) {
    it(`refuses ${role} on user management (403)`, async () => {
      const session = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: [role] }));
      for (const response of await Promise.all(userManagement(session))) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      const list = await call(t.app, adminSession, {
        url: `/v2/api/users?search=${encodeURIComponent(victim.username)}`,
      });
      expect(list.json()).toMatchObject([
        { id: victim.id, firstName: 'Test', roles: ['STANDARD_USER'], profilePicUrl: null },
      ]);
    });
  }

  for (const role of ['SUPER_ADMIN_USER', 'SUPPER_ADMIN_USER'] as TRole[]) {
    it(`accepts ${role} as an administrator`, async () => {
      const session = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: [role] }));
      expect((await call(t.app, session, { url: '/v2/api/users' })).statusCode).toBe(200);
      const roles = await call(t.app, session, { url: '/v2/api/users/roles' });
      expect(roles.json()).toEqual(expect.arrayContaining(['SUPER_ADMIN_USER', 'SUPPER_ADMIN_USER']));
      const created = await call(t.app, session, {
        method: 'POST',
        url: '/v2/api/users',
        body: {
          username: `by-${role.toLowerCase()}@${store.tenantId}.test`,
          firstName: 'S',
          lastName: 'A',
          roles: [role],
          password: 'Super-pass-1',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
    });
  }
});

describe('one-time-code sessions', () => {
  it('are refused (403) on the routes for password users', async () => {
    const contact = await createContact(t.db, store.tenantId);
    const session = await signInWithOtp(t.app, t.dataDir, contact.email);
    const responses = await Promise.all([
      call(t.app, session, {
        url: `/v2/api/users/by-user-name?userName=${encodeURIComponent(contact.email)}`,
      }),
      call(t.app, session, { url: '/v2/api/users/user-preference' }),
      call(t.app, session, { method: 'PUT', url: '/v2/api/users/user-preference', body: { language: 'en' } }),
      call(t.app, session, {
        method: 'PUT',
        url: `/v2/api/users/update-password/${victim.id}`,
        body: { password: 'Otp-hijack-1' },
      }),
      call(t.app, session, {
        method: 'POST',
        url: '/v2/api/users/profile-picture',
        ...(() => {
          const { payload, headers } = multipartFile(pngBytes());
          return { body: payload, headers };
        })(),
      }),
      call(t.app, session, { url: '/v2/api/users' }),
    ]);
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(403);
    }
    // The same session is otherwise valid: a contact's own routes answer it.
    expect((await call(t.app, session, { url: '/v2/api/sessions' })).statusCode).toBe(200);
  });
});
