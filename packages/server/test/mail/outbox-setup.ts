/**
 * The set-up outbox-delivery.test.ts and outbox-send-stages.test.ts share: an app, a
 * real SMTP receiver and a recording receiver that counts deliveries by Message-ID, fast outbox
 * options, and helpers to make a store with a mailbox and a case, queue mails, run a worker and
 * read the mail rows, the outbox and the case's pending count. Each file calls setUpOutboxApp()
 * for its own app and receivers.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { mailLogs, mailOutbox } from '../../src/db/schema';
import { cases } from '../../src/db/schema';
import { createSecretBox } from '../../src/modules/mail/common/mail-crypto';
import type { Mailbox } from '../../src/modules/mail/accounts/mailbox.repository';
import {
  DEFAULT_OUTBOX_OPTIONS,
  OutboxWorker,
  type OutboxOptions,
} from '../../src/modules/mail/outbox/outbox.worker';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import { sendThroughMailbox, type RawSend } from '../../src/modules/mail/outbox/smtp.client';
import { createCase, createMailbox, createStore } from '../helpers/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/mail-servers';
import { startRecordingSmtp, type RecordingSmtp } from '../helpers/recording-smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

export const secrets = createSecretBox('outbox-test-key-'.repeat(3));
export const fast: OutboxOptions = {
  ...DEFAULT_OUTBOX_OPTIONS,
  backoffBaseMs: 20,
  backoffMaxMs: 100,
  pollMs: 20,
  leaseMs: 60_000,
};
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export let t: TestApp;
export let smtp: SmtpReceiver;
/** The receiver of the stage tests: counts by Message-ID, may answer slowly or never. */
export let recording: RecordingSmtp;

/**
 * Registers the file's beforeAll (the app, an SMTP receiver and the recording receiver), afterAll and
 * beforeEach. `beforeAnswer` decides how the recording receiver answers each message: it may wait,
 * or never answer (by default it answers at once).
 */
export function setUpOutboxApp(beforeAnswer?: () => Promise<'answer' | 'never'>): void {
  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startSmtpReceiver({ user: 'support@store.test', password: 'smtp-secret' });
    recording = await startRecordingSmtp({
      auth: { user: 'support@store.test', password: 'smtp-secret' },
      beforeAnswer,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await recording.stop();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.refuseNext(0);
  });
}

let mailboxCount = 0;
export async function storeWithCase(receiver: { host: string; port: number } = smtp) {
  const { tenantId } = await createStore(t.db);
  mailboxCount += 1;
  // Addresses are unique across stores; the SMTP login stays the receivers' one user.
  const mailbox: Mailbox = await createMailbox(t.db, secrets, {
    tenantId,
    address: `support-${String(mailboxCount)}@store.test`,
    kind: 'imap-password',
    imapHost: '127.0.0.1',
    imapPort: 1,
    imapUser: 'support@store.test',
    smtpHost: receiver.host,
    smtpPort: receiver.port,
    smtpSecure: false,
    secret: 'smtp-secret',
  });
  const caseRow = await createCase(t.db, tenantId, { customerEmail: 'kari@customer.test' });
  return { tenantId, mailbox, caseRow };
}

export const worker = (
  options: OutboxOptions = fast,
  send = (mail: RawSend) => sendThroughMailbox(secrets, mail),
) => new OutboxWorker({ db: t.db, files: t.app.deps.files }, send, options);

export async function queue(
  tenantId: string,
  mailbox: Mailbox,
  caseRow: { id: number; caseNumber: number },
  n = 1,
) {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    ids.push(
      await forTenant(t.db, tenantId).transaction((tx) =>
        queueMail(tx, t.app.deps.files, {
          tenantId,
          mailboxId: mailbox.id,
          createdBy: 'staff@store.test',
          mailLogType: 'customer',
          caseId: caseRow.id,
          caseNumber: caseRow.caseNumber,
          from: { name: 'Store support', address: mailbox.address },
          to: [{ name: 'Kari', address: 'kari@customer.test' }],
          bcc: [{ address: 'archive@store.test' }],
          subject: `Your claim ${String(i)}`,
          text: 'We have received your claim.',
          replyTo: { messageId: '<q1@customer.test>', references: ['<q0@customer.test>'] },
        }),
      ),
    );
  }
  return ids;
}

export const mailRow = async (tenantId: string, id: number) =>
  (
    await t.db
      .select()
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id)))
  )[0];
export const pendingCount = async (tenantId: string, caseId: number) =>
  (
    await t.db
      .select()
      .from(cases)
      .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)))
  )[0]?.sendPendingMailCount;
export const outboxRows = (tenantId: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, tenantId));
export const outboxSize = async (tenantId: string) => (await outboxRows(tenantId)).length;
export const deliveriesOf = async (tenantId: string, id: number) =>
  recording.deliveries.get((await mailRow(tenantId, id))?.messageId ?? '') ?? 0;
