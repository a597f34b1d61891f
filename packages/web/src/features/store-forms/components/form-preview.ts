import type { ReactNode } from 'react';
import type { TFormConfig, TStatusOptionsConfig } from '@claimdesk/contracts';

export interface TFormPreviewProps {
  form: TFormConfig;
  statusOptions: TStatusOptionsConfig | undefined;
}

/**
 * Draws the case screen's form from a form being edited (features may not import each other: the
 * app layer hands in the cases feature's renderer). Without one no preview is drawn.
 */
export type TRenderFormPreview = (props: TFormPreviewProps) => ReactNode;
