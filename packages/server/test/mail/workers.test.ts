import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TMailbox } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { mailLogs } from '../../src/db/schema';
import { MailFetcher } from '../../src/modules/mail/intake/mail-fetcher.worker';
import { createMailboxLocks } from '../../src/modules/mail/intake/mailbox-locks.system';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import { createSystemSender } from '../../src/modules/mail/outbox/smtp.client';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import {
  freePort,
  startDovecot,
  startSmtpReceiver,
  type DovecotServer,
  type SmtpReceiver,
} from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { confirmationMailTo } from './confirmation-mail';
import { mailRows, rawMail } from './mail-store';

let t: TestApp;
let port: number;
let dovecot: DovecotServer;
let smtp: SmtpReceiver;
let tenantId: string;
let session: Session;
beforeAll(async () => {
  dovecot = await startDovecot({ 'fetch@worker-shop.test': 'fetch-pass' });
  smtp = await startSmtpReceiver({ user: 'fetch@worker-shop.test', password: 'fetch-pass' });
  port = await freePort();
  t = await createTestApp({ MAIL_WORKERS: 'true', INBOUND_SMTP_PORT: String(port) });
  ({ tenantId } = await createStore(t.db));
  session = await signIn(t.app, await createUser(t.db, tenantId, { roles: ['ADMIN_USER'] }));
});
afterAll(async () => {
  await t.close();
  await dovecot.stop();
  await smtp.stop();
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const createMailbox = async (body: unknown) => {
  const response = await call(t.app, session, { method: 'POST', url: '/v2/api/settings/mailboxes', body });
  expect(response.statusCode).toBe(201);
  return response.json<TMailbox>();
};

const queue = (mailboxId: number, from: string, subject: string) =>
  forTenant(t.db, tenantId).transaction((tx) =>
    queueMail(tx, t.app.deps.files, {
      tenantId,
      mailboxId,
      createdBy: 'staff@worker-shop.test',
      mailLogType: 'customer',
      caseId: null,
      caseNumber: null,
      from: { address: from },
      to: [{ address: 'kari@customer.test' }],
      subject,
      text: 'Hello',
    }),
  );

const sendState = async (id: number) =>
  (
    await t.db
      .select({ state: mailLogs.sendState })
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id)))
  )[0]?.state;

describe('mail workers started with the app (MAIL_WORKERS=true)', () => {
  it('proves a forward mailbox by its confirmation mail coming back, then receives its mail', async () => {
    const box = await createMailbox({ kind: 'forward', address: 'claims@worker-shop.test' });
    const inbound = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    // The address forwards its mail here: first the confirmation mail the app sent to it.
    const confirmation = await confirmationMailTo(t.dataDir, 'claims@worker-shop.test');
    await inbound.sendMail({
      envelope: { from: 'no-reply@claimdesk.test', to: ['claims@worker-shop.test'] },
      raw: confirmation?.raw ?? Buffer.from(''),
    });
    const listed = (await call(t.app, session, { url: '/v2/api/settings/mailboxes' })).json<TMailbox[]>();
    expect(listed.find((m) => m.id === box.id)).toMatchObject({ isVerified: true });
    await inbound.sendMail({
      envelope: { from: 'kari@customer.test', to: ['claims@worker-shop.test'] },
      raw: rawMail({ messageId: '<worker-in@customer.test>' }),
    });
    const rows = await mailRows(t.db, tenantId);
    expect(rows.map((r) => [r.messageId, r.mailboxId])).toEqual([['<worker-in@customer.test>', box.id]]);
  });

  it('sends a queued mail through the system transport (mail-out) when its mailbox has no SMTP', async () => {
    const forward = (await call(t.app, session, { url: '/v2/api/settings/mailboxes' }))
      .json<TMailbox[]>()
      .find((m) => m.kind === 'forward');
    const id = await queue(forward?.id ?? 0, 'claims@worker-shop.test', 'Through the system transport');
    t.app.deps.outboxSignal.notify();
    await waitUntil(async () => (await sendState(id)) === 'sent', 5_000);
    const dir = path.join(t.dataDir, 'mail-out');
    const files = await readdir(dir);
    const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    expect(texts.some((text) => text.includes('Subject: Through the system transport'))).toBe(true);
  });

  it('sends a mail without a mailbox through the system transport too', async () => {
    const forward = (await call(t.app, session, { url: '/v2/api/settings/mailboxes' }))
      .json<TMailbox[]>()
      .find((m) => m.kind === 'forward');
    // Queued, then its mailbox let go (as for a mail whose mailbox was deleted after it was sent).
    const id = await queue(forward?.id ?? 0, 'claims@worker-shop.test', 'Without a mailbox');
    await t.db
      .update(mailLogs)
      .set({ mailboxId: null })
      .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id)));
    t.app.deps.outboxSignal.notify();
    await waitUntil(async () => (await sendState(id)) === 'sent', 5_000);
    const dir = path.join(t.dataDir, 'mail-out');
    const texts = await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), 'utf8')));
    expect(texts.some((text) => text.includes('Subject: Without a mailbox'))).toBe(true);
  });

  it('uses SMTP_URL as the system transport when it is set', async () => {
    const relay = await startSmtpReceiver();
    try {
      const send = createSystemSender({
        smtpUrl: `smtp://${relay.host}:${String(relay.port)}`,
        dataDir: t.dataDir,
      });
      await send({ mailbox: null, from: 'a@shop.test', recipients: ['b@customer.test'], raw: rawMail({}) });
      const [mail] = await relay.waitFor(1);
      expect(mail).toMatchObject({ from: 'a@shop.test', to: ['b@customer.test'] });
    } finally {
      await relay.stop();
    }
  });

  it('fetches a new IMAP mailbox at once and sends through its SMTP server', async () => {
    await dovecot.append('fetch@worker-shop.test', [rawMail({ messageId: '<fetched@customer.test>' })]);
    const box = await createMailbox({
      kind: 'imap-password',
      address: 'fetch@worker-shop.test',
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: false,
      imapUser: 'fetch@worker-shop.test',
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpSecure: false,
      password: 'fetch-pass',
    });
    // Well before the fetcher's 30 s rescan: the settings call woke it (unproven, it reads its own server).
    await waitUntil(
      async () => (await mailRows(t.db, tenantId)).some((r) => r.messageId === '<fetched@customer.test>'),
      10_000,
    );
    // It sends only once its address is proven: the code mailed to it, typed in.
    const code = (await confirmationMailTo(t.dataDir, 'fetch@worker-shop.test'))?.code ?? '';
    const verified = await call(t.app, session, {
      method: 'POST',
      url: `/v2/api/settings/mailboxes/${String(box.id)}/verify`,
      body: { code },
    });
    expect(verified.json<TMailbox>()).toMatchObject({ isVerified: true });
    const id = await queue(box.id, 'fetch@worker-shop.test', 'Through the mailbox');
    t.app.deps.outboxSignal.notify();
    const [received] = await smtp.waitFor(1, 5_000);
    expect(received?.to).toEqual(['kari@customer.test']);
    expect(received?.raw.toString()).toContain('Subject: Through the mailbox');
    await waitUntil(async () => (await sendState(id)) === 'sent', 5_000);
    // The mail settings show when a mail last left through it.
    const listed = await call(t.app, session, { url: '/v2/api/settings/mailboxes' });
    const shown = listed.json<TMailbox[]>().find((m) => m.id === box.id);
    expect(Date.parse(shown?.lastSendAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lets only one fetcher run a mailbox’s job; another takes over when it stops', async () => {
    const first = new MailFetcher(
      { db: t.db, files: t.app.deps.files, secrets: t.app.deps.secrets },
      {
        rescanMs: 100,
        job: { pollMs: 30_000, initialBackoffMs: 100, maxBackoffMs: 1_000 },
        locks: await createMailboxLocks(t.db),
      },
    );
    const second = new MailFetcher(
      { db: t.db, files: t.app.deps.files, secrets: t.app.deps.secrets },
      {
        rescanMs: 100,
        job: { pollMs: 30_000, initialBackoffMs: 100, maxBackoffMs: 1_000 },
        locks: await createMailboxLocks(t.db),
      },
    );
    // The app's own fetcher holds the store's IMAP mailbox already.
    await first.start();
    await second.start();
    try {
      expect(first.jobCount + second.jobCount).toBe(0);
      await t.app.close();
      await waitUntil(async () => Promise.resolve(first.jobCount + second.jobCount === 1), 5_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(first.jobCount + second.jobCount).toBe(1);
      const holder = first.jobCount === 1 ? first : second;
      const other = holder === first ? second : first;
      await holder.stop();
      await waitUntil(async () => Promise.resolve(other.jobCount === 1), 5_000);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
