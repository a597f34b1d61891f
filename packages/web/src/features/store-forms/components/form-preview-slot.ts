import { createContext, type ReactNode } from 'react';
import type { TFormConfig, TStatusOptionsConfig } from '@claimdesk/contracts';

export interface TFormPreviewProps {
  form: TFormConfig;
  statusOptions: TStatusOptionsConfig | undefined;
}

/**
 * The case screen's form, drawn from a form being edited (features may not import each other;
 * app/ fills it with the cases feature's renderer). Without a provider no preview is drawn.
 */
export const FormPreviewSlot = createContext<((props: TFormPreviewProps) => ReactNode) | null>(null);
