import type { z } from 'zod';
import { ZListSuppliersQuery } from '../suppliers/list-suppliers';
import { ZCsvExportOptions } from './export-common';

/**
 * The columns of the suppliers CSV, in order: what the import (the suppliers page) reads back,
 * so an exported file imports again. Lists inside a cell are separated by "|", a contact person
 * written "Name <email>".
 */
export const SUPPLIER_CSV_COLUMNS = [
  'name',
  'organisationNumber',
  'email',
  'phone',
  'address',
  'claimAddress',
  'compensationModes',
  'requiredEvidence',
  'answerDays',
  'contactPersons',
] as const;
export type TSupplierCsvColumn = (typeof SUPPLIER_CSV_COLUMNS)[number];

/**
 * GET /v2/api/exports/suppliers: the store's suppliers as CSV (staff), the list's filters
 * (`search`, `includeDisabled`); the header row is SUPPLIER_CSV_COLUMNS whatever the language.
 */
export const ZExportSuppliersQuery = ZListSuppliersQuery.extend(ZCsvExportOptions.shape);
export type TExportSuppliersQuery = z.infer<typeof ZExportSuppliersQuery>;
export type TExportSuppliersQueryInput = z.input<typeof ZExportSuppliersQuery>;
