import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Db } from '../db/client';
import { caseTimeline, cases, mailboxes, mailLogs, mailOutbox, mailTemplates } from '../db/schema';
import type { FileStorage } from '../lib/file-storage';
import { refreshCaseSearch } from '../modules/cases/case-search';
import { ingestMails } from '../modules/mail/ingest/ingest-batch';
import { ownMessageId } from '../modules/mail/message-id';
import { taggedSubject } from '../modules/mail/outbox/queue-mail';

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
}

/** Writes one of our outgoing mails as it would be after the outbox: raw bytes, row, timeline. */
async function writeOutbound(db: Db, files: FileStorage, plan: OutboundPlan): Promise<string> {
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
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailLogs)
      .values({
        tenantId: TENANT,
        caseId: plan.caseId,
        direction: 'out',
        mailLogType: 'customer',
        messageId,
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
      })
      .returning({ id: mailLogs.id });
    if (!row) throw new Error('seed: mail not written');
    await tx.insert(caseTimeline).values({
      tenantId: TENANT,
      caseId: plan.caseId,
      kind: 'mail-out',
      actor: 'agent@demo-store.test',
      at: plan.at,
      mailLogId: row.id,
    });
    // A pending mail waits for its next attempt in the outbox (a retry after a refusal).
    if (plan.state === 'pending') {
      await tx.insert(mailOutbox).values({
        tenantId: TENANT,
        mailLogId: row.id,
        attempts: 1,
        nextAttemptAt: new Date(Date.now() + 20 * 60_000),
        lastError: '451 4.3.0 Mailbox temporarily unavailable; will retry',
      });
    }
  });
  return messageId;
}

/**
 * Demo mail for demo-store: its mailbox (support@demo-store.test, forwarded to the built-in
 * receiver), a thread on many of its cases (our mail and the customer's answer, threaded by
 * ingest itself), a few unmapped mails (new customers, a newsletter), two
 * pending and one failed outgoing mail, and a template of the store's own.
 */
export async function seedDemoMails(db: Db, files: FileStorage, now = Date.now()): Promise<void> {
  const [mailbox] = await db
    .insert(mailboxes)
    // Proven, as if its confirmation mail had come back: mail to it through 127.0.0.1:2525 lands here.
    .values({ tenantId: TENANT, address: DEMO_MAILBOX, kind: 'forward', verifiedAt: new Date(now) })
    .returning({ id: mailboxes.id });
  if (!mailbox) throw new Error('seed: mailbox not created');
  const withEmail = await db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      name: cases.customerName,
      email: cases.customerEmail,
    })
    .from(cases)
    .where(and(eq(cases.tenantId, TENANT), isNull(cases.deletedAt), sql`${cases.customerEmail} IS NOT NULL`))
    .orderBy(asc(cases.caseNumber));
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
  await ingestMails(
    { db, files },
    { tenantId: TENANT, mailboxId: mailbox.id, raws: [...replies, ...unmapped] },
  );

  // Older answers have been read; the last ten threads are still waiting for someone.
  await db.execute(sql`UPDATE mail_logs SET is_read = true
    WHERE tenant_id = ${TENANT} AND direction = 'in' AND case_id IS NOT NULL
      AND received_at IS NOT NULL AND message_id NOT IN (
        SELECT message_id FROM mail_logs WHERE tenant_id = ${TENANT} AND direction = 'in' AND case_id IS NOT NULL
        ORDER BY id DESC LIMIT 10)`);
  await db.execute(sql`UPDATE cases c SET
      unread_mail_count = (SELECT count(*) FROM mail_logs m WHERE m.tenant_id = c.tenant_id
        AND m.case_id = c.id AND m.direction = 'in' AND NOT m.is_read AND NOT m.is_deleted),
      send_pending_mail_count = (SELECT count(*) FROM mail_logs m WHERE m.tenant_id = c.tenant_id
        AND m.case_id = c.id AND m.direction = 'out' AND m.send_state = 'pending')
    WHERE c.tenant_id = ${TENANT}`);
  await db.insert(mailTemplates).values({
    tenantId: TENANT,
    key: 'claim-received',
    workFlow: 'claim',
    sendType: 'customer',
    language: 'nr',
    subject: 'Vi har mottatt reklamasjonen din ({{case.number}})',
    body: '<p>Hei {{customer.name}},</p><p>Takk for at du tok kontakt med {{store.name}}. Vi har registrert reklamasjonen din med saksnummer {{case.number}} og svarer deg innen to virkedager.</p><p>{{items}}</p><p>Vennlig hilsen<br>{{user.name}}<br>{{store.name}}</p>',
    updatedBy: 'seed',
  });
  await refreshCaseSearch(db, TENANT);
}
