/** Demo data: demo-store's suppliers with contact persons, claims linked to them, some sent and answered. */
import type { TContactPerson, TSupplier, TSupplierCase } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp } from '../helpers/api';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { and, eq } from 'drizzle-orm';
import { caseParticipants, cases, contacts, mailLogs, supplierAnswers } from '../../src/db/schema';
import { seedDemo } from '../../src/seed/demo-seed';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, t.app.deps.files);
});
afterAll(() => t.close());

const admin = () =>
  signIn(t.app, { username: 'admin@demo-store.test', password: 'Demo-1234!', tenantId: 'demo-store' });

describe('demo suppliers', () => {
  it('gives demo-store six suppliers with contact persons, its claims linked and figures to show', async () => {
    const list = await call(t.app, await admin(), { url: '/v2/api/suppliers' });
    expect(list.statusCode, list.body).toBe(200);
    const suppliers = list.json<TSupplier[]>();
    expect(suppliers.map((s) => s.name)).toEqual([
      'Bergans Fritid AS',
      'Clas Ohlson AS',
      'Elkjøp Nordic AS',
      'Komplett Services AS',
      'Power Norge AS',
      'XXL Sport & Villmark AS',
    ]);
    for (const s of suppliers) {
      expect(s.contactPersons.length, s.name).toBeGreaterThan(0);
      expect(s.caseCount, s.name).toBeGreaterThan(0);
    }
    const elkjop = suppliers.find((s) => s.name === 'Elkjøp Nordic AS');
    expect(elkjop?.contactPersons.map((p) => p.email)).toContain('contact@supplier.test');
    const sum = (pick: (s: TSupplier) => number) => suppliers.reduce((n, s) => n + pick(s), 0);
    expect(sum((s) => s.figures.casesSent)).toBe(16);
    expect(sum((s) => s.figures.openPastAnswerTime)).toBe(3);
    expect(suppliers.some((s) => s.figures.medianDaysToFirstAnswer !== null)).toBe(true);
    expect(suppliers.some((s) => s.figures.medianDaysToResolution !== null)).toBe(true);
    // Second-store has suppliers of its own: none yet.
    const second = await signIn(t.app, {
      username: 'admin@second-store.test',
      password: 'Demo-1234!',
      tenantId: 'second-store',
    });
    expect((await call(t.app, second, { url: '/v2/api/suppliers' })).json()).toEqual([]);
  });

  it('has claims sent to their supplier, each answer threaded on the mail it answers', async () => {
    const mails = await t.db
      .select()
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, 'demo-store'), eq(mailLogs.mailLogType, 'supplier')));
    const sent = mails.filter((m) => m.direction === 'out');
    const answers = mails.filter((m) => m.direction === 'in');
    expect(sent).toHaveLength(16);
    expect(answers).toHaveLength(13);
    for (const answer of answers) {
      expect(sent.find((m) => m.messageId === answer.inReplyTo)?.caseId).toBe(answer.caseId);
    }
    for (const m of mails) expect(await t.app.deps.files.has(m.rawFileHash ?? '')).toBe(true);
  });

  it('marks those claims sent, with the suppliers’ answers (one in four declined) for the answered ones', async () => {
    const sentCases = (await t.db.select().from(cases).where(eq(cases.tenantId, 'demo-store'))).filter(
      (c) => c.sentToSupplierAt !== null,
    );
    expect(sentCases).toHaveLength(16);
    const answers = await t.db
      .select()
      .from(supplierAnswers)
      .where(eq(supplierAnswers.tenantId, 'demo-store'));
    expect(answers).toHaveLength(13);
    for (const a of answers) {
      const c = sentCases.find((x) => x.id === a.caseId);
      expect(c, 'an answer on a case never sent').toBeDefined();
      expect(a.createdAt.getTime()).toBeGreaterThan(c?.sentToSupplierAt?.getTime() ?? Infinity);
      if (a.outcome === 'declined') expect(a.amountMinor).toBeNull();
      else expect(a.amountMinor).toBeGreaterThan(0);
    }
    expect(new Set(answers.map((a) => a.outcome))).toEqual(new Set(['accepted', 'partly', 'declined']));
    expect(answers.some((a) => a.creditNoteNumber !== null)).toBe(true);
    // The demo contact speaks for a supplier with a claim sent to it, so its portal is not empty.
    const [contact] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.tenantId, 'demo-store'), eq(contacts.email, 'contact@supplier.test')));
    expect(sentCases.filter((c) => c.supplierId === contact?.supplierId).length).toBeGreaterThan(0);
  });

  it('lists a supplier’s cases, the one waiting past the promised answer time marked', async () => {
    const session = await admin();
    const suppliers = (await call(t.app, session, { url: '/v2/api/suppliers' })).json<TSupplier[]>();
    const late = suppliers.find((s) => s.figures.openPastAnswerTime === 1);
    if (!late) throw new Error('no supplier with an overdue case');
    const response = await call(t.app, session, { url: `/v2/api/suppliers/${late.id}/cases` });
    expect(response.statusCode, response.body).toBe(200);
    const cases = response.json<TSupplierCase[]>();
    expect(cases).toHaveLength(late.caseCount);
    const overdue = cases.filter((c) => c.isOverdue);
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({ isArchived: false, answeredAt: null });
    expect(overdue[0]?.sentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(cases.filter((c) => c.sentAt !== null)).toHaveLength(late.figures.casesSent);
    // Another store's admin gets no list of them.
    const second = await signIn(t.app, {
      username: 'admin@second-store.test',
      password: 'Demo-1234!',
      tenantId: 'second-store',
    });
    expect((await call(t.app, second, { url: `/v2/api/suppliers/${late.id}/cases` })).statusCode).toBe(404);
  });

  it('keeps contact@supplier.test a one-time-code contact, listed as Elkjøp’s contact person', async () => {
    const session = await admin();
    const persons = (
      await call(
        t.app,
        { ...session, companyName: 'Demo Company' },
        { url: '/v2/shared/suppliers/contact-persons' },
      )
    ).json<TContactPerson[]>();
    expect(persons.find((p) => p.email === 'contact@supplier.test')).toMatchObject({
      fullName: 'Sune Supplier',
      supplierName: 'Elkjøp Nordic AS',
      isDisabled: false,
    });
    const contact = await signInWithOtp(t.app, t.dataDir, 'contact@supplier.test');
    expect(contact.tenantId).toBe('demo-store');
  });

  it('shows the demo contact in the portal exactly the claims staff see as sent to Elkjøp (issue 35)', async () => {
    const contact = await signInWithOtp(t.app, t.dataDir, 'contact@supplier.test');
    const portal = await call(t.app, contact, { url: '/v2/api/supplier-portal/cases' });
    expect(portal.statusCode, portal.body).toBe(200);
    const shown = portal.json<{ id: number }[]>().map((c) => c.id);
    const sentToElkjop = (await t.db.select().from(cases).where(eq(cases.tenantId, 'demo-store')))
      .filter((c) => c.supplierName === 'Elkjøp Nordic AS' && c.sentToSupplierAt !== null)
      .map((c) => c.id);
    expect(sentToElkjop.length).toBeGreaterThan(0);
    expect(shown.sort()).toEqual(sentToElkjop.sort());
    const joined = await t.db
      .select()
      .from(caseParticipants)
      .where(eq(caseParticipants.email, 'contact@supplier.test'));
    expect(joined).toEqual([]);
  });
});
