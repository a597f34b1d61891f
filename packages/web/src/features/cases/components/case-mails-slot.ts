import { createContext, type ReactNode } from 'react';
import type { TCase } from '@claimdesk/contracts';

/** Draws a case's mails; the mail feature fills it from app/ (features may not import each other). */
export type TRenderCaseMails = (caseId: number, current: TCase) => ReactNode;

/** The case page's mail tab; without a provider the tab shows its empty state. */
export const CaseMailsSlot = createContext<TRenderCaseMails | null>(null);
