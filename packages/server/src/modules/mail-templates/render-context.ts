import { isLanguage, type TLanguage, type TMailTemplatePlaceholder } from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { notFound } from '../../lib/app-error';
import {
  findLiveCase,
  findStoreNameAndLanguage,
  findUserFullName,
  listCaseItemLines,
} from './render-context.repository';

/** What the placeholders are filled with: raw values (escaped when rendered), by placeholder. */
export interface RenderContext {
  storeLanguage: TLanguage;
  values: Record<Exclude<TMailTemplatePlaceholder, 'items' | 'case.status' | 'order.date'>, string>;
  /** The purchase date, YYYY-MM-DD or ''; its wording depends on the template's language. */
  orderDate: string;
  /** The raw status key; its wording depends on the template's language. */
  status: string;
  items: { productName: string; sku: string | null; quantity: number }[];
}

/**
 * Reads the store, the case (with its items) and the staff member. Every read is scoped to the
 * store: another store's (or a deleted) case is 404. Without a case the case, customer, supplier
 * and item placeholders stay empty.
 */
export async function loadRenderContext(
  db: TenantDb,
  caseId: number | null,
  userName: string,
): Promise<RenderContext> {
  // One after the other: inside a transaction the statements share one connection anyway.
  const store = await findStoreNameAndLanguage(db);
  if (!store) throw notFound('Store');
  const found = caseId === null ? null : await loadCase(db, caseId);
  const user = await findUserFullName(db, userName);
  const theCase = found?.row;
  return {
    storeLanguage: isLanguage(store.language) ? store.language : 'en',
    values: {
      'case.number': theCase ? String(theCase.caseNumber) : '',
      'customer.name': theCase?.customerName ?? '',
      'customer.email': theCase?.customerEmail ?? '',
      'store.name': store.displayName,
      'supplier.name': theCase?.supplierName ?? '',
      'order.reference': theCase?.orderReference ?? '',
      'order.number': theCase?.orderReference ?? '',
      // A sign-in without a user row (a contact) is named by its address.
      'user.name': user ? `${user.firstName} ${user.lastName}`.trim() : userName,
    },
    status: theCase?.status ?? '',
    orderDate: theCase?.purchaseDate ?? '',
    items: found?.items ?? [],
  };
}

async function loadCase(db: TenantDb, caseId: number) {
  const row = await findLiveCase(db, caseId);
  if (!row) throw notFound('Case');
  return { row, items: await listCaseItemLines(db, caseId) };
}
