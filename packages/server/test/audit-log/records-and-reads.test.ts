/**
 * The audit log (issue 34.3): each administrative action made through the API (mailboxes, an
 * OAuth sign-in, feature flags and configuration documents, data exports) and through the admin
 * command line is found in GET /v2/api/audit-log with its actor, address, action, before and
 * after, secrets masked; the filters and pages work; only the store's administrators read it,
 * and only their own store's.
 */
import type { TAuditLogEntry } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { createStoreAdmin, resetPassword } from '../../src/modules/admin/admin.service';
import { MASK } from '../../src/modules/audit/mask-secrets';
import { call, signIn } from '../helpers/api';
import { createUser } from '../helpers/factories';
import {
  admin,
  auditLogOf,
  entryOf,
  mailboxBody,
  otherSession,
  session,
  setUpAuditLog,
  store,
  t,
} from './audit-log-setup';

setUpAuditLog();

describe('each administrative action is recorded', () => {
  let mailboxId: number;

  it('records a mailbox added, changed, disabled and removed, its password masked', async () => {
    const created = await call(t.app, session, {
      method: 'POST',
      url: '/v2/api/settings/mailboxes',
      body: mailboxBody,
    });
    expect(created.statusCode, created.body).toBe(201);
    mailboxId = created.json<{ id: number }>().id;
    const added = await entryOf('mailbox.added', mailboxBody.address);
    expect(added).toMatchObject({ targetType: 'mailbox', targetId: mailboxBody.address });
    expect(added.changes.after).toMatchObject({ imapHost: 'imap.audit-shop.test', password: MASK });

    const changed = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${String(mailboxId)}`,
      body: { imapPort: 143, imapSecure: false, password: 'mailbox-password-2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const change = await entryOf('mailbox.changed', mailboxBody.address);
    expect(change.changes).toEqual({
      before: { imapPort: 993, imapSecure: true },
      after: { imapPort: 143, imapSecure: false, password: MASK },
    });

    const disabled = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${String(mailboxId)}/enabled`,
      body: { isEnabled: false },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await entryOf('mailbox.changed', mailboxBody.address)).changes).toEqual({
      before: { isEnabled: true },
      after: { isEnabled: false },
    });

    const removed = await call(t.app, session, {
      method: 'DELETE',
      url: `/v2/api/settings/mailboxes/${String(mailboxId)}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const removal = await entryOf('mailbox.removed', mailboxBody.address);
    expect(removal.changes.before).toMatchObject({ address: mailboxBody.address, imapPort: 143 });
    expect(removal.changes.after).toBeUndefined();
    expect(JSON.stringify(await auditLogOf(session))).not.toMatch(/mailbox-password/);
  });

  it('records an OAuth account connected, its tokens masked', async () => {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/v2/api/external-auth/google',
      body: { token: 'code-1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const entry = await entryOf('oauth.connected', 'google-box@audit-shop.test');
    expect(entry.changes.after).toMatchObject({ kind: 'imap-oauth-google', isEnabled: true });
    expect(entry.changes.detail).toEqual({
      provider: 'google',
      tokens: MASK,
    });
    expect(JSON.stringify(entry)).not.toMatch(/secret-1/);
  });

  it('records a feature flag change with the flags before and after', async () => {
    const base = '/v2/api/settings/initial-properties';
    const flags = (supportClaim: boolean) => ({
      draftClaim: true,
      supportClaim,
      claim: true,
      costReg: true,
      supplier: true,
      customer: true,
      statusClaim: true,
      statusCreditNote: true,
      statusCustomer: true,
      statusWareHouse: true,
    });
    const first = await call(t.app, session, {
      method: 'PUT',
      url: base,
      body: { name: 'feature', value: flags(true) },
    });
    expect(first.statusCode, first.body).toBe(200);
    const created = await entryOf('flag.changed', 'feature');
    expect(created.changes).toMatchObject({ before: null, after: flags(true) });
    const second = await call(t.app, session, {
      method: 'PUT',
      url: base,
      body: { name: 'feature', value: flags(false) },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await entryOf('flag.changed', 'feature')).changes).toEqual({
      before: flags(true),
      after: flags(false),
      detail: { flags: ['supportClaim'] },
    });
  });

  it('records a configuration document created, changed and removed, before and after', async () => {
    const base = '/v2/api/settings/initial-properties';
    const created = await call(t.app, session, {
      method: 'POST',
      url: base,
      body: { name: 'translations', value: { en: { greeting: 'Hello' } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json<{ id: number; version: number }>();
    expect((await entryOf('config.changed', 'translations')).changes).toEqual({
      before: null,
      after: { en: { greeting: 'Hello' } },
    });
    const updated = await call(t.app, session, {
      method: 'PUT',
      url: `${base}/${String(id)}`,
      body: { value: { en: { greeting: 'Hi' } }, version },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const change = await entryOf('config.changed', 'translations');
    expect(change).toMatchObject({ targetType: 'config', targetId: 'translations' });
    expect(change.changes).toEqual({
      before: { en: { greeting: 'Hello' } },
      after: { en: { greeting: 'Hi' } },
    });
    const removed = await call(t.app, session, { method: 'DELETE', url: `${base}/${String(id)}` });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await entryOf('config.changed', 'translations')).changes).toEqual({
      before: { en: { greeting: 'Hi' } },
      after: null,
    });
  });

  it('records data exports with what was exported and the filters', async () => {
    const exports: [url: string, what: string, filters: Record<string, unknown>][] = [
      [
        '/v2/api/exports/cases?workFlow=claim&type=open&language=de',
        'cases',
        { workFlow: 'claim', type: 'open' },
      ],
      [
        '/v2/api/exports/costs?from=2026-01-01&to=2026-03-31',
        'costs',
        { from: '2026-01-01', to: '2026-03-31' },
      ],
      ['/v2/api/reports/mails/csv?language=nr', 'report.mails', { language: 'nr' }],
      ['/v2/api/reports/get-cost-reg-pdf?fromDate=2026-01-01&toDate=2026-01-31', 'report.cost-statement', {}],
    ];
    for (const [url, what, filters] of exports) {
      const response = await call(t.app, session, { url });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      const entry = await entryOf('data.exported', what);
      expect(entry).toMatchObject({ targetType: 'export', targetId: what });
      expect(entry.changes.detail).toMatchObject({ filters });
    }
  });

  it('records the command line’s administrator and password reset as the operator, without an address', async () => {
    const username = 'cli-admin@audit-shop.test';
    await createStoreAdmin(t.db, {
      store: store.tenantId,
      email: username,
      firstName: 'Cli',
      lastName: 'Admin',
    });
    await resetPassword(t.db, { store: store.tenantId, email: username });
    const { items } = await auditLogOf(session, `?actor=operator&target=${username}`);
    expect(items.map((e) => [e.action, e.actor, e.actorAddress])).toEqual([
      ['user.password_set', 'operator', null],
      ['user.created', 'operator', null],
    ]);
    expect(items[1]?.changes.after).toEqual({
      username,
      firstName: 'Cli',
      lastName: 'Admin',
      roles: ['ADMIN_USER'],
    });
    expect(JSON.stringify(items)).not.toMatch(/passwordHash|argon/);
  });
});

describe('reading the audit log', () => {
  it('filters by action, actor, target and days, and pages newest first', async () => {
    const all = await auditLogOf(session, '?limit=200');
    expect(all.items.length).toBeGreaterThan(10);
    const times = all.items.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byAction = await auditLogOf(session, '?action=mailbox.changed');
    expect(byAction.items.length).toBe(2);
    expect(byAction.items.every((e) => e.action === 'mailbox.changed')).toBe(true);
    const byActor = await auditLogOf(session, `?actor=${encodeURIComponent(admin.username.toUpperCase())}`);
    expect(byActor.items.length).toBe(all.items.filter((e) => e.actor === admin.username).length);
    const byTarget = await auditLogOf(session, '?target=audit-shop');
    expect(new Set(byTarget.items.map((e) => e.targetId))).toEqual(
      new Set(['support@audit-shop.test', 'google-box@audit-shop.test', 'cli-admin@audit-shop.test']),
    );
    // A literal % matches nothing rather than everything.
    expect((await auditLogOf(session, '?target=%25')).items).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await auditLogOf(session, `?from=${today}&to=${today}&limit=200`)).items.length).toBe(
      all.items.length,
    );
    expect((await auditLogOf(session, '?to=2020-01-01')).items).toEqual([]);
    // Days are the reader's: in Kiritimati (UTC+14) the entries are of its today, none of its yesterday.
    const kiritimati = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      new Date(),
    );
    const zone = '&timeZone=Pacific/Kiritimati&limit=200';
    const dayBefore = new Date(Date.parse(kiritimati) - 86_400_000).toISOString().slice(0, 10);
    expect((await auditLogOf(session, `?from=${kiritimati}&to=${kiritimati}${zone}`)).items).toHaveLength(
      all.items.length,
    );
    expect((await auditLogOf(session, `?to=${dayBefore}${zone}`)).items).toEqual([]);
    if (dayBefore === today) {
      expect((await auditLogOf(session, `?to=${dayBefore}&limit=200`)).items).toHaveLength(all.items.length);
    }

    const pages: TAuditLogEntry[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await auditLogOf(session, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(pages.map((e) => e.id)).toEqual(all.items.map((e) => e.id));
  });

  it('refuses bad filters with a field message', async () => {
    for (const [query, field] of [
      ['?action=user.hacked', 'action'],
      ['?from=2026-02-01&to=2026-01-01', 'to'],
      ['?cursor=not-a-cursor', 'cursor'],
      ['?timeZone=Mars/Olympus', 'timeZone'],
      [`?actor=${'x'.repeat(201)}`, 'actor'],
    ] as const) {
      const response = await call(t.app, session, { url: `/v2/api/audit-log${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ fieldErrors?: Record<string, string> }>().fieldErrors, query).toHaveProperty(
        field,
      );
    }
  });

  it('downloads the log as CSV (BOM, dialect of the language) and records that export', async () => {
    const response = await call(t.app, session, {
      url: '/v2/api/exports/audit-log?action=mailbox.changed&language=de&timeZone=Europe/Berlin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="audit-log-.*\.csv"/);
    expect(response.body.startsWith('\uFEFFZeitpunkt;Wer;Adresse;Aktion;')).toBe(true);
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d;/);
    expect(lines[1]).toContain(
      `;${admin.username};127.0.0.1;mailbox.changed;mailbox;support@audit-shop.test;`,
    );
    expect(response.body).toContain(MASK);
    const entry = await entryOf('data.exported', 'audit-log');
    expect(entry.changes.detail).toMatchObject({ format: 'csv', filters: { action: 'mailbox.changed' } });
  });

  it('is for administrators only: agents and managers get 403, a contact-less token 401', async () => {
    for (const roles of [['STANDARD_USER'], ['MANAGER_USER']] as const) {
      const user = await createUser(t.db, store.tenantId, { roles: [...roles] });
      const s = await signIn(t.app, user);
      for (const url of ['/v2/api/audit-log', '/v2/api/exports/audit-log']) {
        expect((await call(t.app, s, { url })).statusCode, `${roles[0]} ${url}`).toBe(403);
      }
    }
    const anonymous = await t.app.inject({
      url: '/v2/api/audit-log',
      headers: { 'x-tenant-id': store.tenantId },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows another store’s administrator none of this store’s entries', async () => {
    const { items } = await auditLogOf(otherSession, '?limit=200');
    expect(items.filter((e) => e.actor === admin.username || e.actor === 'operator')).toEqual([]);
    const csv = await call(t.app, otherSession, { url: '/v2/api/exports/audit-log' });
    expect(csv.body).not.toContain('audit-shop.test');
  });
});
