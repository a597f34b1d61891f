import type { TListSessionsResponse } from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import { recordAudit } from '../audit/audit.repository';
import type { AuthContext } from '../../auth-context';
import { endSessions, listOpenSessions } from './sessions.repository';

const account = (auth: AuthContext) => ({ username: auth.username, grantType: auth.grantType });

/** Ends the caller's own session: its token is refused from now on, in every server process. */
export async function signOut(deps: AppDeps, auth: AuthContext): Promise<void> {
  await endSessions(auth.db, account(auth), { onlyId: auth.sessionId });
  deps.sessions.forget(auth.tenantId, auth.username);
}

/** Ends every session of the caller, this one included ("sign out everywhere"). */
export async function signOutEverywhere(deps: AppDeps, auth: AuthContext): Promise<void> {
  await auth.db.transaction(async (tx) => {
    const ended = await endSessions(tx, account(auth));
    if (auth.grantType === 'password') {
      await recordAudit(
        tx,
        { username: auth.username, address: auth.address },
        {
          action: 'user.sessions_ended',
          targetType: 'user',
          targetId: auth.username,
          changes: { detail: { sessionsEnded: ended } },
        },
      );
    }
  });
  deps.sessions.forget(auth.tenantId, auth.username);
}

export async function listSessions(auth: AuthContext): Promise<TListSessionsResponse> {
  const rows = await listOpenSessions(auth.db, auth.username, auth.grantType);
  return rows.map((row) => ({
    id: row.publicId,
    address: row.address,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isCurrent: row.publicId === auth.sessionId,
  }));
}
