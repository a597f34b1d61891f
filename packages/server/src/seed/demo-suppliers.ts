// Demo-store's suppliers: the names its demo claims carry, each with contact persons (the demo
// contact, contact@supplier.test, speaks for the first), the claims linked to them, and a few
// claims sent to their supplier: some answered, some waiting past the promised answer time.
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Db } from '../db/client';
import type { FileStorage } from '../lib/file-storage';
import { forTenant } from '../db/tenant-db';
import { ownMessageId } from '../modules/mail/common/message-id';
import { taggedSubject } from '../modules/mail/outbox/queue-mail.service';
import {
  insertDemoSupplier,
  insertDemoSupplierAnswer,
  insertDemoSupplierMail,
  linkCasesToSuppliersByName,
  listClaimsWithSupplier,
  markDemoSentToSupplier,
  upsertDemoContactPerson,
} from './demo-suppliers.repository';

const DAY = 86_400_000;
const STORE = { name: 'Demo Store', address: 'support@demo-store.test' };

interface DemoSupplier {
  name: string;
  organisationNumber: string;
  domain: string;
  answerDays: number;
  compensationModes: string[];
  requiredEvidence: string[];
  people: { email: string; fullName: string; phone: string }[];
}

export const DEMO_SUPPLIERS: DemoSupplier[] = [
  {
    name: 'Elkjøp Nordic AS',
    organisationNumber: '984155611',
    domain: 'elkjop.example',
    answerDays: 7,
    compensationModes: ['credit-note', 'replacement', 'repair'],
    requiredEvidence: ['photos', 'receipt', 'serialNumber'],
    people: [
      { email: 'contact@supplier.test', fullName: 'Sune Supplier', phone: '+47 900 11 222' },
      { email: 'ingrid.berg@elkjop.example', fullName: 'Ingrid Berg', phone: '+47 911 22 333' },
    ],
  },
  {
    name: 'Power Norge AS',
    organisationNumber: '920072992',
    domain: 'power.example',
    answerDays: 5,
    compensationModes: ['credit-note', 'refund'],
    requiredEvidence: ['photos', 'receipt'],
    people: [{ email: 'ola.hansen@power.example', fullName: 'Ola Hansen', phone: '+47 922 33 444' }],
  },
  {
    name: 'Bergans Fritid AS',
    organisationNumber: '931498541',
    domain: 'bergans.example',
    answerDays: 14,
    compensationModes: ['repair', 'replacement'],
    requiredEvidence: ['photos'],
    people: [{ email: 'marte.lie@bergans.example', fullName: 'Marte Lie', phone: '+47 933 44 555' }],
  },
  {
    name: 'Clas Ohlson AS',
    organisationNumber: '937589558',
    domain: 'clasohlson.example',
    answerDays: 10,
    compensationModes: ['credit-note', 'replacement'],
    requiredEvidence: ['receipt'],
    people: [{ email: 'jonas.dahl@clasohlson.example', fullName: 'Jonas Dahl', phone: '+47 944 55 666' }],
  },
  {
    name: 'Komplett Services AS',
    organisationNumber: '989911503',
    domain: 'komplett.example',
    answerDays: 7,
    compensationModes: ['credit-note', 'refund', 'repair'],
    requiredEvidence: ['photos', 'serialNumber'],
    people: [{ email: 'nora.holm@komplett.example', fullName: 'Nora Holm', phone: '+47 955 66 777' }],
  },
  {
    name: 'XXL Sport & Villmark AS',
    organisationNumber: '995231607',
    domain: 'xxl.example',
    answerDays: 14,
    compensationModes: ['credit-note', 'replacement'],
    requiredEvidence: ['receipt'],
    people: [{ email: 'even.moe@xxl.example', fullName: 'Even Moe', phone: '+47 966 77 888' }],
  },
];

/** The answers' outcomes in turn: most accepted, some partly, one in four declined. */
const OUTCOMES = ['accepted', 'partly', 'accepted', 'declined'] as const;

const ANSWERS = [
  'Vi har mottatt reklamasjonen og godkjenner den. Kreditnota kommer i egen e-post.',
  'Takk. Vi sender et nytt produkt direkte til butikken innen en uke.',
  'Vi trenger serienummeret før vi kan behandle saken. Kan dere sende det?',
  'Produktet må sendes til vårt verksted for vurdering. Returlapp er vedlagt.',
];

/** A mail's raw message, kept in `files` as every mail's is; answers its hash. */
async function storeRaw(
  files: FileStorage,
  mail: {
    messageId: string;
    inReplyTo?: string;
    from: Address;
    to: Address;
    subject: string;
    text: string;
    at: Date;
  },
): Promise<string> {
  const raw = await new MailComposer({
    messageId: mail.messageId,
    ...(mail.inReplyTo && { inReplyTo: mail.inReplyTo, references: [mail.inReplyTo] }),
    date: mail.at,
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
  })
    .compile()
    .build();
  return files.put(raw);
}

interface Address {
  name: string;
  address: string;
}

/** Demo-store's suppliers and their contact persons, its claims linked, some sent and answered. */
export async function seedDemoSuppliers(
  db: Db,
  files: FileStorage,
  tenantId: string,
  actor: string,
): Promise<void> {
  const store = forTenant(db, tenantId);
  const byId = new Map<number, DemoSupplier>();
  await store.transaction(async (tx) => {
    for (const s of DEMO_SUPPLIERS) {
      const id = await insertDemoSupplier(tx, {
        name: s.name,
        organisationNumber: s.organisationNumber,
        email: `post@${s.domain}`,
        phone: s.people[0]?.phone ?? null,
        address: `${s.name}\nPostboks 100\n0101 Oslo`,
        claimAddress: `reklamasjon@${s.domain}`,
        compensationModes: s.compensationModes,
        requiredEvidence: s.requiredEvidence,
        answerDays: s.answerDays,
        isDisabled: false,
      });
      byId.set(id, s);
      for (const person of s.people) await upsertDemoContactPerson(tx, id, person);
    }
    await linkCasesToSuppliersByName(tx);

    const now = Date.now();
    const claims = await listClaimsWithSupplier(tx);
    const open = claims
      .filter((c) => !c.isArchived && !c.closedAt && now - c.createdAt.getTime() > 30 * DAY)
      .slice(0, 10);
    const closed = claims.filter((c) => c.isArchived && c.closedAt).slice(0, 6);
    for (const [i, c] of [...open, ...closed].entries()) {
      const supplier = c.supplierId === null ? undefined : byId.get(c.supplierId);
      const person = supplier?.people[0];
      if (!supplier || !person) continue;
      const end = c.closedAt?.getTime() ?? now;
      // Closed claims: sent a quarter of the way to their closing; open ones days or weeks ago.
      const sentAt = c.closedAt
        ? new Date(c.createdAt.getTime() + (end - c.createdAt.getTime()) / 4)
        : new Date(now - (i < 3 ? 25 + i : 2 + i) * DAY);
      const subject = taggedSubject(`Reklamasjon: ${c.itemsSummary}`, c.caseNumber);
      const out = {
        messageId: ownMessageId(c.caseNumber, 'demo-store.test'),
        from: STORE,
        to: { name: supplier.name, address: `reklamasjon@${supplier.domain}` },
        subject,
        text: `Hei,\n\nVi sender en reklamasjon på ${c.itemsSummary}.\n${c.description ?? ''}\n\nMed vennlig hilsen\nDemo Store`,
        at: sentAt,
      };
      await insertDemoSupplierMail(tx, {
        ...out,
        caseId: c.id,
        direction: 'out',
        rawFileHash: await storeRaw(files, out),
        actor,
      });
      await markDemoSentToSupplier(tx, c.id, sentAt);
      // The first open claims wait past the promised time; the rest are answered.
      if (!c.closedAt && i < 3) continue;
      const answeredAt = c.closedAt
        ? new Date(sentAt.getTime() + (end - sentAt.getTime()) / 3)
        : new Date(Math.min(now - DAY / 2, sentAt.getTime() + (1 + (i % 4)) * DAY));
      const answer = {
        messageId: `<answer-${String(c.caseNumber)}@${supplier.domain}>`,
        inReplyTo: out.messageId,
        from: { name: person.fullName, address: person.email },
        to: STORE,
        subject: `SV: ${subject}`,
        text: ANSWERS[i % ANSWERS.length] ?? '',
        at: answeredAt,
      };
      await insertDemoSupplierMail(tx, {
        ...answer,
        caseId: c.id,
        direction: 'in',
        rawFileHash: await storeRaw(files, answer),
        actor: person.email,
      });
      const outcome = OUTCOMES[i % OUTCOMES.length] ?? 'accepted';
      const mode =
        outcome === 'declined'
          ? null
          : (supplier.compensationModes[i % supplier.compensationModes.length] ?? null);
      const amountMinor =
        outcome === 'declined' ? null : (outcome === 'partly' ? 45_000 : 89_900) + i * 1_000;
      await insertDemoSupplierAnswer(tx, {
        caseId: c.id,
        outcome,
        compensationMode: mode,
        amountMinor,
        currency: amountMinor === null ? null : 'NOK',
        creditNoteNumber: mode === 'credit-note' ? `KN-${String(40_000 + c.caseNumber)}` : null,
        note: answer.text,
        answeredBy: person.email,
        at: new Date(answeredAt.getTime() + 5 * 60_000),
      });
    }
  });
}
