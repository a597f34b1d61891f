import type { TMailbox, TTestMailboxResponse } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { forTenant } from '../../src/db/tenant-db';
import { mailboxes } from '../../src/db/schema';
import { MailFetcher } from '../../src/modules/mail/intake/mail-fetcher.worker';
import { getMailbox, markMailboxFailing } from '../../src/modules/mail/accounts/mailbox.repository';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import {
  startDovecot,
  startSmtpReceiver,
  type DovecotServer,
  type SmtpReceiver,
} from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { mailRows, rawMail } from './mail-store';

let t: TestApp;
let dovecot: DovecotServer;
let smtp: SmtpReceiver;
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

async function adminOfNewStore(
  roles: ('ADMIN_USER' | 'STANDARD_USER' | 'SUPPER_ADMIN_USER')[] = ['ADMIN_USER'],
) {
  const store = await createStore(t.db);
  const user = await createUser(t.db, store.tenantId, { roles });
  return { tenantId: store.tenantId, session: await signIn(t.app, user) };
}

const passwordMailbox = (overrides: Record<string, unknown> = {}) => ({
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

const create = (session: Session, body: unknown) =>
  call(t.app, session, { method: 'POST', url: '/v2/api/settings/mailboxes', body });
const setupStatus = (session: Session) =>
  call(t.app, session, { url: '/v2/api/settings/initial-properties/mail-box-setup-status' });

/** Marks a mailbox proven, as its confirmation code coming back would (mailbox-ownership.test.ts tests that). */
const markProven = (tenantId: string, id: number) =>
  t.db
    .update(mailboxes)
    .set({ verifiedAt: new Date() })
    .where(and(eq(mailboxes.tenantId, tenantId), eq(mailboxes.id, id)));

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mailbox settings', () => {
  it('creates, lists, updates and deletes mailboxes without ever answering the password', async () => {
    const { tenantId, session } = await adminOfNewStore();
    const created = await create(session, passwordMailbox());
    expect(created.statusCode).toBe(201);
    const box = created.json<TMailbox>();
    expect(box).toMatchObject({
      address: 'support@shop.test',
      kind: 'imap-password',
      imapFolder: 'INBOX',
      smtpUser: 'support@shop.test',
      hasCredentials: true,
      isEnabled: true,
      state: 'ok',
      isVerified: false,
      verifiedAt: null,
    });
    expect(created.body).not.toContain('imap-pass-1');
    // Sealed at rest, for this store only.
    const row = await getMailbox(forTenant(t.db, tenantId), box.id);
    expect(row?.secretEncrypted).not.toContain('imap-pass-1');
    expect(t.app.deps.secrets.open(tenantId, row?.secretEncrypted ?? '')).toBe('imap-pass-1');

    const forward = await create(session, { kind: 'forward', address: 'claims@shop.test' });
    expect(forward.statusCode).toBe(201);
    expect(forward.json<TMailbox>()).toMatchObject({
      kind: 'forward',
      imapHost: null,
      hasCredentials: false,
    });

    const list = await call(t.app, session, { url: '/v2/api/settings/mailboxes' });
    expect(list.statusCode).toBe(200);
    expect(list.json<TMailbox[]>().map((m) => m.address)).toEqual(['support@shop.test', 'claims@shop.test']);
    expect(list.body).not.toContain('imap-pass-1');

    const updated = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${box.id}`,
      body: { imapFolder: 'Claims', password: 'new-pass' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<TMailbox>()).toMatchObject({ imapFolder: 'Claims', imapHost: dovecot.host });
    const after = await getMailbox(forTenant(t.db, tenantId), box.id);
    expect(t.app.deps.secrets.open(tenantId, after?.secretEncrypted ?? '')).toBe('new-pass');
    expect(after?.updatedAt.getTime()).toBeGreaterThan(row?.updatedAt.getTime() ?? 0);

    const disabled = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${box.id}/enabled`,
      body: { isEnabled: false },
    });
    expect(disabled.json<TMailbox>().isEnabled).toBe(false);

    const deleted = await call(t.app, session, {
      method: 'DELETE',
      url: `/v2/api/settings/mailboxes/${box.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await call(t.app, session, {
      method: 'DELETE',
      url: `/v2/api/settings/mailboxes/${box.id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete a mailbox while its mails wait in the outbox (409)', async () => {
    const { tenantId, session } = await adminOfNewStore();
    const box = (await create(session, passwordMailbox({ address: 'busy@shop.test' }))).json<TMailbox>();
    await markProven(tenantId, box.id);
    await forTenant(t.db, tenantId).transaction((tx) =>
      queueMail(tx, t.app.deps.files, {
        tenantId,
        mailboxId: box.id,
        createdBy: 'staff@shop.test',
        mailLogType: 'customer',
        caseId: null,
        caseNumber: null,
        from: { address: 'busy@shop.test' },
        to: [{ address: 'kari@customer.test' }],
        subject: 'Waiting',
        text: 'Waiting',
      }),
    );
    const refused = await call(t.app, session, {
      method: 'DELETE',
      url: `/v2/api/settings/mailboxes/${box.id}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(await getMailbox(forTenant(t.db, tenantId), box.id)).not.toBeNull();
  });

  it('refuses a second mailbox with the same address (409), in the same store or another', async () => {
    const { session } = await adminOfNewStore();
    expect((await create(session, { kind: 'forward', address: 'one@shop.test' })).statusCode).toBe(201);
    const twice = await create(session, passwordMailbox({ address: 'ONE@shop.test' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('address');
    const other = await create(session, { kind: 'forward', address: 'two@shop.test' });
    const renamed = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${other.json<TMailbox>().id}`,
      body: { address: 'one@shop.test' },
    });
    expect(renamed.statusCode).toBe(409);
    const elsewhere = await adminOfNewStore();
    const taken = await create(elsewhere.session, { kind: 'forward', address: 'one@shop.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('address');
  });

  it('answers 400 with field messages for bad settings', async () => {
    const { session } = await adminOfNewStore();
    const missing = await create(session, passwordMailbox({ imapHost: '', password: undefined }));
    expect(missing.statusCode).toBe(400);
    const fields = missing.json<{ fieldErrors: Record<string, string> }>().fieldErrors;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['imapHost', 'password']));
    expect((await create(session, { kind: 'forward', address: 'not-an-address' })).statusCode).toBe(400);
    expect((await create(session, { kind: 'pigeon', address: 'a@b.test' })).statusCode).toBe(400);
    const port = await create(session, passwordMailbox({ smtpPort: 70000 }));
    expect(port.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('smtpPort');

    const forward = (await create(session, { kind: 'forward', address: 'f@shop.test' })).json<TMailbox>();
    const serverOnForward = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${forward.id}`,
      body: { imapHost: 'imap.shop.test' },
    });
    expect(serverOnForward.statusCode).toBe(400);
    expect(serverOnForward.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'imapHost',
    );
    const bad = await call(t.app, session, {
      method: 'PUT',
      url: '/v2/api/settings/mailboxes/abc',
      body: {},
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is for administrators: a standard user is refused (403), a super admin is let in', async () => {
    const { session } = await adminOfNewStore(['STANDARD_USER']);
    expect((await call(t.app, session, { url: '/v2/api/settings/mailboxes' })).statusCode).toBe(403);
    expect((await create(session, { kind: 'forward', address: 'x@shop.test' })).statusCode).toBe(403);
    const superAdmin = await adminOfNewStore(['SUPPER_ADMIN_USER']);
    expect((await call(t.app, superAdmin.session, { url: '/v2/api/settings/mailboxes' })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for another store’s mailbox', async () => {
    const a = await adminOfNewStore();
    const b = await adminOfNewStore();
    const box = (await create(a.session, { kind: 'forward', address: 'a@shop.test' })).json<TMailbox>();
    for (const request of [
      {
        method: 'PUT' as const,
        url: `/v2/api/settings/mailboxes/${box.id}`,
        body: { address: 'b@shop.test' },
      },
      {
        method: 'PUT' as const,
        url: `/v2/api/settings/mailboxes/${box.id}/enabled`,
        body: { isEnabled: false },
      },
      { method: 'POST' as const, url: `/v2/api/settings/mailboxes/${box.id}/test` },
      { method: 'DELETE' as const, url: `/v2/api/settings/mailboxes/${box.id}` },
    ]) {
      expect((await call(t.app, b.session, request)).statusCode, request.url).toBe(404);
    }
    expect((await getMailbox(forTenant(t.db, a.tenantId), box.id))?.address).toBe('a@shop.test');
  });
});

describe('where to forward to', () => {
  it('names the inbound receiver as the request reached the server, on INBOUND_SMTP_PORT, for forward mailboxes only', async () => {
    const { session } = await adminOfNewStore();
    const forward = await create(session, { kind: 'forward', address: 'fw-target@shop.test' });
    expect(forward.json<TMailbox>().forwardTo).toEqual({
      host: 'localhost',
      port: t.app.deps.config.INBOUND_SMTP_PORT,
    });
    await create(session, passwordMailbox({ address: 'imap-target@shop.test' }));
    const list = await call(t.app, session, {
      url: '/v2/api/settings/mailboxes',
      headers: { host: 'claims.example.com:8443' },
    });
    expect(list.json<TMailbox[]>().map((m) => [m.address, m.forwardTo])).toEqual([
      ['fw-target@shop.test', { host: 'claims.example.com', port: t.app.deps.config.INBOUND_SMTP_PORT }],
      ['imap-target@shop.test', null],
    ]);
  });

  it('names INBOUND_SMTP_PUBLIC_HOST and INBOUND_SMTP_PUBLIC_PORT when they are set, whatever the request', async () => {
    const other = await createTestApp({
      INBOUND_SMTP_PORT: '2626',
      INBOUND_SMTP_PUBLIC_HOST: 'mx.claimdesk.example',
      INBOUND_SMTP_PUBLIC_PORT: '25',
    });
    try {
      const store = await createStore(other.db);
      const admin = await createUser(other.db, store.tenantId, { roles: ['ADMIN_USER'] });
      const session = await signIn(other.app, admin);
      await call(other.app, session, {
        method: 'POST',
        url: '/v2/api/settings/mailboxes',
        body: { kind: 'forward', address: 'public-target@shop.test' },
      });
      const list = await call(other.app, session, {
        url: '/v2/api/settings/mailboxes',
        headers: { host: 'app.example.com' },
      });
      expect(list.json<TMailbox[]>()[0]?.forwardTo).toEqual({ host: 'mx.claimdesk.example', port: 25 });
    } finally {
      await other.close();
    }
    expect(() => loadConfig({ INBOUND_SMTP_PUBLIC_HOST: 'mx example' })).toThrow(/INBOUND_SMTP_PUBLIC_HOST/);
  });
});

describe('mail-box-setup-status', () => {
  it('answers text true only with an enabled mailbox and none failing (before the :option route)', async () => {
    const { tenantId, session } = await adminOfNewStore();
    const none = await setupStatus(session);
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-type']).toMatch(/^text\/plain/);
    expect(none.body).toBe('false');

    const box = (await create(session, { kind: 'forward', address: 'in@shop.test' })).json<TMailbox>();
    // Not before its address is proven: until then it receives and sends nothing.
    expect((await setupStatus(session)).body).toBe('false');
    await markProven(tenantId, box.id);
    expect((await setupStatus(session)).body).toBe('true');

    await markMailboxFailing(forTenant(t.db, tenantId), box.id, 'Sign-in failed');
    expect((await setupStatus(session)).body).toBe('false');

    await t.db.update(mailboxes).set({ state: 'ok' });
    await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${box.id}/enabled`,
      body: { isEnabled: false },
    });
    expect((await setupStatus(session)).body).toBe('false');

    // Any password user of the store may read the badge.
    const agent = await signIn(t.app, await createUser(t.db, tenantId, { roles: ['STANDARD_USER'] }));
    expect((await setupStatus(agent)).statusCode).toBe(200);
  });
});

describe('test connection', () => {
  it('answers ok for working IMAP and SMTP sign-ins', async () => {
    const { session } = await adminOfNewStore();
    const box = (await create(session, passwordMailbox({ address: 'ok@shop.test' }))).json<TMailbox>();
    const result = await call(t.app, session, {
      method: 'POST',
      url: `/v2/api/settings/mailboxes/${box.id}/test`,
    });
    expect(result.statusCode).toBe(200);
    expect(result.json<TTestMailboxResponse>()).toEqual({
      imap: { isOk: true, error: null },
      smtp: { isOk: true, error: null },
    });
  });

  it('says what failed as a category: a wrong password, a port where nothing answers, a missing folder', async () => {
    const { session } = await adminOfNewStore();
    const wrong = (
      await create(session, passwordMailbox({ address: 'wrong@shop.test', password: 'wrong' }))
    ).json<TMailbox>();
    const result = (
      await call(t.app, session, { method: 'POST', url: `/v2/api/settings/mailboxes/${wrong.id}/test` })
    ).json<TTestMailboxResponse>();
    expect(result).toEqual({
      imap: { isOk: false, error: 'signInRefused' },
      smtp: { isOk: false, error: 'signInRefused' },
    });

    const closed = (
      await create(session, passwordMailbox({ address: 'closed@shop.test', imapPort: 1, smtpPort: 1 }))
    ).json<TMailbox>();
    const refused = (
      await call(t.app, session, { method: 'POST', url: `/v2/api/settings/mailboxes/${closed.id}/test` })
    ).json<TTestMailboxResponse>();
    expect(refused).toEqual({
      imap: { isOk: false, error: 'cannotConnect' },
      smtp: { isOk: false, error: 'cannotConnect' },
    });

    const folder = (
      await create(session, passwordMailbox({ address: 'folder@shop.test', imapFolder: 'Nowhere' }))
    ).json<TMailbox>();
    const noFolder = (
      await call(t.app, session, { method: 'POST', url: `/v2/api/settings/mailboxes/${folder.id}/test` })
    ).json<TTestMailboxResponse>();
    expect(noFolder.imap).toEqual({ isOk: false, error: 'folderMissing' });
  });

  it('checks settings before they are saved, storing nothing', async () => {
    const { session } = await adminOfNewStore();
    const good = await call(t.app, session, {
      method: 'POST',
      url: '/v2/api/settings/mailboxes/test',
      body: passwordMailbox(),
    });
    expect(good.statusCode).toBe(200);
    expect(good.json<TTestMailboxResponse>()).toEqual({
      imap: { isOk: true, error: null },
      smtp: { isOk: true, error: null },
    });
    const wrong = await call(t.app, session, {
      method: 'POST',
      url: '/v2/api/settings/mailboxes/test',
      body: passwordMailbox({ password: 'nope' }),
    });
    expect(wrong.json<TTestMailboxResponse>().imap?.error).toBe('signInRefused');
    const missing = await call(t.app, session, {
      method: 'POST',
      url: '/v2/api/settings/mailboxes/test',
      body: passwordMailbox({ smtpHost: undefined }),
    });
    expect(missing.statusCode).toBe(400);
    expect((await call(t.app, session, { url: '/v2/api/settings/mailboxes' })).json<unknown[]>()).toEqual([]);
  });

  it('answers null for the servers a forward mailbox does not use', async () => {
    const { session } = await adminOfNewStore();
    const box = (await create(session, { kind: 'forward', address: 'fw@shop.test' })).json<TMailbox>();
    const result = await call(t.app, session, {
      method: 'POST',
      url: `/v2/api/settings/mailboxes/${box.id}/test`,
    });
    expect(result.json<TTestMailboxResponse>()).toEqual({ imap: null, smtp: null });
  });
});

describe('settings changes reach the fetch job', () => {
  it('a corrected password takes effect without a restart, and the failing flag clears', async () => {
    const { tenantId, session } = await adminOfNewStore();
    await dovecot.setUser('fix@shop.test', 'right-pass');
    await dovecot.append('fix@shop.test', [
      rawMail({ messageId: '<fix-1@customer.test>', subject: 'fix 1' }),
    ]);
    const box = (
      await create(
        session,
        passwordMailbox({ address: 'fix@shop.test', imapUser: 'fix@shop.test', password: 'wrong' }),
      )
    ).json<TMailbox>();
    // A long backoff: only the settings change can bring the job back in time.
    const fetcher = new MailFetcher(
      { db: t.db, files: t.app.deps.files, secrets: t.app.deps.secrets },
      { rescanMs: 100, job: { pollMs: 30_000, initialBackoffMs: 60_000, maxBackoffMs: 60_000 } },
    );
    await fetcher.start();
    try {
      // A refused sign-in to a real Dovecot took up to half a minute on a loaded CI machine.
      await waitUntil(
        async () => (await getMailbox(forTenant(t.db, tenantId), box.id))?.state === 'failing',
        45_000,
      );
      expect((await setupStatus(session)).body).toBe('false');
      const fixed = await call(t.app, session, {
        method: 'PUT',
        url: `/v2/api/settings/mailboxes/${box.id}`,
        body: { password: 'right-pass' },
      });
      expect(fixed.statusCode).toBe(200);
      // An IMAP mailbox reads its own server before its address is proven.
      await waitUntil(async () => (await mailRows(t.db, tenantId)).length === 1, 10_000);
      await waitUntil(async () => (await getMailbox(forTenant(t.db, tenantId), box.id))?.state === 'ok');
      await markProven(tenantId, box.id);
      expect((await setupStatus(session)).body).toBe('true');
    } finally {
      await fetcher.stop();
    }
  }, 90_000);
});
