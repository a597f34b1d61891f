// The supplier part of saving a case: a case's supplier is one of the suppliers its store uses
// (its own, or its company's when its supplierSource is external). The case keeps the supplier's
// name beside the id, so that lists and search read it from the case row.
import type { TenantDb } from '../../db/tenant-db';
import type { CaseSupplierColumns, CaseSupplierState } from '../cases/case-wings';
import { fieldProblem } from '@claimdesk/contracts';
import { invalidFields } from '../../lib/app-error';
import { ownerInUse } from './suppliers.service';
import type { SupplierOwner } from './supplier-owner';
import { findSupplier, findSupplierIdByName } from './suppliers.repository';

const NONE: CaseSupplierColumns = { supplierId: null, companySupplierId: null };

/**
 * Checks the state's supplier and sets its name from it; answers the row's columns. A supplier
 * that is not one the store uses, or is disabled (unless the case has it already), is a 400 on
 * `supplierId`. A supplier name typed without an id (a form with a text field) names the
 * enabled supplier of that name, when the store has one, else no supplier: the text is kept.
 */
export async function applyCaseSupplier(
  tx: TenantDb,
  state: CaseSupplierState,
  before: CaseSupplierState | null,
): Promise<CaseSupplierColumns> {
  const isIdGiven = (state.supplierId ?? null) !== (before?.supplierId ?? null);
  const isNameTyped = !isIdGiven && (state.supplierName ?? null) !== (before?.supplierName ?? null);
  if (isNameTyped) {
    const name = state.supplierName?.trim();
    if (!name) {
      state.supplierId = null;
      return NONE;
    }
    const owner = await ownerInUse(tx);
    const match = await findSupplierIdByName(tx, owner, name);
    state.supplierId = match;
    if (match === null) return NONE;
    return columnsOf(owner, match);
  }
  const id = state.supplierId ?? null;
  if (id === null) return NONE;
  const owner = await ownerInUse(tx);
  const supplier = await findSupplier(tx, owner, id);
  const isKept = before?.supplierId === id;
  if (!supplier || (supplier.isDisabled && !isKept)) {
    const message = 'Unknown or disabled supplier';
    // Coded as a choice outside the list: the case form names no value, it offers the list again.
    throw invalidFields(`supplierId: ${message}`, { supplierId: fieldProblem('not_an_option', message) });
  }
  state.supplierName = supplier.name;
  return columnsOf(owner, id);
}

const columnsOf = (owner: SupplierOwner, id: number): CaseSupplierColumns =>
  owner.source === 'internal'
    ? { supplierId: id, companySupplierId: null }
    : { supplierId: null, companySupplierId: id };
