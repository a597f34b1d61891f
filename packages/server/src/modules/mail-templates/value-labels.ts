import type { TLanguage } from '@claimdesk/contracts';

/** The built-in case statuses as a customer reads them; a store's own status shows as its key in words. */
const STATUS_LABELS: Record<string, Record<TLanguage, string>> = {
  new: { en: 'New', nr: 'Ny', da: 'Ny', de: 'Neu' },
  'in-progress': { en: 'In progress', nr: 'Under behandling', da: 'Under behandling', de: 'In Bearbeitung' },
  'waiting-supplier': {
    en: 'Waiting for the supplier',
    nr: 'Venter på leverandør',
    da: 'Afventer leverandør',
    de: 'Warten auf den Lieferanten',
  },
  'waiting-customer': {
    en: 'Waiting for your reply',
    nr: 'Venter på svar fra deg',
    da: 'Afventer dit svar',
    de: 'Warten auf Ihre Antwort',
  },
  resolved: { en: 'Resolved', nr: 'Løst', da: 'Løst', de: 'Erledigt' },
  rejected: { en: 'Rejected', nr: 'Avvist', da: 'Afvist', de: 'Abgelehnt' },
};

export function statusLabel(status: string, language: TLanguage): string {
  const label = STATUS_LABELS[status]?.[language];
  if (label) return label;
  const words = status.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const SKU_LABEL: Record<TLanguage, string> = { en: 'SKU', nr: 'varenr.', da: 'varenr.', de: 'Art.-Nr.' };

/** One item as a line of `{{items}}`: product name, SKU, quantity. */
export function itemLine(
  item: { productName: string; sku: string | null; quantity: number },
  language: TLanguage,
): string {
  const sku = item.sku ? ` (${SKU_LABEL[language]} ${item.sku})` : '';
  return `${item.productName}${sku} × ${String(item.quantity)}`;
}

/** A stored date (YYYY-MM-DD) as the language writes it: 23.11.2026 (nr, da, de), 23/11/2026 (en). */
export function dateLabel(date: string, language: TLanguage): string {
  const [year, month, day] = date.split('-');
  if (!year || !month || !day) return date;
  return language === 'en' ? `${day}/${month}/${year}` : `${day}.${month}.${year}`;
}
