// The compose benchmark's store: an administrator, a proven mailbox whose SMTP server is the
// benchmark's local receiver, and cases with a short thread each (the customer's mail, our
// answer, the customer's follow-up), the follow-up being the mail a reply answers.
import { mailLogs } from '../../packages/server/src/db/schema';
import type { Db } from '../../packages/server/src/db/client';
import type { SecretBox } from '../../packages/server/src/modules/mail/common/mail-crypto';
import type { Mailbox } from '../../packages/server/src/modules/mail/accounts/mailbox.repository';
import {
  createCase,
  createMailbox,
  createStore,
  createUser,
  TEST_PASSWORD,
} from '../../packages/server/test/helpers/factories';

export const TENANT = 'bench-compose';
export const AGENT = `agent@${TENANT}.test`;
export const AGENT_PASSWORD = TEST_PASSWORD;
export const MAILBOX_ADDRESS = `support@${TENANT}.test`;
const SMTP_USER = 'bench-smtp';
export const SMTP_PASSWORD = 'bench-smtp-pass';

/** A case of the load and the mail a reply on it answers. */
export interface ComposeCase {
  id: number;
  caseNumber: number;
  answerId: number;
  customerEmail: string;
}

export interface ComposeStore {
  mailbox: Mailbox;
  cases: ComposeCase[];
}

export async function fillComposeStore(
  db: Db,
  secrets: SecretBox,
  smtp: { host: string; port: number },
  caseCount: number,
): Promise<ComposeStore> {
  await createStore(db, { tenantId: TENANT, companyName: 'Bench Compose', language: 'nr' });
  await createUser(db, TENANT, {
    username: AGENT,
    roles: ['ADMIN_USER'],
    firstName: 'Bench',
    lastName: 'Agent',
  });
  const mailbox = await createMailbox(db, secrets, {
    tenantId: TENANT,
    address: MAILBOX_ADDRESS,
    kind: 'imap-password',
    imapHost: '127.0.0.1',
    imapPort: 1,
    imapUser: SMTP_USER,
    smtpHost: smtp.host,
    smtpPort: smtp.port,
    smtpSecure: false,
    smtpUser: SMTP_USER,
    secret: SMTP_PASSWORD,
  });
  const cases: ComposeCase[] = [];
  for (let i = 0; i < caseCount; i += 1) {
    const customerEmail = `kunde${String(i)}@customer.example`;
    const row = await createCase(db, TENANT, {
      customerName: `Kari Kunde ${String(i)}`,
      customerEmail,
      items: [{ productName: 'Espressomaskin' }],
    });
    const tag = `[#${String(row.caseNumber)}]`;
    const at = (minutes: number) => new Date(Date.now() - (60 - minutes) * 60_000);
    const first = `<q${String(i)}.1@customer.example>`;
    const ours = `<a${String(i)}.2@${TENANT}.test>`;
    const rows = await db
      .insert(mailLogs)
      .values([
        {
          tenantId: TENANT,
          caseId: row.id,
          direction: 'in',
          mailLogType: 'customer',
          messageId: first,
          fromAddress: customerEmail,
          fromName: `Kari Kunde ${String(i)}`,
          to: [{ address: MAILBOX_ADDRESS }],
          subject: 'Reklamasjon på espressomaskin',
          text: 'Hei, maskinen lager rar lyd og slår seg av etter to uker. Kvittering vedlagt. Mvh Kari',
          html: '<p>Hei, maskinen lager rar lyd og slår seg av etter to uker.</p><p>Kvittering vedlagt.</p><p>Mvh Kari</p>',
          isRead: true,
          createdAt: at(0),
          receivedAt: at(0),
        },
        {
          tenantId: TENANT,
          caseId: row.id,
          direction: 'out',
          mailLogType: 'customer',
          messageId: ours,
          inReplyTo: first,
          references: [first],
          fromAddress: MAILBOX_ADDRESS,
          fromName: 'Bench Compose',
          to: [{ address: customerEmail }],
          subject: `Re: Reklamasjon på espressomaskin ${tag}`,
          text: 'Hei Kari, takk for mailen. Kan du sende et bilde av feilen? Mvh Bench Compose',
          html: '<p>Hei Kari, takk for mailen. Kan du sende et bilde av feilen?</p><p>Mvh Bench Compose</p>',
          sendState: 'sent',
          isRead: true,
          createdBy: AGENT,
          createdAt: at(10),
          sentAt: at(10),
        },
        {
          tenantId: TENANT,
          caseId: row.id,
          direction: 'in',
          mailLogType: 'customer',
          messageId: `<q${String(i)}.3@customer.example>`,
          inReplyTo: ours,
          references: [first, ours],
          fromAddress: customerEmail,
          fromName: `Kari Kunde ${String(i)}`,
          to: [{ address: MAILBOX_ADDRESS }],
          subject: `Re: Reklamasjon på espressomaskin ${tag}`,
          text: 'Hei, her er bildet. Når kan jeg få en ny maskin? Mvh Kari',
          html: '<p>Hei, her er bildet. Når kan jeg få en ny maskin?</p><p>Mvh Kari</p>',
          isRead: false,
          createdAt: at(20),
          receivedAt: at(20),
        },
      ])
      .returning({ id: mailLogs.id });
    const answerId = rows.at(-1)?.id;
    if (answerId === undefined) throw new Error('no mails inserted');
    cases.push({ id: row.id, caseNumber: row.caseNumber, answerId, customerEmail });
  }
  return { mailbox, cases };
}
