/** Access through HTTP: a token's lifetime, and tokens expired, signed with another key or unsigned. */
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { call, requestToken } from '../helpers/api';
import type { UserFixture } from '../helpers/factories';
import { JWT_SECRET, admin, setUpErrors, store, t } from './errors-setup';

setUpErrors();

describe('token lifetime', () => {
  const claimsFor = (user: UserFixture) => ({
    user_name: user.username,
    store_name: store.tenantId,
    authorities: ['ADMIN_USER'],
    grant_type: 'password',
    company: store.companyName,
  });
  const signed = (claims: object, issuedAt: number, expiresAt: number) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(JWT_SECRET));

  it('follows TOKEN_TTL_SECONDS', async () => {
    const response = await requestToken(
      t.app,
      { grant_type: 'password', username: admin.username, password: admin.password },
      store.tenantId,
    );
    const claims = decodeJwt(response.json<{ access_token: string }>().access_token);
    const now = Math.floor(Date.now() / 1000);
    expect(claims.exp).toBeGreaterThanOrEqual(now + 58);
    expect(claims.exp).toBeLessThanOrEqual(now + 61);
  });

  it('refuses an expired token with 401, and accepts the same token still in its lifetime', async () => {
    // The session a real sign-in started: a token names one (sid) and the account's version (sv).
    const issued = await requestToken(
      t.app,
      { grant_type: 'password', username: admin.username, password: admin.password },
      store.tenantId,
    );
    const { sid, sv } = decodeJwt(issued.json<{ access_token: string }>().access_token);
    const now = Math.floor(Date.now() / 1000);
    const live = await signed({ ...claimsFor(admin), sid, sv }, now, now + 60);
    expect(
      (await call(t.app, { token: live, tenantId: store.tenantId }, { url: '/v2/api/users' })).statusCode,
    ).toBe(200);

    const expired = await signed({ ...claimsFor(admin), sid, sv }, now - 120, now - 60);
    const response = await call(
      t.app,
      { token: expired, tenantId: store.tenantId },
      { url: '/v2/api/users' },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a token signed with another key, and one with alg none', async () => {
    const now = Math.floor(Date.now() / 1000);
    const foreign = await new SignJWT(claimsFor(admin))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect(
      (await call(t.app, { token: foreign, tenantId: store.tenantId }, { url: '/v2/api/users' })).statusCode,
    ).toBe(401);
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claimsFor(admin), iat: now, exp: now + 60 })}.`;
    expect(
      (await call(t.app, { token: unsigned, tenantId: store.tenantId }, { url: '/v2/api/users' })).statusCode,
    ).toBe(401);
  });
});
