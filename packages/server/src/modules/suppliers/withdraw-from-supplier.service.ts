// Withdrawing a case from its supplier (issue 35): the reverse of "Send to supplier". The case's
// sent_to_supplier_at is cleared, which is what ends its contact persons' access (participantFilter),
// the timeline says who did it, and open case pages hear of it.
import type { TWithdrawFromSupplierResponse } from '@claimdesk/contracts';
import { notFound } from '../../lib/app-error';
import type { AuthContext } from '../../auth-context';
import { addTimeline } from '../cases/cases.repository';
import { notifyLive } from '../cases/live-notify.repository';
import { findSupplierCase } from './send-to-supplier.repository';
import { clearSentToSupplier } from './withdraw-from-supplier.repository';

/** POST /v2/api/claims/{id}/withdraw-from-supplier. A case not sent is left as it is. */
export function withdrawFromSupplier(auth: AuthContext, id: number): Promise<TWithdrawFromSupplierResponse> {
  return auth.db.transaction(async (tx) => {
    const row = await findSupplierCase(tx, id, true);
    if (!row) throw notFound('Case');
    const cleared = await clearSentToSupplier(tx, id);
    if (!cleared) return { caseId: id, withdrawnSentAt: null };
    await addTimeline(tx, id, {
      kind: 'supplier-withdrawn',
      actor: auth.username,
      changes: [{ field: 'supplier', from: cleared.supplierName, to: null }],
    });
    await notifyLive(tx, { EVENT: 'CASE_UPDATED', meta: { caseId: id } });
    return { caseId: id, withdrawnSentAt: row.sentToSupplierAt };
  });
}
