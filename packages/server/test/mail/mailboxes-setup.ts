/**
 * The set-up the mailboxes-*.test.ts files share: a real Dovecot (IMAP) and SMTP receiver that know
 * support@shop.test, an app, and helpers to sign a store's administrator in, create a mailbox
 * (password settings pointing at those servers), read the setup status badge and mark a mailbox
 * proven. Each file calls setUpMailboxesApp() for its own app and servers.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { mailboxes } from '../../src/db/schema';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import {
  startDovecot,
  startSmtpReceiver,
  type DovecotServer,
  type SmtpReceiver,
} from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';

export let t: TestApp;
export let dovecot: DovecotServer;
export let smtp: SmtpReceiver;

/** Registers the file's beforeAll (a real Dovecot and SMTP receiver, then the app) and afterAll. */
export function setUpMailboxesApp(): void {
  beforeAll(async () => {
    dovecot = await startDovecot({ 'support@shop.test': 'imap-pass-1' });
    smtp = await startSmtpReceiver({ user: 'support@shop.test', password: 'imap-pass-1' });
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await dovecot.stop();
    await smtp.stop();
  });
}

export async function adminOfNewStore(
  roles: ('ADMIN_USER' | 'STANDARD_USER' | 'SUPPER_ADMIN_USER')[] = ['ADMIN_USER'],
) {
  const store = await createStore(t.db);
  const user = await createUser(t.db, store.tenantId, { roles });
  return { tenantId: store.tenantId, session: await signIn(t.app, user) };
}

export const passwordMailbox = (overrides: Record<string, unknown> = {}) => ({
  kind: 'imap-password',
  address: 'Support@Shop.test',
  imapHost: dovecot.host,
  imapPort: dovecot.port,
  imapSecure: false,
  imapUser: 'support@shop.test',
  smtpHost: smtp.host,
  smtpPort: smtp.port,
  smtpSecure: false,
  password: 'imap-pass-1',
  ...overrides,
});

export const create = (session: Session, body: unknown) =>
  call(t.app, session, { method: 'POST', url: '/v2/api/settings/mailboxes', body });
export const setupStatus = (session: Session) =>
  call(t.app, session, { url: '/v2/api/settings/initial-properties/mail-box-setup-status' });

/** Marks a mailbox proven, as its confirmation code coming back would (the mailbox-ownership-*.test.ts files test that). */
export const markProven = (tenantId: string, id: number) =>
  t.db
    .update(mailboxes)
    .set({ verifiedAt: new Date() })
    .where(and(eq(mailboxes.tenantId, tenantId), eq(mailboxes.id, id)));

export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
