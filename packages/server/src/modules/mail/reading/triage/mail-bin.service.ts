import type { TEmptyBinResponse } from '@claimdesk/contracts';
import type { TenantDb } from '../../../../db/tenant-db';
import { notifyMailsChanged } from '../../../cases/live-notify.repository';
import { purgeUnmappedBin } from './mail-bin.repository';

/** DELETE /v2/api/unmapped-mails/bin: removes every binned unmapped mail for good, in one transaction. */
export async function emptyBin(db: TenantDb, by: string): Promise<TEmptyBinResponse> {
  const purged = await db.transaction(async (tx) => {
    const n = await purgeUnmappedBin(tx, by);
    if (n > 0) await notifyMailsChanged(tx, []);
    return n;
  });
  return { purged };
}
