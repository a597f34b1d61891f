/**
 * Set-up of the audit log tests (test/audit-log/*): a stand-in OAuth provider, one app using it, a
 * store with a super administrator signed in, an administrator of another store signed in, and
 * helpers that read the log. A test file calls setUpAuditLog() once; the values below are set in
 * its beforeAll.
 */
import http from 'node:http';
import type { TAuditLogEntry, TListAuditLogResponse } from '@claimdesk/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser, type StoreFixture, type UserFixture } from '../helpers/factories';
import { freePort } from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';

export let t: TestApp;
export let store: StoreFixture;
export let admin: UserFixture;
export let session: Session;
export let otherSession: Session;
let provider: { url: string; stop: () => Promise<void> };

/** A provider's token and userinfo endpoints, answering one Google account. */
async function startProvider() {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/token') {
        response.end(
          JSON.stringify({
            access_token: 'access-secret-1',
            refresh_token: 'refresh-secret-1',
            expires_in: 3600,
          }),
        );
      } else {
        response.end(JSON.stringify({ email: 'google-box@audit-shop.test' }));
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${String(port)}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function setUpAuditLog(): void {
  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp({
      GOOGLE_OAUTH_TOKEN_URL: `${provider.url}/token`,
      GOOGLE_OAUTH_USERINFO_URL: `${provider.url}/userinfo`,
      GOOGLE_OAUTH_CLIENT_ID: 'google-client',
      GOOGLE_OAUTH_CLIENT_SECRET: 'google-secret',
      GOOGLE_OAUTH_REDIRECT_URI: 'http://localhost:3000/external/google/oauth',
    });
    store = await createStore(t.db);
    admin = await createUser(t.db, store.tenantId, { roles: ['SUPER_ADMIN_USER'] });
    session = await signIn(t.app, admin);
    const other = await createStore(t.db);
    otherSession = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });
}

export const auditLogOf = async (s: Session, query = '') => {
  const response = await call(t.app, s, { url: `/v2/api/audit-log${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TListAuditLogResponse>();
};

/** The newest entry of an action (with this target), as the API answers it. */
export async function entryOf(action: string, target?: string): Promise<TAuditLogEntry> {
  const query = `?action=${action}${target ? `&target=${encodeURIComponent(target)}` : ''}`;
  const [entry] = (await auditLogOf(session, query)).items;
  if (!entry) throw new Error(`no ${action} entry${target ? ` for ${target}` : ''}`);
  expect(entry).toMatchObject({ actor: admin.username, actorAddress: '127.0.0.1', action });
  return entry;
}

export const mailboxBody = {
  kind: 'imap-password',
  address: 'support@audit-shop.test',
  imapHost: 'imap.audit-shop.test',
  imapPort: 993,
  imapSecure: true,
  imapUser: 'support@audit-shop.test',
  smtpHost: 'smtp.audit-shop.test',
  smtpPort: 465,
  smtpSecure: true,
  password: 'mailbox-password-1',
};
