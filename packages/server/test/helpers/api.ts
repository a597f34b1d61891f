import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import type { UserFixture } from './factories';

export const CLIENT_AUTH = `Basic ${Buffer.from('claimdesk-web:claimdesk-web').toString('base64')}`;
export const XSRF = 'test-xsrf-token';

export interface Session {
  token: string;
  tenantId: string;
  companyName?: string;
}

/** Signs in with the password grant and answers the session, failing loudly when refused. */
export async function signIn(
  app: FastifyInstance,
  user: Pick<UserFixture, 'username' | 'password' | 'tenantId'>,
): Promise<Session> {
  const response = await requestToken(
    app,
    { grant_type: 'password', username: user.username, password: user.password },
    user.tenantId,
  );
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ access_token: string; store_name: string }>();
  return { token: body.access_token, tenantId: body.store_name };
}

export function requestToken(
  app: FastifyInstance,
  form: Record<string, string>,
  tenantId?: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/v2/oauth/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: CLIENT_AUTH,
      ...(tenantId && { 'x-tenant-id': tenantId }),
      ...headers,
    },
    payload: new URLSearchParams(form).toString(),
  });
}

/** A signed-in call as the browser makes it: bearer token, X-TENANT-ID, and the XSRF cookie and header. */
export function call(
  app: FastifyInstance,
  session: Session,
  options: {
    method?: InjectOptions['method'];
    url: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
): Promise<LightMyRequestResponse> {
  const isShared = options.url.startsWith('/v2/shared/');
  return app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers: {
      authorization: `Bearer ${session.token}`,
      'x-tenant-id': session.tenantId,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(isShared && session.companyName && { 'x-company': session.companyName }),
      ...options.headers,
    },
    ...(options.body !== undefined && { payload: options.body as InjectOptions['payload'] }),
  });
}

/** The 6-digit codes mailed so far (as .eml files in the data folder's mail-out), oldest first. */
export async function mailedCodes(dataDir: string, to: string): Promise<string[]> {
  const dir = path.join(dataDir, 'mail-out');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const codes: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(dir, file), 'utf8');
    if (!text.includes(`To: ${to}`)) continue;
    // The subject ends with the code, in whichever language the store writes.
    const { subject } = await simpleParser(text);
    const match = /(\d{6})$/.exec(subject ?? '');
    if (match?.[1]) codes.push(match[1]);
  }
  return codes;
}

/** The newest system mail to an address, parsed (subject and text), or undefined. */
export async function mailTo(
  dataDir: string,
  to: string,
): Promise<{ subject: string; text: string } | undefined> {
  const dir = path.join(dataDir, 'mail-out');
  const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    if (!raw.includes(`To: ${to}`)) continue;
    const mail = await simpleParser(raw);
    return { subject: mail.subject ?? '', text: mail.text ?? '' };
  }
  return undefined;
}

/** Signs a contact in with a one-time code: check-user mails the code, the otp grant takes it. */
export async function signInWithOtp(app: FastifyInstance, dataDir: string, email: string): Promise<Session> {
  const check = await app.inject({
    method: 'POST',
    url: '/v2/api/stores/check-user',
    headers: { 'content-type': 'text/plain' },
    payload: email,
  });
  if (check.body !== 'otp')
    throw new Error(`check-user did not answer otp: ${check.statusCode} ${check.body}`);
  const code = (await mailedCodes(dataDir, email)).at(-1) ?? '';
  const response = await requestToken(app, { grant_type: 'otp', email, otp: code });
  if (response.statusCode !== 200)
    throw new Error(`otp sign-in failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ access_token: string; store_name: string }>();
  return { token: body.access_token, tenantId: body.store_name };
}
