// The supplier part of saving a case: a case's supplier is one of the suppliers its store uses
// (its own, or its company's when its supplierSource is external). The case keeps the supplier's
// name beside the id, so that lists and search read it from the case row.
import type { TenantDb } from '../../db/tenant-db';
import { AppError } from '../../lib/app-error';
import { ownerInUse } from './suppliers.service';
import { findSupplier } from './suppliers.repository';

interface CaseSupplierState {
  supplierId?: number | null | undefined;
  supplierName?: string | null | undefined;
}

/** The case row's supplier columns. */
export interface CaseSupplierColumns {
  supplierId: number | null;
  companySupplierId: number | null;
}

/**
 * Checks the state's supplier and sets its name from it; answers the row's columns. A supplier
 * that is not one the store uses, or is disabled (unless the case has it already), is a 400 on
 * `supplierId`.
 */
export async function applyCaseSupplier(
  tx: TenantDb,
  state: CaseSupplierState,
  before: CaseSupplierState | null,
): Promise<CaseSupplierColumns> {
  const id = state.supplierId ?? null;
  if (id === null) return { supplierId: null, companySupplierId: null };
  const owner = await ownerInUse(tx);
  const supplier = await findSupplier(tx, owner, id);
  const isKept = before?.supplierId === id;
  if (!supplier || (supplier.isDisabled && !isKept)) {
    const message = 'Unknown or disabled supplier';
    throw new AppError('VALIDATION_FAILED', `supplierId: ${message}`, { supplierId: message });
  }
  state.supplierName = supplier.name;
  return owner.source === 'internal'
    ? { supplierId: id, companySupplierId: null }
    : { supplierId: null, companySupplierId: id };
}
