import { createContext, type ReactNode } from 'react';
import type { TCase } from '@claimdesk/contracts';

/** Draws a case's costs tab and its consumer-law deadlines; the costs feature fills it from app/. */
export interface TCaseCostsSlot {
  renderCosts: (current: TCase) => ReactNode;
  renderDeadlines: (current: TCase) => ReactNode;
}

/** Without a provider the costs tab shows its empty state and no deadlines are drawn. */
export const CaseCostsSlot = createContext<TCaseCostsSlot | null>(null);
