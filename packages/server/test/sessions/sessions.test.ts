/**
 * Sessions that end (issue 34, point 2): sign-out on the server, sign out everywhere, a password
 * change ending the other sessions, a disabled staff user refused at once. Each path is observed
 * as a client would: the token that stood gets 401 within a second.
 */
import type { TListSessionsResponse, TUser } from '@claimdesk/contracts';
import { ACCOUNT_DISABLED_DESCRIPTION } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, requestToken, signIn, type Session } from '../helpers/api';
import { createStore, createUser, type StoreFixture, type UserFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { untilRefused } from './session-polling';

let t: TestApp;
let store: StoreFixture;
let admin: Session;

const stands = async (session: Session) =>
  (await call(t.app, session, { url: '/v2/api/stores/setting' })).statusCode;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
});
afterAll(() => t.close());

describe('signing out', () => {
  it('ends the session on the server: its token is refused, the same user elsewhere goes on', async () => {
    const user = await createUser(t.db, store.tenantId);
    const laptop = await signIn(t.app, user);
    const phone = await signIn(t.app, user);
    expect(await stands(laptop)).toBe(200);

    const out = await call(t.app, laptop, { method: 'POST', url: '/v2/api/sign-out' });
    expect(out.statusCode).toBe(204);
    expect(await untilRefused(() => stands(laptop))).toBeLessThan(1000);
    expect(await stands(phone)).toBe(200);
  });

  it('signs out everywhere: every session of the user ends, this one too, and the audit log says so', async () => {
    const user = await createUser(t.db, store.tenantId);
    const sessions = [await signIn(t.app, user), await signIn(t.app, user), await signIn(t.app, user)];
    const [first] = sessions;
    if (!first) throw new Error('no session');
    const listed = await call(t.app, first, { url: '/v2/api/sessions' });
    expect(listed.statusCode).toBe(200);
    const own = listed.json<TListSessionsResponse>();
    expect(own).toHaveLength(3);
    expect(own.filter((s) => s.isCurrent)).toHaveLength(1);

    expect(
      (await call(t.app, first, { method: 'POST', url: '/v2/api/sign-out-everywhere' })).statusCode,
    ).toBe(204);
    for (const session of sessions) expect(await untilRefused(() => stands(session))).toBeLessThan(1000);
    // A new sign-in works as before.
    expect(await stands(await signIn(t.app, user))).toBe(200);
  });
});

describe('a password change', () => {
  it('of one’s own ends every other session and keeps the one that changed it', async () => {
    const user = await createUser(t.db, store.tenantId);
    const here = await signIn(t.app, user);
    const elsewhere = await signIn(t.app, user);
    const changed = await call(t.app, here, {
      method: 'PUT',
      url: `/v2/api/users/update-password/${String(user.id)}`,
      body: { password: 'A-new-passw0rd!', oldPassword: user.password },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await untilRefused(() => stands(elsewhere))).toBeLessThan(1000);
    expect(await stands(here)).toBe(200);
  });

  it('set by an administrator ends all of that user’s sessions', async () => {
    const user = await createUser(t.db, store.tenantId);
    const theirs = await signIn(t.app, user);
    const set = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/users/update-password/${String(user.id)}`,
      body: { password: 'Temporary-passw0rd!' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await untilRefused(() => stands(theirs))).toBeLessThan(1000);
  });
});

describe('disabling a staff user', () => {
  let user: UserFixture;
  let theirs: Session;

  beforeAll(async () => {
    user = await createUser(t.db, store.tenantId, { firstName: 'Dis', lastName: 'Abled' });
    theirs = await signIn(t.app, user);
  });

  const setDisabled = (session: Session, id: number, isDisabled: boolean) =>
    call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/users/${String(id)}/disabled`,
      body: { isDisabled },
    });

  it('refuses the user on every request at once and at sign-in, keeping the user listed', async () => {
    expect(await stands(theirs)).toBe(200);
    const disabled = await setDisabled(admin, user.id, true);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<TUser>().isDisabled).toBe(true);
    expect(await untilRefused(() => stands(theirs))).toBeLessThan(1000);

    const again = await requestToken(
      t.app,
      { grant_type: 'password', username: user.username, password: user.password },
      store.tenantId,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error_description: string }>().error_description).toBe(ACCOUNT_DISABLED_DESCRIPTION);
    // A wrong password still says only that the combination is wrong.
    const wrong = await requestToken(
      t.app,
      { grant_type: 'password', username: user.username, password: 'not-it' },
      store.tenantId,
    );
    expect(wrong.json<{ error_description: string }>().error_description).toBe('Bad credentials');

    const listed = (await call(t.app, admin, { url: '/v2/api/users' })).json<TUser[]>();
    expect(listed.find((u) => u.id === user.id)?.isDisabled).toBe(true);
    const assignees = (await call(t.app, admin, { url: '/v2/api/claims/assignees' })).json<
      { username: string }[]
    >();
    expect(assignees.map((a) => a.username)).not.toContain(user.username);
  });

  it('enabling lets the user sign in again', async () => {
    expect((await setDisabled(admin, user.id, false)).json<TUser>().isDisabled).toBe(false);
    expect(await stands(await signIn(t.app, user))).toBe(200);
  });

  it('is for administrators, never of oneself', async () => {
    const agent = await signIn(t.app, await createUser(t.db, store.tenantId));
    expect((await setDisabled(agent, user.id, true)).statusCode).toBe(403);
    const self = await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] });
    const selfSession = await signIn(t.app, self);
    const refused = await setDisabled(selfSession, self.id, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('isDisabled');
    const other = await createStore(t.db);
    const otherAdmin = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
    expect((await setDisabled(otherAdmin, user.id, true)).statusCode).toBe(404);
  });
});
