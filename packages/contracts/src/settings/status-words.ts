import type { TLanguage } from '../constants/languages';

/**
 * The words of the built-in status labels (`status.new`, `status.claim.notSent`, ...) as people
 * read them, for what the server writes in words (CSV exports). The web reads the same words from
 * its `cases` translations; a web test keeps the two the same.
 */
export const BUILT_IN_STATUS_WORDS: Record<TLanguage, Record<string, string | Record<string, string>>> = {
  en: {
    new: 'New',
    inProgress: 'In progress',
    waitingSupplier: 'Waiting for supplier',
    waitingCustomer: 'Waiting for customer',
    resolved: 'Resolved',
    rejected: 'Rejected',
    claim: {
      notSent: 'Not sent',
      sent: 'Sent to supplier',
      approved: 'Approved',
      rejected: 'Rejected',
    },
    creditNote: {
      none: 'None',
      requested: 'Requested',
      received: 'Received',
    },
    customer: {
      waiting: 'Waiting',
      informed: 'Informed',
      compensated: 'Compensated',
    },
    wareHouse: {
      notReceived: 'Not received',
      received: 'Received',
      returned: 'Returned',
      scrapped: 'Scrapped',
    },
  },
  nr: {
    new: 'Ny',
    inProgress: 'Under behandling',
    waitingSupplier: 'Venter på leverandør',
    waitingCustomer: 'Venter på kunde',
    resolved: 'Løst',
    rejected: 'Avvist',
    claim: {
      notSent: 'Ikke sendt',
      sent: 'Sendt til leverandør',
      approved: 'Godkjent',
      rejected: 'Avvist',
    },
    creditNote: {
      none: 'Ingen',
      requested: 'Bedt om',
      received: 'Mottatt',
    },
    customer: {
      waiting: 'Venter',
      informed: 'Informert',
      compensated: 'Kompensert',
    },
    wareHouse: {
      notReceived: 'Ikke mottatt',
      received: 'Mottatt',
      returned: 'Returnert',
      scrapped: 'Kassert',
    },
  },
  da: {
    new: 'Ny',
    inProgress: 'Under behandling',
    waitingSupplier: 'Venter på leverandør',
    waitingCustomer: 'Venter på kunde',
    resolved: 'Løst',
    rejected: 'Afvist',
    claim: {
      notSent: 'Ikke sendt',
      sent: 'Sendt til leverandør',
      approved: 'Godkendt',
      rejected: 'Afvist',
    },
    creditNote: {
      none: 'Ingen',
      requested: 'Anmodet',
      received: 'Modtaget',
    },
    customer: {
      waiting: 'Venter',
      informed: 'Informeret',
      compensated: 'Kompenseret',
    },
    wareHouse: {
      notReceived: 'Ikke modtaget',
      received: 'Modtaget',
      returned: 'Returneret',
      scrapped: 'Kasseret',
    },
  },
  de: {
    new: 'Neu',
    inProgress: 'In Bearbeitung',
    waitingSupplier: 'Wartet auf Lieferant',
    waitingCustomer: 'Wartet auf Kunde',
    resolved: 'Erledigt',
    rejected: 'Abgelehnt',
    claim: {
      notSent: 'Nicht gesendet',
      sent: 'An Lieferant gesendet',
      approved: 'Genehmigt',
      rejected: 'Abgelehnt',
    },
    creditNote: {
      none: 'Keine',
      requested: 'Angefordert',
      received: 'Erhalten',
    },
    customer: {
      waiting: 'Wartet',
      informed: 'Informiert',
      compensated: 'Entschädigt',
    },
    wareHouse: {
      notReceived: 'Nicht erhalten',
      received: 'Erhalten',
      returned: 'Zurückgesandt',
      scrapped: 'Verschrottet',
    },
  },
};

/** The store's own words sit under `store` in its translations document: `store.<id>`. */
const STORE_WORD_PREFIX = 'store.';

type TTranslations = Partial<Record<TLanguage, Record<string, unknown>>>;

const wordAt = (bag: unknown, path: string[]): string | undefined => {
  let at: unknown = bag;
  for (const part of path)
    at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined;
  return typeof at === 'string' ? at : undefined;
};

/**
 * What a status-options label reads in a language: the store's own word (in that language, else
 * in any), else the built-in word, else the label itself.
 */
export function statusLabelText(
  label: string,
  language: TLanguage,
  translations: TTranslations = {},
): string {
  if (label.startsWith(STORE_WORD_PREFIX)) {
    const path = ['store', label.slice(STORE_WORD_PREFIX.length)];
    const order = [language, 'en', 'nr', 'da', 'de'] as const;
    for (const lng of order) {
      const word = wordAt(translations[lng], path);
      if (word?.trim()) return word;
    }
    return label;
  }
  if (label.startsWith('status.'))
    return wordAt(BUILT_IN_STATUS_WORDS[language], label.split('.').slice(1)) ?? label;
  return label;
}
