import { createContext, type ReactNode } from 'react';
import type { TCase } from '@claimdesk/contracts';

/**
 * Draws a case's supplier side; the supplier-portal feature fills it from app/. `renderTab` is the
 * `supplier` tab (for a supplier's contact person the claim, its answers and the forms to answer
 * and write; for staff the answers and views), `renderCard` the staff's card of the supplier's
 * answer beside the case's fields (nothing until the supplier answered or looked).
 */
export interface TCaseSupplierSlot {
  renderTab: (current: TCase) => ReactNode;
  renderCard: (current: TCase) => ReactNode;
}

/** Without a provider the supplier tab and card draw nothing. */
export const CaseSupplierSlot = createContext<TCaseSupplierSlot | null>(null);
