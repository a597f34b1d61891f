import type { Db } from '../../db/client';
import { listenerOf } from '../../db/client';
import { forTenant } from '../../db/tenant-db';
import { ReloadingCache } from '../../lib/reloading-cache';
import { findContactStands, findStaffStanding } from './accounts.repository';
import { deleteExpiredSessions } from './sessions-purge.system';
import { SESSIONS_CHANNEL, findEndedSessionIds, type GrantType } from './sessions.repository';
import type { VerifiedClaims } from './token-service';

interface Entry {
  /** Tokens issued before this (ms) are void; null when the account is gone or disabled. */
  validAfter: number | null;
  /** Sessions of the account that ended (sign-out, sign-out everywhere) while their tokens run. */
  ended: ReadonlySet<string>;
}

interface Account {
  tenantId: string;
  username: string;
  grantType: GrantType;
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Decides whether a verified token still stands: it names a session (`sid`) that has not ended,
 * its account exists and is enabled, and has not changed password or roles since the token was
 * issued. Answers are cached briefly so the check costs no query on most requests; a change of
 * someone's access drops the entry in every server process at once (announced on
 * SESSIONS_CHANNEL in the change's transaction), and `freshMs` bounds what a lost announcement
 * can keep.
 */
export class SessionGuard {
  private readonly cache: ReloadingCache<string, Entry, Account>;
  private stopListening: (() => Promise<void>) | undefined;
  private purgeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    { freshMs = 5_000, maxStaleMs = 30_000 } = {},
  ) {
    this.cache = new ReloadingCache({
      max: 50_000,
      freshMs,
      maxStaleMs,
      load: (_key, account) => this.load(account),
    });
  }

  /** Hears the other processes' access changes, and drops long-expired sessions hourly. */
  async start(onError: (error: unknown) => void): Promise<void> {
    const listen = listenerOf(this.db);
    if (listen) {
      this.stopListening = await listen(
        SESSIONS_CHANNEL,
        (payload) => {
          const notice = parseNotice(payload);
          if (notice?.tenantId === null) this.forgetInEveryStore(notice.username);
          else if (notice) this.forget(notice.tenantId, notice.username);
        },
        // Announcements may have been missed while the listener was away: trust nothing cached.
        () => {
          this.cache.clear();
        },
      );
    }
    this.purgeTimer = setInterval(() => {
      deleteExpiredSessions(this.db).catch(onError);
    }, PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.purgeTimer);
    await this.stopListening?.();
  }

  /** Whether a verified token's session stands. A token without a session id never does. */
  async isValid(claims: Pick<VerifiedClaims, 'store_name' | 'user_name' | 'grant_type' | 'sv' | 'sid'>) {
    const { store_name: tenantId, user_name: username, grant_type: grantType, sv, sid } = claims;
    if (sid === undefined) return false;
    const entry = await this.cache.get(`${grantType}:${tenantId}:${username}`, {
      tenantId,
      username,
      grantType,
    });
    if (!entry || entry.validAfter === null || entry.ended.has(sid)) return false;
    return (sv ?? 0) >= entry.validAfter;
  }

  forget(tenantId: string, username: string): void {
    this.cache.delete(`password:${tenantId}:${username}`);
    this.cache.delete(`otp:${tenantId}:${username}`);
  }

  /** A company's contact person takes part in several of its stores: drop the account in each. */
  forgetInEveryStore(username: string): void {
    this.cache.deleteWhere((key) => key.endsWith(`:${username}`));
  }

  /** The token names its store, so the account is looked up in that store alone. */
  private async load({ tenantId, username, grantType }: Account): Promise<Entry> {
    const db = forTenant(this.db, tenantId);
    const [validAfter, ended] = await Promise.all([
      grantType === 'otp'
        ? findContactStands(db, username).then((stands) => (stands ? 0 : null))
        : findStaffStanding(db, username).then((s) =>
            s && s.disabledAt === null ? s.tokensValidAfter.getTime() : null,
          ),
      findEndedSessionIds(db, username, grantType),
    ]);
    return { validAfter, ended: new Set(ended) };
  }
}

/** An announcement: `tenantId` null for a company's contact person (every store). */
function parseNotice(payload: string): { tenantId: string | null; username: string } | null {
  try {
    const value = JSON.parse(payload) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { tenantId, username } = value as Record<string, unknown>;
    if (typeof username !== 'string') return null;
    return typeof tenantId === 'string' || tenantId === null ? { tenantId, username } : null;
  } catch {
    return null;
  }
}
