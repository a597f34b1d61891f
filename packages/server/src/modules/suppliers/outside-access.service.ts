// Who outside the store reads a case, and taking a participant off it (issue 35): staff see on the
// case what the supplier portal and the one-time-code sign-in let others read.
import type { TOutsideAccessResponse, TRemoveParticipantResponse } from '@claimdesk/contracts';
import { notFound } from '../../lib/app-error';
import type { AuthContext } from '../../auth-context';
import { addTimeline } from '../cases/cases.repository';
import { notifyLive } from '../cases/live-notify.repository';
import { deleteParticipant, findOutsideAccess } from './outside-access.repository';

/** GET /v2/api/claims/{id}/outside-access. */
export async function getOutsideAccess(auth: AuthContext, id: number): Promise<TOutsideAccessResponse> {
  const row = await findOutsideAccess(auth.db, id);
  if (!row) throw notFound('Case');
  return {
    supplier:
      row.sentAt === null
        ? null
        : { name: row.supplierName ?? '', sentAt: row.sentAt, contacts: row.contacts },
    participants: row.participants,
  };
}

/** DELETE /v2/api/claims/{id}/participants/{email}: the timeline says who took whom off. */
export function removeParticipant(
  auth: AuthContext,
  id: number,
  email: string,
): Promise<TRemoveParticipantResponse> {
  return auth.db.transaction(async (tx) => {
    const row = await findOutsideAccess(tx, id);
    if (!row) throw notFound('Case');
    const removed = await deleteParticipant(tx, id, email);
    if (!removed) return { removed };
    await addTimeline(tx, id, {
      kind: 'participant-removed',
      actor: auth.username,
      changes: [{ field: 'participant', from: email, to: null }],
    });
    await notifyLive(tx, { EVENT: 'CASE_UPDATED', meta: { caseId: id } });
    return { removed };
  });
}
