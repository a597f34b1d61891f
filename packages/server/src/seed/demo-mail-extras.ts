// The demo mail that makes the mail screens real (issue 21, point 10): one long conversation
// on a case, attachments (a photo and a PDF receipt), and unmapped mails whose likely cases the
// triage screen finds for each of its reasons.
import MailComposer from 'nodemailer/lib/mail-composer';
import { demoPhotoPng, demoReceiptPdf } from './demo-attachments';
import type { DemoMailCase } from './demo-mails.repository';

const HOUR = 3_600_000;
/** Rounds of the long thread: our mail and the customer's answer each, 32 mails. */
export const LONG_THREAD_ROUNDS = 16;

const OUR_LINES = [
  'Takk for henvendelsen. Kan du sende oss bilder av feilen og kvitteringen?',
  'Vi har mottatt bildene. Saken er sendt videre til leverandøren.',
  'Leverandøren ber om serienummeret på produktet. Det står under bunnplaten.',
  'Takk. Leverandøren vurderer saken og svarer innen en uke.',
  'Vi har ikke hørt fra leverandøren ennå, men har purret i dag.',
  'Leverandøren godkjenner reklamasjonen. Ønsker du nytt produkt eller pengene tilbake?',
  'Et nytt produkt er bestilt og sendes fra lageret vårt i morgen.',
  'Pakken er sendt. Sporingsnummeret kommer på SMS.',
];
const CUSTOMER_LINES = [
  'Her er bildene og kvitteringen, som avtalt.',
  'Flott, takk for oppdateringen.',
  'Serienummeret er SN-4471-2208-K.',
  'Ok, jeg venter på svar.',
  'Takk for at dere følger opp.',
  'Jeg vil gjerne ha et nytt produkt.',
  'Supert! Gleder meg.',
  'Pakken kom i dag, alt ser fint ut. Tusen takk for hjelpen!',
];

export const demoPhoto = () => ({
  filename: 'bilde-av-feilen.png',
  content: demoPhotoPng(),
  contentType: 'image/png',
});
export const demoReceipt = (orderReference: string | null) => ({
  filename: 'kvittering.pdf',
  content: demoReceiptPdf([
    'Kvittering',
    'Demo Store',
    `Ordre: ${orderReference ?? 'WEB-2026-00001'}`,
    'Vannkoker Steel 1,7 l    499,00 kr',
    'Totalt                   499,00 kr',
  ]),
  contentType: 'application/pdf',
});

interface InboundMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  date: Date;
  messageId: string;
  inReplyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** A customer's mail as their mail program would send it, attachments included. */
export function inboundWithFiles(mail: InboundMail): Promise<Buffer> {
  return new MailComposer({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    date: mail.date,
    messageId: mail.messageId,
    ...(mail.inReplyTo && { inReplyTo: mail.inReplyTo, references: [mail.inReplyTo] }),
    attachments: mail.attachments ?? [],
  })
    .compile()
    .build();
}

/** How seed writes one of our sent mails (demo-mails.ts writeOutbound); answers its Message-ID. */
export type WriteSent = (plan: {
  caseId: number;
  caseNumber: number;
  subject: string;
  text: string;
  at: Date;
}) => Promise<string>;

/**
 * The long thread: LONG_THREAD_ROUNDS of our mail and the customer's answer on one case, a
 * few hours apart over the last weeks; the customer's first answer carries the photo and the
 * receipt. Our mails are written at once; the answers are returned for ingest to thread.
 */
export async function planLongThread(
  c: DemoMailCase,
  mailbox: string,
  writeSent: WriteSent,
  now: number,
): Promise<Buffer[]> {
  const answers: Buffer[] = [];
  const start = now - (LONG_THREAD_ROUNDS * 24 + 48) * HOUR;
  for (let round = 0; round < LONG_THREAD_ROUNDS; round += 1) {
    const at = new Date(start + round * 24 * HOUR);
    const ours = await writeSent({
      caseId: c.id,
      caseNumber: c.caseNumber,
      subject: 'Reklamasjon på vannkoker',
      text: `Hei ${c.name},\n\n${OUR_LINES[round % OUR_LINES.length] ?? ''}\n\nVennlig hilsen\nDemo Store`,
      at,
    });
    answers.push(
      await inboundWithFiles({
        from: { name: c.name, address: c.email ?? '' },
        to: mailbox,
        subject: `Re: Reklamasjon på vannkoker [#${String(c.caseNumber)}]`,
        text: `${CUSTOMER_LINES[round % CUSTOMER_LINES.length] ?? ''}\n\nHilsen ${c.name}`,
        date: new Date(at.getTime() + 3 * HOUR),
        messageId: `<demo-long-${String(round)}@customer.example>`,
        inReplyTo: ours,
        ...(round === 0 && { attachments: [demoPhoto(), demoReceipt(c.orderReference)] }),
      }),
    );
  }
  return answers;
}

/**
 * Unmapped mails with a good suggestion each: from a case's customer (with a photo and a
 * receipt), one naming a case number in its subject, one naming an order reference.
 */
export async function planTriageMails(
  cases: { byCustomer: DemoMailCase; byNumber: DemoMailCase; byOrder: DemoMailCase },
  mailbox: string,
  now: number,
): Promise<Buffer[]> {
  const { byCustomer, byNumber, byOrder } = cases;
  return Promise.all([
    inboundWithFiles({
      from: { name: byCustomer.name, address: byCustomer.email ?? '' },
      to: mailbox,
      subject: 'Bilder av produktet',
      text: 'Hei, her er bildene av feilen jeg skrev om, og kvitteringen.\n\nHilsen ' + byCustomer.name,
      date: new Date(now - 2 * HOUR),
      messageId: '<demo-triage-customer@customer.example>',
      attachments: [demoPhoto(), demoReceipt(byCustomer.orderReference)],
    }),
    inboundWithFiles({
      from: { name: 'Kari Hansen', address: 'kari.hansen.privat@example.no' },
      to: mailbox,
      subject: `Angående sak ${String(byNumber.caseNumber)}`,
      text: `Hei, jeg skriver på vegne av ${byNumber.name}. Er det noe nytt i saken?`,
      date: new Date(now - 4 * HOUR),
      messageId: '<demo-triage-number@customer.example>',
    }),
    inboundWithFiles({
      from: { name: 'Per Olsen', address: 'per.olsen@example.no' },
      to: mailbox,
      subject: `Ordre ${byOrder.orderReference ?? ''}: når kommer erstatningen?`,
      text: 'Hei, jeg har fortsatt ikke fått erstatningsproduktet. Kan dere sjekke?',
      date: new Date(now - 5 * HOUR),
      messageId: '<demo-triage-order@customer.example>',
    }),
  ]);
}

/** The cases the extras use: different ones, open, with an email, away from the short threads. */
export function pickExtraCases(candidates: DemoMailCase[]) {
  const open = candidates.filter((c) => !c.isArchived && c.orderReference);
  const at = (i: number) => {
    const found = open[i];
    if (!found) throw new Error('seed: too few open demo cases with an email and an order reference');
    return found;
  };
  return { long: at(1), byCustomer: at(4), byNumber: at(7), byOrder: at(10) };
}
