/**
 * The set-up the oauth-*.test.ts files share: an app whose Google and Microsoft sign-in talks to a
 * provider played by a real local HTTP server (token and userinfo endpoints), and the helpers to
 * sign a store's administrator in, exchange a code, read a mailbox's sealed tokens and make a Google
 * mailbox. Each file calls setUpOAuthApp() for its own app and provider.
 */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { getMailbox } from '../../src/modules/mail/accounts/mailbox.repository';
import type { OAuthTokens } from '../../src/modules/mail/accounts/oauth-tokens';
import { call, signIn, type Session } from '../helpers/api';
import { createMailbox, createStore, createUser } from '../helpers/factories';
import { freePort } from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A provider played by a real local HTTP server: token and userinfo endpoints. */
export interface FakeProvider {
  url: string;
  /** Every form posted to the token endpoint, in order. */
  forms: URLSearchParams[];
  /** Bearer tokens the userinfo endpoint was called with. */
  userinfoCalls: string[];
  /** The next token answer(s): status and JSON body. */
  answers: { status: number; body: unknown }[];
  userinfo: Record<string, unknown>;
  stop: () => Promise<void>;
}

async function startProvider(): Promise<FakeProvider> {
  const provider: FakeProvider = {
    url: '',
    forms: [],
    userinfoCalls: [],
    answers: [],
    userinfo: {},
    stop: () => Promise.resolve(),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/token' && request.method === 'POST') {
        provider.forms.push(new URLSearchParams(Buffer.concat(chunks).toString()));
        const answer = provider.answers.shift() ?? { status: 500, body: { error: 'no_answer_queued' } };
        response.statusCode = answer.status;
        response.end(JSON.stringify(answer.body));
      } else if (request.url === '/userinfo') {
        provider.userinfoCalls.push(request.headers.authorization ?? '');
        response.end(JSON.stringify(provider.userinfo));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${String(port)}`;
  provider.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return provider;
}

export const idToken = (claims: Record<string, unknown>) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');

export let t: TestApp;
export let provider: FakeProvider;

/** Registers the file's beforeAll (provider, then the app pointed at it), afterAll and beforeEach. */
export function setUpOAuthApp(): void {
  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp({
      GOOGLE_OAUTH_TOKEN_URL: `${provider.url}/token`,
      GOOGLE_OAUTH_USERINFO_URL: `${provider.url}/userinfo`,
      GOOGLE_OAUTH_CLIENT_ID: 'google-client',
      GOOGLE_OAUTH_CLIENT_SECRET: 'google-secret',
      GOOGLE_OAUTH_REDIRECT_URI: 'http://localhost:3000/external/google/oauth',
      MICROSOFT_OAUTH_TOKEN_URL: `${provider.url}/token`,
      MICROSOFT_OAUTH_USERINFO_URL: `${provider.url}/userinfo`,
      MICROSOFT_OAUTH_CLIENT_ID: 'ms-client',
      MICROSOFT_OAUTH_CLIENT_SECRET: 'ms-secret',
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });
  beforeEach(() => {
    provider.forms.length = 0;
    provider.userinfoCalls.length = 0;
    provider.answers = [];
    provider.userinfo = {};
  });
}

export async function adminOfNewStore() {
  const store = await createStore(t.db);
  const user = await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] });
  return { tenantId: store.tenantId, session: await signIn(t.app, user) };
}

export const exchange = (session: Session, providerName: string, code: string, query = '') =>
  call(t.app, session, {
    method: 'POST',
    url: `/v2/api/external-auth/${providerName}${query}`,
    body: { token: code },
  });

export const storedTokens = async (tenantId: string, id: number): Promise<OAuthTokens | null> => {
  const row = await getMailbox(forTenant(t.db, tenantId), id);
  return row?.secretEncrypted
    ? (JSON.parse(t.app.deps.secrets.open(tenantId, row.secretEncrypted)) as OAuthTokens)
    : null;
};

/** A Google mailbox whose access token runs out in `expiresInMs`, its servers on a local port. */
export async function googleMailbox(tenantId: string, expiresInMs: number, port = 1) {
  return createMailbox(t.db, t.app.deps.secrets, {
    tenantId,
    address: `g-${String(Math.random()).slice(2, 8)}@gmail.test`,
    kind: 'imap-oauth-google',
    imapHost: '127.0.0.1',
    imapPort: port,
    imapSecure: false,
    imapUser: 'me@gmail.test',
    smtpHost: '127.0.0.1',
    smtpPort: port,
    smtpSecure: false,
    secret: JSON.stringify({
      accessToken: 'old-access',
      refreshToken: 'refresh-1',
      expiresAt: Date.now() + expiresInMs,
    }),
  });
}
