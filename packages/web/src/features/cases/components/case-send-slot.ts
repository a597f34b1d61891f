import { createContext, type ReactNode } from 'react';
import type { TCase } from '@claimdesk/contracts';

/** What the case form hands the supplier picker: the chosen supplier's id, and where to report a choice. */
export interface TSupplierPickerProps {
  label: string;
  /** The chosen supplier's id as text; null when none is chosen. */
  value: string | null;
  /** A supplier name written on the case without one of the store's suppliers (older cases). */
  writtenName: string;
  onChange: (id: string | null, name: string) => void;
  onBlur: () => void;
  error: string | undefined;
  required: boolean;
  readOnly: boolean;
}

/**
 * The case's supplier, from the suppliers feature (features may not import each other; app/
 * fills it): `renderPicker` chooses the case's supplier among the store's, `renderBar` shows the
 * supplier, when the claim went to it, an overdue answer, and "Send to supplier".
 */
export interface TCaseSendSlot {
  renderPicker: (props: TSupplierPickerProps) => ReactNode;
  renderBar: (current: TCase) => ReactNode;
}

/** Without a provider the form keeps a supplier name field and no supplier bar is drawn. */
export const CaseSendSlot = createContext<TCaseSendSlot | null>(null);
