import { count, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, requestToken, signIn, signInWithOtp, type Session } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';
import {
  DEFAULT_CLAIM_STATUS_OPTIONS,
  DEFAULT_SUPPORT_STATUS_OPTIONS,
  type TCase,
  type TCaseListRow,
  type TItemType,
  type TListCasesResponse,
  type TListUnmappedMailsResponse,
  type TMailLog,
  type TMailSuggestionsResponse,
  type TTimelineEntry,
} from '@claimdesk/contracts';
import {
  accountDirectory,
  caseTimeline,
  cases,
  companies,
  contacts,
  mailAttachments,
  mailboxes,
  mailLogs,
  mailOutbox,
  mailTemplates,
  storeProperties,
  stores,
  users,
} from '../src/db/schema';
import { seedDemo } from '../src/seed/demo-seed';

const PASSWORD = 'Demo-1234!';
let t: TestApp;
let firstRun: boolean;

beforeAll(async () => {
  t = await createTestApp();
  firstRun = await seedDemo(t.db, t.app.deps.files);
});
afterAll(() => t.close());

const checkUser = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/api/stores/check-user',
    headers: { 'content-type': 'text/plain' },
    payload: email,
  });

async function demoSignIn(username: string, tenantId: string): Promise<Session> {
  return signIn(t.app, { username, password: PASSWORD, tenantId });
}

async function counts() {
  const of = async (
    table:
      | typeof companies
      | typeof stores
      | typeof users
      | typeof contacts
      | typeof storeProperties
      | typeof accountDirectory,
  ) => (await t.db.select({ n: count() }).from(table))[0]?.n;
  return {
    companies: await of(companies),
    stores: await of(stores),
    users: await of(users),
    contacts: await of(contacts),
    storeProperties: await of(storeProperties),
    directory: await of(accountDirectory),
    cases: (await t.db.select({ n: count() }).from(cases))[0]?.n,
    timeline: (await t.db.select({ n: count() }).from(caseTimeline))[0]?.n,
  };
}

describe('demo seed', () => {
  it('creates the demo staff of demo-store with password Demo-1234! and their roles', async () => {
    expect(firstRun).toBe(true);
    const expected: [string, string[]][] = [
      ['admin@demo-store.test', ['ADMIN_USER']],
      ['agent@demo-store.test', ['STANDARD_USER']],
      ['manager@demo-store.test', ['MANAGER_USER']],
      ['super@demo-store.test', ['SUPER_ADMIN_USER']],
    ];
    for (const [username, roles] of expected) {
      expect((await checkUser(username)).body, username).toBe('demo-store');
      const response = await requestToken(
        t.app,
        { grant_type: 'password', username, password: PASSWORD },
        'demo-store',
      );
      expect(response.statusCode, username).toBe(200);
      expect(decodeJwt(response.json<{ access_token: string }>().access_token)).toMatchObject({
        user_name: username,
        store_name: 'demo-store',
        authorities: roles,
      });
    }
    const admin = await demoSignIn('admin@demo-store.test', 'demo-store');
    const list = await call(t.app, admin, { url: '/v2/api/users' });
    expect(
      list
        .json<{ username: string }[]>()
        .map((u) => u.username)
        .sort(),
    ).toEqual([
      'admin@demo-store.test',
      'agent@demo-store.test',
      'manager@demo-store.test',
      'reset@demo-store.test',
      'super@demo-store.test',
    ]);
    const me = await call(t.app, admin, { url: '/v2/api/users/by-user-name?userName=admin@demo-store.test' });
    expect(me.json()).toMatchObject({ firstName: 'Ada', lastName: 'Admin', roles: ['ADMIN_USER'] });
  });

  it('makes reset@demo-store.test choose a new password first', async () => {
    expect((await checkUser('reset@demo-store.test')).body).toBe('demo-store');
    const response = await requestToken(
      t.app,
      { grant_type: 'password', username: 'reset@demo-store.test', password: PASSWORD },
      'demo-store',
    );
    expect(response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Required to reset password',
    });
  });

  it('makes contact@supplier.test a one-time-code contact of demo-store', async () => {
    const response = await checkUser('contact@supplier.test');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('otp');
  });

  it('sets demo-store to language nr, internal suppliers, every feature flag on, in Demo Company', async () => {
    const session = {
      ...(await demoSignIn('agent@demo-store.test', 'demo-store')),
      companyName: 'Demo Company',
    };
    const setting = await call(t.app, session, { url: '/v2/api/stores/setting' });
    expect(setting.json()).toMatchObject({
      storeName: 'demo-store',
      companyName: 'Demo Company',
      language: 'nr',
      supplierSource: 'internal',
    });
    const features = await call(t.app, session, {
      url: '/v2/api/settings/initial-properties/json-config/feature',
    });
    const flags = features.json<Record<string, boolean>>();
    expect(Object.keys(flags).length).toBeGreaterThanOrEqual(10);
    expect(Object.entries(flags).filter(([, on]) => !on)).toEqual([]);
  });

  it('puts second-store with admin@second-store.test in Second Company', async () => {
    expect((await checkUser('admin@second-store.test')).body).toBe('second-store');
    const session = await demoSignIn('admin@second-store.test', 'second-store');
    expect(decodeJwt(session.token)).toMatchObject({ authorities: ['ADMIN_USER'] });
    const setting = await call(t.app, session, { url: '/v2/api/stores/setting' });
    expect(setting.json()).toMatchObject({ storeName: 'second-store', companyName: 'Second Company' });
    const list = await call(t.app, session, { url: '/v2/api/users' });
    expect(list.json<{ username: string }[]>().map((u) => u.username)).toEqual(['admin@second-store.test']);
  });

  it('gives demo-store 200 cases across claim and support, every status, archived ones, items and timelines', async () => {
    const session = await demoSignIn('agent@demo-store.test', 'demo-store');
    const all: TCaseListRow[] = [];
    for (const workFlow of ['claim', 'support']) {
      for (const type of ['open', 'archive']) {
        let cursor: string | null = null;
        do {
          const page: TListCasesResponse = (
            await call(t.app, session, {
              url: `/v2/api/claims?type=${type}&workFlow=${workFlow}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
            })
          ).json<TListCasesResponse>();
          all.push(...page.items);
          cursor = page.nextCursor;
        } while (cursor);
      }
    }
    expect(all).toHaveLength(200);
    const claims = all.filter((c) => c.workFlow === 'claim');
    const support = all.filter((c) => c.workFlow === 'support');
    expect(support.length).toBeGreaterThan(20);
    expect(new Set(claims.map((c) => c.status))).toEqual(
      new Set(DEFAULT_CLAIM_STATUS_OPTIONS.statuses.map((s) => s.value)),
    );
    expect(new Set(support.map((c) => c.status))).toEqual(
      new Set(DEFAULT_SUPPORT_STATUS_OPTIONS.statuses.map((s) => s.value)),
    );
    expect(all.filter((c) => c.isArchived).length).toBeGreaterThan(10);
    expect(new Set(all.map((c) => c.caseNumber)).size).toBe(200);
    const created = all.map((c) => Date.parse(c.createdAt));
    expect(Date.now() - Math.min(...created)).toBeGreaterThan(150 * 86_400_000);
    expect(Date.now() - Math.min(...created)).toBeLessThan(190 * 86_400_000);
    const assignees = new Set(all.map((c) => c.assignee).filter(Boolean));
    expect([...assignees].every((a) => String(a).endsWith('@demo-store.test'))).toBe(true);
    expect(assignees.size).toBeGreaterThanOrEqual(3);
    expect(claims.every((c) => c.itemsSummary !== '')).toBe(true);

    const types = (await call(t.app, session, { url: '/v2/api/claim-item-types' })).json<TItemType[]>();
    expect(types).toHaveLength(10);
    expect(types.every((ty) => ty.names.en && ty.names.nr && ty.names.da && ty.names.de)).toBe(true);
    const sample = claims.find((c) => c.status === 'resolved' && c.isArchived);
    const detail = (
      await call(t.app, session, { url: `/v2/api/claims/${String(sample?.id)}` })
    ).json<TCase>();
    expect(detail.items[0]?.itemTypeName).toEqual(expect.any(String));
    expect(detail.customer.email).toMatch(/@example\.no$/);
    const timeline = (
      await call(t.app, session, { url: `/v2/api/claims/${String(sample?.id)}/timeline` })
    ).json<TTimelineEntry[]>();
    expect(timeline.map((e) => e.kind)).toEqual(['created', 'assigned', 'status', 'archived']);
    const found = await call(t.app, session, {
      url: `/v2/api/claims?type=${sample?.isArchived ? 'archive' : 'open'}&workFlow=claim&search=${encodeURIComponent(detail.customer.name)}`,
    });
    expect(found.json<TListCasesResponse>().items.map((c) => c.id)).toContain(sample?.id);
  });

  it('lets contact@supplier.test read the open claims sent to its supplier, no other', async () => {
    const otp = await signInWithOtp(t.app, t.dataDir, 'contact@supplier.test');
    const page = (
      await call(t.app, otp, { url: '/v2/api/claims?type=open&workFlow=claim' })
    ).json<TListCasesResponse>();
    expect(page.items.length).toBeGreaterThanOrEqual(1);
    // A contact person reads a case only while it is sent to its supplier (issue 35, point 2).
    expect(new Set(page.items.map((item) => item.supplierName))).toEqual(new Set(['Elkjøp Nordic AS']));
  });

  it('gives second-store a few cases of its own', async () => {
    const session = await demoSignIn('admin@second-store.test', 'second-store');
    const page = (
      await call(t.app, session, { url: '/v2/api/claims?type=open&workFlow=claim' })
    ).json<TListCasesResponse>();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThan(10);
  });

  it('holds exactly the demo data, and a second run creates nothing', async () => {
    const before = await counts();
    expect(before).toMatchObject({
      companies: 2,
      stores: 2,
      users: 6,
      // contact@supplier.test and the other contact persons of demo-store's six suppliers.
      contacts: 7,
      directory: 6,
      cases: 206,
    });
    expect(await seedDemo(t.db, t.app.deps.files)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});

describe('demo mail', () => {
  const demoMails = () => t.db.select().from(mailLogs).where(eq(mailLogs.tenantId, 'demo-store'));

  it('gives demo-store a forwarded mailbox, threads on its cases, unmapped mails and a template', async () => {
    const boxes = await t.db.select().from(mailboxes).where(eq(mailboxes.tenantId, 'demo-store'));
    expect(boxes.map((b) => [b.address, b.kind, b.isEnabled])).toEqual([
      ['support@demo-store.test', 'forward', true],
    ]);
    const mails = await demoMails();
    // The customers' threads: every one answered (the suppliers' are test/suppliers').
    const customers = mails.filter((m) => m.mailLogType === 'customer');
    const inOnCases = customers.filter((m) => m.direction === 'in' && m.caseId !== null);
    const outOnCases = customers.filter((m) => m.direction === 'out' && m.caseId !== null);
    expect(outOnCases.length).toBeGreaterThanOrEqual(20);
    // Every sent mail's answer was threaded by ingest onto the case of the mail it answers.
    const sent = outOnCases.filter((m) => m.sendState === 'sent');
    expect(inOnCases).toHaveLength(sent.length);
    for (const reply of inOnCases) {
      const answered = sent.find((m) => m.messageId === reply.inReplyTo);
      expect(answered?.caseId).toBe(reply.caseId);
    }
    const unmapped = mails.filter((m) => m.caseId === null);
    expect(unmapped.length).toBeGreaterThanOrEqual(7);
    expect(unmapped.some((m) => m.autoKind === 'bulk')).toBe(true);
    // Every mail keeps its raw message.
    for (const m of mails) expect(await t.app.deps.files.has(m.rawFileHash ?? '')).toBe(true);
    const templates = await t.db.select().from(mailTemplates).where(eq(mailTemplates.tenantId, 'demo-store'));
    expect(templates.map((x) => [x.key, x.language])).toEqual([['claim-received', 'nr']]);
  });

  it('has pending and failed outgoing mails, and case counts that match the mails', async () => {
    const mails = await demoMails();
    const pending = mails.filter((m) => m.sendState === 'pending');
    expect(pending).toHaveLength(2);
    const jobs = await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, 'demo-store'));
    expect(jobs.map((j) => j.mailLogId).sort()).toEqual(pending.map((m) => m.id).sort());
    const failed = mails.filter((m) => m.sendState === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.sendError).toMatch(/^550 /);
    const unread = mails.filter((m) => m.direction === 'in' && m.caseId !== null && !m.isRead);
    expect(unread).toHaveLength(10);
    const rows = await t.db.select().from(cases).where(eq(cases.tenantId, 'demo-store'));
    for (const row of rows) {
      expect(row.unreadMailCount).toBe(unread.filter((m) => m.caseId === row.id).length);
      expect(row.sendPendingMailCount).toBe(pending.filter((m) => m.caseId === row.id).length);
    }
  });

  it('lets staff resend the failed mail: it went out through the store’s own mailbox', async () => {
    const failed = (await demoMails()).find((m) => m.sendState === 'failed');
    expect(failed?.mailboxId).not.toBeNull();
    const session = await demoSignIn('agent@demo-store.test', 'demo-store');
    const resent = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/claims/mails/resend/${String(failed?.id)}`,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<TMailLog>().sendState).toBe('pending');
  });

  it('has one long conversation of 30+ mails on a case, alternating ours and the customer’s', async () => {
    const mails = await demoMails();
    const byCase = new Map<number, typeof mails>();
    for (const m of mails) if (m.caseId !== null) byCase.set(m.caseId, [...(byCase.get(m.caseId) ?? []), m]);
    const [caseId, thread] = [...byCase].sort((a, b) => b[1].length - a[1].length)[0] ?? [0, []];
    expect(thread.length).toBeGreaterThanOrEqual(30);
    const session = await demoSignIn('admin@demo-store.test', 'demo-store');
    const shown = (
      await call(t.app, session, { url: `/v2/api/claims/mails/${String(caseId)}/mail-logs` })
    ).json<TMailLog[]>();
    expect(shown).toHaveLength(thread.length);
    // Oldest first, ours and the customer's in turn.
    expect(shown.map((m) => m.direction)).toEqual(shown.map((_, i) => (i % 2 === 0 ? 'out' : 'in')));
    const timeline = (await call(t.app, session, { url: `/v2/api/claims/${String(caseId)}/timeline` })).json<
      TTimelineEntry[]
    >();
    const mailEntries = timeline.filter((e) => e.kind === 'mail-in' || e.kind === 'mail-out');
    expect(mailEntries.map((e) => e.mailLogId)).toEqual(shown.map((m) => m.id));
  });

  it('has read and unread mail, and attachments with an image and a PDF that open', async () => {
    const mails = await demoMails();
    expect(mails.some((m) => m.direction === 'in' && m.isRead)).toBe(true);
    expect(mails.some((m) => m.direction === 'in' && !m.isRead)).toBe(true);
    const files = await t.db.select().from(mailAttachments).where(eq(mailAttachments.tenantId, 'demo-store'));
    const png = files.find((f) => f.contentType === 'image/png');
    const pdf = files.find((f) => f.contentType === 'application/pdf');
    if (!png || !pdf) throw new Error('no demo PNG or PDF attachment');
    expect(files.some((f) => mails.find((m) => m.id === f.mailLogId)?.caseId === null)).toBe(true);
    expect(files.some((f) => (mails.find((m) => m.id === f.mailLogId)?.caseId ?? null) !== null)).toBe(true);
    const session = await demoSignIn('admin@demo-store.test', 'demo-store');
    for (const [file, magic] of [
      [png, [0x89, 0x50, 0x4e, 0x47]],
      [pdf, [0x25, 0x50, 0x44, 0x46]],
    ] as const) {
      const response = await call(t.app, session, {
        url: `/v2/api/claims/mails/preview/attachment?attachmentDetail=mails/${String(file.mailLogId)}/${String(file.id)}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect([...response.rawPayload.subarray(0, 4)]).toEqual(magic);
    }
  });

  it('has unmapped mails whose likely case is found by sender, case number and order reference', async () => {
    const session = await demoSignIn('admin@demo-store.test', 'demo-store');
    const unmapped = (
      await call(t.app, session, { url: '/v2/api/unmapped-mails?type=inbox&limit=100' })
    ).json<TListUnmappedMailsResponse>().items;
    const answer = await call(t.app, session, {
      url: `/v2/api/unmapped-mails/suggestions?ids=${unmapped.map((m) => m.id).join(',')}`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const reasons = new Set(
      Object.values(answer.json<TMailSuggestionsResponse>())
        .flat()
        .flatMap((s) => s.reasons),
    );
    for (const reason of ['customer-email', 'case-number', 'order-reference'] as const)
      expect(reasons, reason).toContain(reason);
  });

  it('finds a case by words of its mails', async () => {
    const session = await demoSignIn('admin@demo-store.test', 'demo-store');
    const reply = (await demoMails()).find((m) => m.direction === 'in' && m.text?.includes('Sporingsnummer'));
    if (!reply?.caseId) throw new Error('no threaded demo reply mentions Sporingsnummer');
    const [kase] = await t.db.select().from(cases).where(eq(cases.id, reply.caseId));
    const page = (
      await call(t.app, session, {
        url: `/v2/api/claims?type=${kase?.isArchived ? 'archive' : 'open'}&workFlow=${kase?.workFlow ?? ''}&search=sporingsnummer`,
      })
    ).json<TListCasesResponse>();
    expect(page.items.map((i) => i.id)).toContain(reply.caseId);
  });
});
