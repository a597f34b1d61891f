import { PUSH_EVENTS, ZPushMeta, type TPushEvent, type TPushMeta } from '@claimdesk/contracts';
import { sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';

/** The PostgreSQL channel that carries live events between server processes. */
export const LIVE_CHANNEL = 'claimdesk_live';

/** One event of a store, as a NOTIFY payload carries it (small: the browser fetches the rest). */
export interface LiveNotice<E extends TPushEvent = TPushEvent> {
  tenantId: string;
  EVENT: E;
  meta: TPushMeta[E];
}

/** One event and its meta, checked together. */
export type LiveEvent = { [E in TPushEvent]: { EVENT: E; meta: TPushMeta[E] } }[TPushEvent];

/**
 * Raises live events of the store in the caller's transaction, after the change they tell of:
 * PostgreSQL delivers a NOTIFY only when the transaction commits (so a rolled-back change raises
 * nothing), and only once for the same payload in one transaction. Every server process hears
 * it (LISTEN) and passes it to its own sockets of the store.
 */
export async function notifyLive(tx: TenantDb, ...events: LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payloads = events.map((e) =>
    JSON.stringify({ tenantId: tx.tenantId, EVENT: e.EVENT, meta: e.meta } satisfies LiveNotice),
  );
  await tx.execute(
    () =>
      sql`SELECT pg_notify(${LIVE_CHANNEL}, p) FROM jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) AS p`,
  );
}

/**
 * Mails changed (came in, read, moved, binned, queued): the store's mail counts, and the thread
 * and badges of each case named (null: a mail without a case, counted in the store's only).
 */
export function notifyMailsChanged(tx: TenantDb, caseIds: Iterable<number | null>): Promise<void> {
  const onCases = [...new Set(caseIds)].filter((id) => id !== null);
  return notifyLive(
    tx,
    { EVENT: 'MAIL_COUNT_UPDATED', meta: {} },
    ...onCases.map((caseId) => ({ EVENT: 'CLAIM_MAIL_COUNT_UPDATED' as const, meta: { caseId } })),
  );
}

/** A NOTIFY payload read back; null for anything that is not one of ours. */
export function parseLiveNotice(payload: string): LiveNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { tenantId, EVENT, meta } = value as Record<string, unknown>;
  if (typeof tenantId !== 'string' || !PUSH_EVENTS.includes(EVENT as TPushEvent)) return null;
  const event = EVENT as TPushEvent;
  const parsed = ZPushMeta[event].safeParse(meta);
  return parsed.success ? { tenantId, EVENT: event, meta: parsed.data } : null;
}
