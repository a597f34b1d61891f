import {
  PUSH_EVENTS,
  ZPushMeta,
  type TPresencePerson,
  type TPushEvent,
  type TPushMeta,
} from '@claimdesk/contracts';
import { sql } from 'drizzle-orm';
import type { TenantDb } from '../../db/tenant-db';

/** The PostgreSQL channel that carries live events between server processes. */
export const LIVE_CHANNEL = 'claimdesk_live';

/** One event of a store, as a NOTIFY payload carries it (small: the browser fetches the rest). */
export interface LiveNotice<E extends TPushEvent = TPushEvent> {
  tenantId: string;
  EVENT: E;
  meta: TPushMeta[E];
  /** The server process that announced its presence (PRESENCE only; other events have none). */
  origin?: string;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7999;

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

/**
 * Tells the other server processes who this one (`origin`) has on a case; they merge it with
 * their own for their sockets. Not in a transaction: presence is no data. Answers false when the
 * list is too long for a NOTIFY (the others then miss it until it is shorter).
 */
export async function announcePresence(
  db: TenantDb,
  origin: string,
  caseId: number,
  people: TPresencePerson[],
): Promise<boolean> {
  const notice: LiveNotice<'PRESENCE'> = {
    tenantId: db.tenantId,
    EVENT: 'PRESENCE',
    meta: { caseId, people },
    origin,
  };
  const payload = JSON.stringify(notice);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return false;
  await db.execute(() => sql`SELECT pg_notify(${LIVE_CHANNEL}, ${payload})`);
  return true;
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
  const { tenantId, EVENT, meta, origin } = value as Record<string, unknown>;
  if (typeof tenantId !== 'string' || !PUSH_EVENTS.includes(EVENT as TPushEvent)) return null;
  const event = EVENT as TPushEvent;
  const parsed = ZPushMeta[event].safeParse(meta);
  if (!parsed.success) return null;
  const notice: LiveNotice = { tenantId, EVENT: event, meta: parsed.data };
  if (typeof origin === 'string') notice.origin = origin;
  return notice;
}
