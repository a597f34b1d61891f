// The suppliers the store uses (its own, or its company's) as CSV rows in the columns the
// suppliers import reads (SUPPLIER_CSV_COLUMNS), so an exported file imports again.
import {
  SUPPLIER_CSV_COLUMNS,
  type TExportSuppliersQuery,
  type TSupplier,
  type TSupplierCsvColumn,
} from '@claimdesk/contracts';
import { AppError } from '../../lib/app-error';
import type { CsvCell } from '../../lib/csv/csv-stream';
import type { AuthContext } from '../../auth-context';
import { loadFeatures } from '../cases/case-config';
import { listSuppliers, ownerInUse } from '../suppliers/suppliers.service';

const CELLS: Record<TSupplierCsvColumn, (s: TSupplier) => CsvCell> = {
  name: (s) => s.name,
  organisationNumber: (s) => s.organisationNumber,
  email: (s) => s.email,
  phone: (s) => s.phone,
  address: (s) => s.address,
  claimAddress: (s) => s.claimAddress,
  compensationModes: (s) => s.compensationModes.join('|'),
  requiredEvidence: (s) => s.requiredEvidence.join('|'),
  answerDays: (s) => s.answerDays,
  contactPersons: (s) => s.contactPersons.map((p) => `${p.fullName} <${p.email}>`).join('|'),
};

export const supplierCsvHeader = (): string[] => [...SUPPLIER_CSV_COLUMNS];

/**
 * The rows of the suppliers the list shows with the same filters. A store keeps hundreds of
 * suppliers, not millions: they are read as the list reads them, in one go.
 */
export async function supplierCsvRows(auth: AuthContext, query: TExportSuppliersQuery): Promise<CsvCell[][]> {
  if (!(await loadFeatures(auth.db)).supplier) {
    throw new AppError('FORBIDDEN', 'Suppliers are switched off in this store');
  }
  const suppliers = await listSuppliers(auth.db, await ownerInUse(auth.db), query);
  return suppliers.map((s) => SUPPLIER_CSV_COLUMNS.map((column) => CELLS[column](s)));
}
