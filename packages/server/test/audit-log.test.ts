/**
 * The audit log (issue 34.3): each administrative action made through the API (mailboxes, an
 * OAuth sign-in, feature flags and configuration documents, data exports) and through the admin
 * command line is found in GET /v2/api/audit-log with its actor, address, action, before and
 * after, secrets masked; the filters and pages work; only the store's administrators read it,
 * and only their own store's; nothing changes or deletes an entry but the retention purge.
 */
import http from 'node:http';
import type { TAuditLogEntry, TListAuditLogResponse } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { createStoreAdmin, resetPassword } from '../src/modules/admin/admin.service';
import { purgeAuditLog } from '../src/modules/audit/audit-purge.system';
import { registerAuditRetention } from '../src/modules/audit/audit-retention';
import { MASK } from '../src/modules/audit/mask-secrets';
import { call, signIn, type Session } from './helpers/api';
import { createStore, createUser, type StoreFixture, type UserFixture } from './helpers/factories';
import { freePort } from './helpers/mail-servers';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let admin: UserFixture;
let session: Session;
let otherSession: Session;
let provider: { url: string; stop: () => Promise<void> };

/** A provider's token and userinfo endpoints, answering one Google account. */
async function startProvider() {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/token') {
        response.end(
          JSON.stringify({
            access_token: 'access-secret-1',
            refresh_token: 'refresh-secret-1',
            expires_in: 3600,
          }),
        );
      } else {
        response.end(JSON.stringify({ email: 'google-box@audit-shop.test' }));
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${String(port)}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  provider = await startProvider();
  t = await createTestApp({
    GOOGLE_OAUTH_TOKEN_URL: `${provider.url}/token`,
    GOOGLE_OAUTH_USERINFO_URL: `${provider.url}/userinfo`,
    GOOGLE_OAUTH_CLIENT_ID: 'google-client',
    GOOGLE_OAUTH_CLIENT_SECRET: 'google-secret',
    GOOGLE_OAUTH_REDIRECT_URI: 'http://localhost:3000/external/google/oauth',
  });
  store = await createStore(t.db);
  admin = await createUser(t.db, store.tenantId, { roles: ['SUPER_ADMIN_USER'] });
  session = await signIn(t.app, admin);
  const other = await createStore(t.db);
  otherSession = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

const auditLogOf = async (s: Session, query = '') => {
  const response = await call(t.app, s, { url: `/v2/api/audit-log${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TListAuditLogResponse>();
};

/** The newest entry of an action (with this target), as the API answers it. */
async function entryOf(action: string, target?: string): Promise<TAuditLogEntry> {
  const query = `?action=${action}${target ? `&target=${encodeURIComponent(target)}` : ''}`;
  const [entry] = (await auditLogOf(session, query)).items;
  if (!entry) throw new Error(`no ${action} entry${target ? ` for ${target}` : ''}`);
  expect(entry).toMatchObject({ actor: admin.username, actorAddress: '127.0.0.1', action });
  return entry;
}

/** The database's refusal of a statement (drizzle wraps it: the trigger's words are in the cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return `${String(error)} ${String((error as { cause?: unknown }).cause)}`;
  }
  return 'not refused';
}

const mailboxBody = {
  kind: 'imap-password',
  address: 'support@audit-shop.test',
  imapHost: 'imap.audit-shop.test',
  imapPort: 993,
  imapSecure: true,
  imapUser: 'support@audit-shop.test',
  smtpHost: 'smtp.audit-shop.test',
  smtpPort: 465,
  smtpSecure: true,
  password: 'mailbox-password-1',
};

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

describe('the log is append-only', () => {
  it('has no route that changes or deletes an entry', () => {
    const writes = t.routes.filter(
      (route) =>
        [route.method].flat().some((m) => ['PUT', 'PATCH', 'DELETE', 'POST'].includes(m)) &&
        route.url.includes('audit-log'),
    );
    expect(writes.map((route) => `${String(route.method)} ${route.url}`)).toEqual([]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE through the database handle', async () => {
    for (const statement of [
      sql`UPDATE audit_log SET actor = 'someone-else'`,
      sql`DELETE FROM audit_log`,
      sql`TRUNCATE audit_log`,
    ]) {
      expect(await refusal(t.db.execute(statement))).toMatch(/append-only/);
    }
    expect((await auditLogOf(session)).items.some((e) => e.actor === 'someone-else')).toBe(false);
  });

  it('purges entries past the retention period and keeps the newer ones', async () => {
    const [old, recent] = await t.db
      .insert(auditLog)
      .values([
        {
          tenantId: store.tenantId,
          at: new Date(Date.now() - 401 * 86_400_000),
          actor: 'old',
          action: 'config.changed',
        },
        {
          tenantId: store.tenantId,
          at: new Date(Date.now() - 399 * 86_400_000),
          actor: 'recent',
          action: 'config.changed',
        },
      ])
      .returning({ id: auditLog.id });
    expect(await purgeAuditLog(t.db, 400)).toBe(1);
    const { items } = await auditLogOf(session, '?action=config.changed&limit=200');
    const ids = items.map((e) => e.id);
    expect(ids).not.toContain(old?.id);
    expect(ids).toContain(recent?.id);
    // Outside the purge, the trigger still refuses the same DELETE.
    expect(await refusal(t.db.execute(sql`DELETE FROM audit_log WHERE actor = 'recent'`))).toMatch(
      /append-only \(DELETE\)/,
    );
  });

  it('purges when the server is ready (and daily), unless the period is 0', async () => {
    /** The hooks the retention registers on a server configured with `days`. */
    const hooksOf = (days: number) => {
      const hooks: Record<string, () => Promise<void>> = {};
      const app = {
        deps: { db: t.db, config: { AUDIT_LOG_RETENTION_DAYS: days } },
        log: { info: () => undefined, error: () => undefined },
        addHook: (name: string, hook: () => Promise<void>) => {
          hooks[name] = hook;
        },
      };
      registerAuditRetention(app as unknown as FastifyInstance);
      return hooks;
    };
    expect(hooksOf(0)).toEqual({});
    const [old] = await t.db
      .insert(auditLog)
      .values({
        tenantId: store.tenantId,
        at: new Date(Date.now() - 31 * 86_400_000),
        actor: 'old',
        action: 'config.changed',
      })
      .returning({ id: auditLog.id });
    const hooks = hooksOf(30);
    await hooks.onReady?.();
    // Closing waits for the purge under way.
    await hooks.onClose?.();
    const { items } = await auditLogOf(session, '?actor=old');
    expect(items.map((e) => e.id)).not.toContain(old?.id);
    // Today's entries stay.
    expect((await auditLogOf(session, '?action=mailbox.added')).items).toHaveLength(1);
  });
});
