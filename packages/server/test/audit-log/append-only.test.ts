/**
 * The audit log (issue 34.3) is append-only: no route and no statement changes or deletes an
 * entry but the retention purge, which keeps the entries within its period.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { purgeAuditLog } from '../../src/modules/audit/audit-purge.system';
import { registerAuditRetention } from '../../src/modules/audit/audit-retention';
import { call } from '../helpers/api';
import { auditLogOf, mailboxBody, session, setUpAuditLog, store, t } from './audit-log-setup';

setUpAuditLog();

/** The database's refusal of a statement (drizzle wraps it: the trigger's words are in the cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return `${String(error)} ${String((error as { cause?: unknown }).cause)}`;
  }
  return 'not refused';
}

/**
 * An entry of today, as the recording tests (records-and-reads.test.ts) left one when these ran
 * after them in one file: a row for the trigger to refuse changing, and an entry (the mailbox
 * added) that the retention purge must keep.
 */
beforeAll(async () => {
  const created = await call(t.app, session, {
    method: 'POST',
    url: '/v2/api/settings/mailboxes',
    body: mailboxBody,
  });
  expect(created.statusCode, created.body).toBe(201);
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
