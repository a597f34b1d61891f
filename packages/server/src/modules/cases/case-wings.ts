import type { TenantDb } from '../../db/tenant-db';

/** A case's supplier as the form gives it: one of the store's suppliers, or a name typed. */
export interface CaseSupplierState {
  supplierId?: number | null | undefined;
  supplierName?: string | null | undefined;
}

/** The case row's supplier columns. */
export interface CaseSupplierColumns {
  supplierId: number | null;
  companySupplierId: number | null;
}

/**
 * What the case core asks the features that hang from it while it saves a case. The core imports
 * none of them: the app composes these (app.ts) and hands them in with the deps.
 */
export interface CaseWings {
  /**
   * Checks the state's supplier (one the store uses; 400 on `supplierId` when not), sets its name,
   * and answers the row's supplier columns: the suppliers feature's rule.
   */
  applySupplier: (
    tx: TenantDb,
    state: CaseSupplierState,
    before: CaseSupplierState | null,
  ) => Promise<CaseSupplierColumns>;
}
