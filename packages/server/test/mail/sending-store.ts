import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { signIn, type Session } from '../helpers/api';
import { createCase, createMailbox, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/mail-servers';
import type { TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';

export interface SendingStore {
  smtp: SmtpReceiver;
  store: StoreFixture;
  other: StoreFixture;
  /** A staff member of the store, and an administrator of the other store. */
  staff: Session;
  otherStaff: Session;
  /** A claim of kari@customer.test, with the customer's mail on it. */
  caseRow: Awaited<ReturnType<typeof createCase>>;
  inboundId: number;
}

/**
 * A store whose mailbox support@store.test sends through a real SMTP receiver of its own (the
 * outbox tests' setup), a claim of kari@customer.test and the customer's mail tagged with it
 * (`messageId`), and a second store with an administrator signed in.
 */
export async function sendingStore(t: TestApp, messageId: string): Promise<SendingStore> {
  const smtp = await startSmtpReceiver({ user: 'support@store.test', password: 'smtp-secret' });
  const store = await createStore(t.db);
  const other = await createStore(t.db);
  const staff = await signIn(t.app, await createUser(t.db, store.tenantId));
  const otherStaff = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
  await createMailbox(t.db, t.app.deps.secrets, {
    tenantId: store.tenantId,
    address: 'support@store.test',
    kind: 'imap-password',
    imapHost: '127.0.0.1',
    imapPort: 1,
    imapUser: 'support@store.test',
    smtpHost: smtp.host,
    smtpPort: smtp.port,
    smtpSecure: false,
    secret: 'smtp-secret',
  });
  const caseRow = await createCase(t.db, store.tenantId, { customerEmail: 'kari@customer.test' });
  const outcome = await ingestMail(
    { db: forTenant(t.db, store.tenantId), files: t.app.deps.files },
    { raw: rawMail({ messageId, subject: `Broken kettle [#${String(caseRow.caseNumber)}]` }) },
  );
  if (outcome.status !== 'stored') throw new Error('not stored');
  return { smtp, store, other, staff, otherStaff, caseRow, inboundId: outcome.mailLogId };
}
