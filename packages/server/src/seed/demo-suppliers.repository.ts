// The statements of the demo suppliers (demo-suppliers.ts): the store's suppliers and contact
// persons, its claims linked to them by name, and the mails of claims sent to a supplier.
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { caseTimeline, caseViews, cases, contacts, mailLogs, supplierAnswers, suppliers } from '../db/schema';
import type { TenantDb } from '../db/tenant-db';
import type { SupplierValues } from '../modules/suppliers/suppliers.repository';

export async function insertDemoSupplier(db: TenantDb, values: SupplierValues): Promise<number> {
  const [row] = await db
    .insert(suppliers)
    .values({ tenantId: db.tenantId, ...values })
    .returning({ id: suppliers.id });
  if (!row) throw new Error('seed: supplier not created');
  return row.id;
}

/** A contact person: the store's contact of that email becomes the supplier's, or a new one. */
export async function upsertDemoContactPerson(
  db: TenantDb,
  supplierId: number,
  person: { email: string; fullName: string; phone: string },
): Promise<void> {
  await db
    .insert(contacts)
    .values({ tenantId: db.tenantId, ...person, supplierId })
    .onConflictDoUpdate({
      target: [contacts.tenantId, contacts.email],
      set: { supplierId, phone: person.phone },
    });
}

/** Each claim naming a supplier by name gets that supplier. */
export async function linkCasesToSuppliersByName(db: TenantDb): Promise<void> {
  await db.execute(
    (store) => sql`UPDATE cases c SET supplier_id = s.id FROM suppliers s
    WHERE ${store.owns('c')} AND ${store.owns('s')} AND s.name = c.supplier_name`,
  );
}

/** The claims with a supplier, open ones first, oldest first within each. */
export function listClaimsWithSupplier(db: TenantDb) {
  return db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      supplierId: cases.supplierId,
      isArchived: cases.isArchived,
      createdAt: cases.createdAt,
      closedAt: cases.closedAt,
      description: cases.description,
      itemsSummary: cases.itemsSummary,
    })
    .from(cases)
    .where(
      and(
        eq(cases.workFlow, 'claim'),
        isNotNull(cases.supplierId),
        isNull(cases.deletedAt),
        // Claims without a customer conversation, so the supplier's lane stands on its own.
        sql`NOT EXISTS (SELECT 1 FROM ${mailLogs} m WHERE ${db.owns('m')} AND m.case_id = ${cases.id})`,
      ),
    )
    .orderBy(asc(cases.isArchived), asc(cases.createdAt));
}

/** A mail with the supplier, already sent or received and read, with its timeline entry. */
export async function insertDemoSupplierMail(
  db: TenantDb,
  mail: {
    caseId: number;
    direction: 'in' | 'out';
    messageId: string;
    inReplyTo?: string;
    rawFileHash: string;
    from: { name: string; address: string };
    to: { name?: string; address: string };
    subject: string;
    text: string;
    at: Date;
    actor: string;
  },
): Promise<void> {
  const [row] = await db
    .insert(mailLogs)
    .values({
      tenantId: db.tenantId,
      caseId: mail.caseId,
      direction: mail.direction,
      mailLogType: 'supplier',
      messageId: mail.messageId,
      inReplyTo: mail.inReplyTo ?? null,
      references: mail.inReplyTo ? [mail.inReplyTo] : [],
      rawFileHash: mail.rawFileHash,
      fromAddress: mail.from.address,
      fromName: mail.from.name,
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      sentAt: mail.at,
      isRead: true,
      ...(mail.direction === 'out'
        ? { sendState: 'sent', sendAttempts: 1, createdBy: mail.actor }
        : { receivedAt: mail.at }),
      createdAt: mail.at,
    })
    .returning({ id: mailLogs.id });
  if (!row) throw new Error('seed: supplier mail not written');
  await db.insert(caseTimeline).values({
    tenantId: db.tenantId,
    caseId: mail.caseId,
    kind: mail.direction === 'out' ? 'mail-out' : 'mail-in',
    actor: mail.actor,
    at: mail.at,
    mailLogId: row.id,
  });
}

/** The claim was sent to its supplier at `at` (its portal contacts see it from then). */
export async function markDemoSentToSupplier(db: TenantDb, caseId: number, at: Date): Promise<void> {
  await db.update(cases).set({ sentToSupplierAt: at }).where(eq(cases.id, caseId));
}

/** A supplier's answer given in the portal, its timeline entry, and the contact's view before it. */
export async function insertDemoSupplierAnswer(
  db: TenantDb,
  answer: {
    caseId: number;
    outcome: 'accepted' | 'partly' | 'declined';
    compensationMode: string | null;
    amountMinor: number | null;
    currency: string | null;
    creditNoteNumber: string | null;
    note: string;
    answeredBy: string;
    at: Date;
  },
): Promise<void> {
  const { at, ...values } = answer;
  await db.insert(caseViews).values({
    tenantId: db.tenantId,
    caseId: answer.caseId,
    viewer: answer.answeredBy,
    viewedAt: new Date(at.getTime() - 10 * 60_000),
  });
  await db.insert(supplierAnswers).values({ tenantId: db.tenantId, ...values, createdAt: at });
  await db.insert(caseTimeline).values({
    tenantId: db.tenantId,
    caseId: answer.caseId,
    kind: 'supplier-answer',
    actor: answer.answeredBy,
    at,
    // As the portal writes an answer's entry (supplier-portal.service.ts).
    changes: [
      { field: 'supplierAnswer.outcome', from: null, to: answer.outcome },
      ...(answer.compensationMode
        ? [{ field: 'supplierAnswer.compensationMode', from: null, to: answer.compensationMode }]
        : []),
      ...(answer.amountMinor !== null
        ? [
            {
              field: 'supplierAnswer.amount',
              from: null,
              to: `${String(answer.amountMinor)} ${answer.currency ?? ''}`.trim(),
            },
          ]
        : []),
      ...(answer.creditNoteNumber
        ? [{ field: 'supplierAnswer.creditNoteNumber', from: null, to: answer.creditNoteNumber }]
        : []),
    ],
  });
}
