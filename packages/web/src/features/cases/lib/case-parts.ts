import type { ReactNode } from 'react';
import type { TCase, TShopOrder, TShopOrderLine } from '@claimdesk/contracts';

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

/** What the case hands the panel that finds the customer's order in the store's web shop. */
export interface TOrderPanelProps {
  /** What the case names so far: its order reference, the customer's email and phone. */
  lookFor: { number: string; email: string; phone: string };
  readOnly: boolean;
  /** Takes the chosen order into the form: its number, date and customer, and the lines chosen as items. */
  onUse: (order: TShopOrder, lines: TShopOrderLine[]) => void;
}

/** The case tabs another feature draws, by the tab's kind in the store's tab configuration. */
export type TCaseWingTab = 'mails' | 'costs' | 'supplier';

/**
 * The parts of the case page that other features draw (features may not import each other): the
 * app layer composes the page with them (app/routes/cases). Without a part, the page draws the
 * tab's empty state, nothing above the tabs, and a plain supplier name field.
 */
export interface TCaseParts {
  /** The panels of the tabs of other features, by the tab's kind. */
  tabs: Partial<Record<TCaseWingTab, (current: TCase) => ReactNode>>;
  /** Drawn above the tabs, in order (the supplier bar, the consumer-law deadlines, the supplier's answer). */
  banners: ((current: TCase) => ReactNode)[];
  /** Chooses the case's supplier among the store's. */
  supplierPicker: ((props: TSupplierPickerProps) => ReactNode) | null;
  /** Finds the customer's order in the store's web shop (drawn above the tabs). */
  orderPanel: ((props: TOrderPanelProps) => ReactNode) | null;
  /** Starts reading what the tabs need as soon as the case's id is known, beside the case itself. */
  prefetch: (caseId: number) => void;
}

/** A case page without other features' parts (the cases feature's own tests). */
export const NO_CASE_PARTS: TCaseParts = {
  tabs: {},
  banners: [],
  supplierPicker: null,
  orderPanel: null,
  prefetch: () => undefined,
};
