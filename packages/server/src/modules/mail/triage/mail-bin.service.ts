import type { TEmptyBinResponse } from '@claimdesk/contracts';
import type { TenantDb } from '../../../db/tenant-db';
import { purgeUnmappedBin } from './mail-bin.repository';

/** DELETE /v2/api/unmapped-mails/bin: removes every binned unmapped mail for good, in one transaction. */
export async function emptyBin(db: TenantDb, by: string): Promise<TEmptyBinResponse> {
  return { purged: await db.transaction((tx) => purgeUnmappedBin(tx, by)) };
}
