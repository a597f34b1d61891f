import MailComposer from 'nodemailer/lib/mail-composer';
import type { Db } from '../db/client';
import { forTenant, type TenantDb } from '../db/tenant-db';
import type { FileStorage } from '../lib/file-storage';
import { refreshCaseSearch } from '../modules/cases/case-search.repository';
import { insertStoreTemplate } from '../modules/mail-templates/mail-templates.repository';
import { ingestMails } from '../modules/mail/intake/ingest.service';
import { ownMessageId } from '../modules/mail/common/message-id';
import { taggedSubject } from '../modules/mail/outbox/queue-mail.service';
import { pickExtraCases, planLongThread, planTriageMails } from './demo-mail-extras';
import {
  dateInboundAsSent,
  insertProvenForwardMailbox,
  insertSentMail,
  listCasesWithEmail,
  markOlderRepliesRead,
  recountCaseMails,
} from './demo-mails.repository';

export const DEMO_MAILBOX = 'support@demo-store.test';
const TENANT = 'demo-store';
const HOUR = 3_600_000;

const REPLIES = [
  'Takk for raskt svar! Jeg har lagt ved kvitteringen. Når kan jeg forvente en ny?',
  'Hei igjen, varen er sendt tilbake i dag med Posten. Sporingsnummer kommer.',
  'Jeg venter fortsatt på svar om reklamasjonen min. Kan dere gi en oppdatering?',
  'Det stemmer, feilen oppstod etter omtrent tre uker. Bildene er vedlagt.',
  'Jeg vil helst ha pengene tilbake fremfor en ny vare, hvis det går an.',
];
const STRANGERS = [
  [
    'Lise Berg',
    'lise.berg@example.no',
    'Spørsmål om levering',
    'Hei, når kommer bestillingen min (ordre 88213)?',
  ],
  ['Tom Nilsen', 'tom.nilsen@example.no', 'Åpningstider i julen', 'Har dere åpent 2. juledag?'],
  [
    'Anne Dahl',
    'anne.dahl@example.dk',
    'Garanti på kaffemaskin',
    'Gælder garantien også for kalk i maskinen?',
  ],
  ['Jürgen Koch', 'j.koch@example.de', 'Rücksendung', 'Wie kann ich einen Artikel zurücksenden?'],
  [
    'Eva Lund',
    'eva.lund@example.no',
    'Faktura mangler',
    'Jeg har ikke fått faktura for kjøpet mitt i oktober.',
  ],
  ['Ola Hagen', 'ola.hagen@example.no', 'Ødelagt ved levering', 'Pakken kom knust. Hva gjør jeg nå?'],
] as const;

/** A mail from a customer: a reply on a case's thread, or a new mail from a stranger. */
function inboundRaw(options: {
  from: string;
  name: string;
  subject: string;
  text: string;
  date: Date;
  id: string;
  inReplyTo?: string;
  headers?: string[];
}): Buffer {
  const lines = [
    `From: ${options.name} <${options.from}>`,
    `To: Demo Store <${DEMO_MAILBOX}>`,
    `Subject: ${options.subject}`,
    `Date: ${options.date.toUTCString()}`,
    `Message-ID: <${options.id}@customer.example>`,
    ...(options.inReplyTo ? [`In-Reply-To: ${options.inReplyTo}`, `References: ${options.inReplyTo}`] : []),
    ...(options.headers ?? []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    options.text,
    '',
  ];
  return Buffer.from(lines.join('\r\n'));
}

interface OutboundPlan {
  caseId: number;
  caseNumber: number;
  to: { name: string; address: string };
  subject: string;
  text: string;
  at: Date;
  state: 'sent' | 'pending' | 'failed';
  /** The store's mailbox it went out through: resending it sends through that one again. */
  mailboxId: number;
}

/** Writes one of our outgoing mails as it would be after the outbox: raw bytes, row, timeline. */
async function writeOutbound(db: TenantDb, files: FileStorage, plan: OutboundPlan): Promise<string> {
  const messageId = ownMessageId(plan.caseNumber, 'demo-store.test');
  const subject = taggedSubject(plan.subject, plan.caseNumber);
  const raw = await new MailComposer({
    messageId,
    date: plan.at,
    from: { name: 'Demo Store', address: DEMO_MAILBOX },
    to: plan.to,
    subject,
    text: plan.text,
  })
    .compile()
    .build();
  const rawFileHash = await files.put(raw);
  await insertSentMail(
    db,
    {
      caseId: plan.caseId,
      direction: 'out',
      mailLogType: 'customer',
      messageId,
      mailboxId: plan.mailboxId,
      fromAddress: DEMO_MAILBOX,
      fromName: 'Demo Store',
      to: [plan.to],
      subject,
      text: plan.text,
      sentAt: plan.at,
      isRead: true,
      sendState: plan.state,
      sendAttempts: plan.state === 'sent' ? 1 : plan.state === 'failed' ? 8 : 1,
      sendError:
        plan.state === 'failed'
          ? `550 5.1.1 <${plan.to.address}>: Recipient address rejected: User unknown`
          : plan.state === 'pending'
            ? '451 4.3.0 Mailbox temporarily unavailable; will retry'
            : null,
      rawFileHash,
      rawSize: raw.byteLength,
      createdBy: 'agent@demo-store.test',
      createdAt: plan.at,
    },
    // A pending mail waits for its next attempt in the outbox (a retry after a refusal).
    plan.state === 'pending'
      ? {
          nextAttemptAt: new Date(Date.now() + 20 * 60_000),
          lastError: '451 4.3.0 Mailbox temporarily unavailable; will retry',
        }
      : null,
  );
  return messageId;
}

/**
 * Demo mail for demo-store: its mailbox (support@demo-store.test, forwarded to the built-in
 * receiver), a thread on many of its cases (our mail and the customer's answer, threaded by
 * ingest itself), a few unmapped mails (new customers, a newsletter), two
 * pending and one failed outgoing mail, and a template of the store's own; with
 * demo-mail-extras.ts a 32-mail conversation, a photo and a PDF receipt, and unmapped mails with
 * a likely case each.
 */
export async function seedDemoMails(rawDb: Db, files: FileStorage, now = Date.now()): Promise<void> {
  const db = forTenant(rawDb, TENANT);
  // Proven, as if its confirmation mail had come back: mail to it through 127.0.0.1:2525 lands here.
  const mailbox = await insertProvenForwardMailbox(db, DEMO_MAILBOX, new Date(now));
  const withEmail = await listCasesWithEmail(db);
  // Every third case with an email has a thread; the newest ones are still unread.
  const threaded = withEmail.filter((_, i) => i % 3 === 0);
  const replies: Buffer[] = [];
  for (const [i, c] of threaded.entries()) {
    const at = new Date(now - (threaded.length - i) * 20 * HOUR);
    const to = { name: c.name, address: c.email ?? '' };
    const state = i === threaded.length - 1 ? 'failed' : i >= threaded.length - 3 ? 'pending' : 'sent';
    const ours = await writeOutbound(db, files, {
      caseId: c.id,
      caseNumber: c.caseNumber,
      to,
      subject: 'Vedrørende reklamasjonen din',
      text: `Hei ${c.name},\n\nTakk for henvendelsen. Vi har registrert saken og kommer tilbake til deg så snart vi har hørt fra leverandøren.\n\nVennlig hilsen\nDemo Store`,
      at,
      state,
      mailboxId: mailbox.id,
    });
    if (state !== 'sent') continue;
    replies.push(
      inboundRaw({
        from: to.address,
        name: c.name,
        subject: `Re: Vedrørende reklamasjonen din [#${String(c.caseNumber)}]`,
        text: REPLIES[i % REPLIES.length] ?? '',
        date: new Date(at.getTime() + 5 * HOUR),
        id: `demo-reply-${String(c.caseNumber)}`,
        inReplyTo: ours,
      }),
    );
  }
  const unmapped = STRANGERS.map(([name, from, subject, text], i) =>
    inboundRaw({
      from,
      name,
      subject,
      text,
      date: new Date(now - (i + 1) * 3 * HOUR),
      id: `demo-new-${String(i)}`,
    }),
  );
  unmapped.push(
    inboundRaw({
      from: 'news@supplier-news.example',
      name: 'Leverandørnytt',
      subject: 'Nyhetsbrev: vinterens kampanjer',
      text: 'Se våre nyheter for vinteren.',
      date: new Date(now - 30 * HOUR),
      id: 'demo-newsletter',
      headers: ['Precedence: bulk', 'List-Id: <news.supplier-news.example>'],
    }),
  );
  const extra = pickExtraCases(withEmail.filter((_, i) => i % 3 !== 0));
  const longThread = await planLongThread(
    extra.long,
    DEMO_MAILBOX,
    (plan) =>
      writeOutbound(db, files, {
        ...plan,
        to: { name: extra.long.name, address: extra.long.email ?? '' },
        state: 'sent',
        mailboxId: mailbox.id,
      }),
    now,
  );
  unmapped.push(...(await planTriageMails(extra, DEMO_MAILBOX, now)));
  // The long thread first: its answers are older than the short threads', so they count as read.
  await ingestMails({ db, files }, { mailboxId: mailbox.id, raws: [...longThread, ...replies, ...unmapped] });
  await dateInboundAsSent(db, extra.long.id);

  await markOlderRepliesRead(db);
  await recountCaseMails(db);
  await insertStoreTemplate(db, {
    key: 'claim-received',
    workFlow: 'claim',
    sendType: 'customer',
    language: 'nr',
    subject: 'Vi har mottatt reklamasjonen din ({{case.number}})',
    body: '<p>Hei {{customer.name}},</p><p>Takk for at du tok kontakt med {{store.name}}. Vi har registrert reklamasjonen din med saksnummer {{case.number}} og svarer deg innen to virkedager.</p><p>{{items}}</p><p>Vennlig hilsen<br>{{user.name}}<br>{{store.name}}</p>',
    updatedBy: 'seed',
  });
  await refreshCaseSearch(db);
}
