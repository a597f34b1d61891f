import { createContext, type ReactNode } from 'react';
import type { TCase } from '@claimdesk/contracts';

/** Draws a case's mails; the mail feature fills it from app/ (features may not import each other). */
export type TRenderCaseMails = (caseId: number, current: TCase) => ReactNode;

/** The case page's mail tab; without a provider the tab shows its empty state. */
export const CaseMailsSlot = createContext<TRenderCaseMails | null>(null);

/**
 * Starts reading a case's mails as soon as its page opens, beside the case itself rather than
 * after it (the mail tab is drawn once the case is in); the mail feature fills it from app/.
 */
export const CaseMailsPrefetch = createContext<(caseId: number) => void>(() => undefined);
