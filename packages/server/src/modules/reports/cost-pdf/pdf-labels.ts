// The words of the cost PDFs in each language the product speaks. The server writes these files
// itself (the web's i18n files are not part of the built server), so the texts live here; those
// the Costs tab shows too are the same words as its costs.json.
import type { TLanguage } from '@claimdesk/contracts';

export interface PdfLabels {
  caseReport: string;
  supplierStatement: string;
  case: string;
  created: string;
  generated: string;
  customer: string;
  orderReference: string;
  purchaseDate: string;
  supplier: string;
  noSupplier: string;
  allSuppliers: string;
  period: string;
  items: string;
  product: string;
  sku: string;
  serial: string;
  quantity: string;
  costLines: string;
  noCosts: string;
  date: string;
  costType: string;
  paidBy: string;
  payer: Record<'store' | 'supplier' | 'customer', string>;
  net: string;
  vat: string;
  gross: string;
  currency: string;
  rate: string;
  /** "In NOK": the column of amounts in the store's currency. */
  inStoreCurrency: (currency: string) => string;
  /** "Amounts in NOK unless a line says otherwise". */
  amountsIn: (currency: string) => string;
  totals: string;
  byPayer: string;
  creditNotes: string;
  noCreditNotes: string;
  number: string;
  amount: string;
  recovery: string;
  claimed: string;
  credited: string;
  unrecovered: string;
  outstanding: string;
  state: string;
  states: Record<'open' | 'partlySettled' | 'settled' | 'writtenOff', string>;
  writeOffReason: string;
  total: string;
  cases: (count: number) => string;
  noCasesInPeriod: string;
  periodExplained: string;
  costTypes: Record<string, string>;
  /** "Page 2 of 7". */
  page: (page: number, of: number) => string;
}

const en: PdfLabels = {
  caseReport: 'Cost report',
  supplierStatement: 'Supplier statement',
  case: 'Case',
  created: 'Created',
  generated: 'Generated',
  customer: 'Customer',
  orderReference: 'Order reference',
  purchaseDate: 'Purchase date',
  supplier: 'Supplier',
  noSupplier: 'No supplier on the case',
  allSuppliers: 'All suppliers',
  period: 'Period',
  items: 'Items',
  product: 'Product',
  sku: 'SKU',
  serial: 'Serial number',
  quantity: 'Qty',
  costLines: 'Cost lines',
  noCosts: 'No costs registered.',
  date: 'Date',
  costType: 'Cost type',
  paidBy: 'Who pays',
  payer: { store: 'Store', supplier: 'Supplier', customer: 'Customer' },
  net: 'Net',
  vat: 'VAT',
  gross: 'Gross',
  currency: 'Currency',
  rate: 'Rate',
  inStoreCurrency: (c) => `In ${c}`,
  amountsIn: (c) => `Amounts in ${c}`,
  totals: 'Totals',
  byPayer: 'Gross by who pays',
  creditNotes: 'Credit notes',
  noCreditNotes: 'No credit notes received.',
  number: 'Number',
  amount: 'Amount',
  recovery: 'Recovery from the supplier',
  claimed: 'Claimed',
  credited: 'Credited',
  unrecovered: 'Unrecovered',
  outstanding: 'Outstanding',
  state: 'State',
  states: { open: 'Open', partlySettled: 'Partly settled', settled: 'Settled', writtenOff: 'Written off' },
  writeOffReason: 'Reason for the write-off',
  total: 'Total',
  cases: (n) => (n === 1 ? '1 case' : `${String(n)} cases`),
  noCasesInPeriod: 'No cases with costs or credit notes in this period.',
  periodExplained: 'Cases created in the period that have costs or credit notes.',
  costTypes: {
    shipping: 'Shipping',
    repair: 'Repair',
    replacement: 'Replacement',
    refund: 'Refund',
    other: 'Other',
  },
  page: (p, of) => `Page ${String(p)} of ${String(of)}`,
};

const nr: PdfLabels = {
  caseReport: 'Kostnadsrapport',
  supplierStatement: 'Leverandøroppgave',
  case: 'Sak',
  created: 'Opprettet',
  generated: 'Laget',
  customer: 'Kunde',
  orderReference: 'Ordrereferanse',
  purchaseDate: 'Kjøpsdato',
  supplier: 'Leverandør',
  noSupplier: 'Ingen leverandør på saken',
  allSuppliers: 'Alle leverandører',
  period: 'Periode',
  items: 'Varer',
  product: 'Produkt',
  sku: 'Varenummer',
  serial: 'Serienummer',
  quantity: 'Antall',
  costLines: 'Kostnadslinjer',
  noCosts: 'Ingen kostnader registrert.',
  date: 'Dato',
  costType: 'Kostnadstype',
  paidBy: 'Hvem betaler',
  payer: { store: 'Butikken', supplier: 'Leverandøren', customer: 'Kunden' },
  net: 'Netto',
  vat: 'MVA',
  gross: 'Brutto',
  currency: 'Valuta',
  rate: 'Kurs',
  inStoreCurrency: (c) => `I ${c}`,
  amountsIn: (c) => `Beløp i ${c}`,
  totals: 'Totalt',
  byPayer: 'Brutto etter hvem som betaler',
  creditNotes: 'Kreditnotaer',
  noCreditNotes: 'Ingen kreditnotaer mottatt.',
  number: 'Nummer',
  amount: 'Beløp',
  recovery: 'Dekning fra leverandøren',
  claimed: 'Krevd',
  credited: 'Kreditert',
  unrecovered: 'Ikke dekket',
  outstanding: 'Utestående',
  state: 'Status',
  states: { open: 'Åpen', partlySettled: 'Delvis oppgjort', settled: 'Oppgjort', writtenOff: 'Avskrevet' },
  writeOffReason: 'Grunn til avskrivningen',
  total: 'Sum',
  cases: (n) => (n === 1 ? '1 sak' : `${String(n)} saker`),
  noCasesInPeriod: 'Ingen saker med kostnader eller kreditnotaer i perioden.',
  periodExplained: 'Saker opprettet i perioden som har kostnader eller kreditnotaer.',
  costTypes: {
    shipping: 'Frakt',
    repair: 'Reparasjon',
    replacement: 'Erstatningsvare',
    refund: 'Tilbakebetaling',
    other: 'Annet',
  },
  page: (p, of) => `Side ${String(p)} av ${String(of)}`,
};

const da: PdfLabels = {
  caseReport: 'Omkostningsrapport',
  supplierStatement: 'Leverandøropgørelse',
  case: 'Sag',
  created: 'Oprettet',
  generated: 'Dannet',
  customer: 'Kunde',
  orderReference: 'Ordrereference',
  purchaseDate: 'Købsdato',
  supplier: 'Leverandør',
  noSupplier: 'Ingen leverandør på sagen',
  allSuppliers: 'Alle leverandører',
  period: 'Periode',
  items: 'Varer',
  product: 'Produkt',
  sku: 'Varenummer',
  serial: 'Serienummer',
  quantity: 'Antal',
  costLines: 'Omkostningslinjer',
  noCosts: 'Ingen omkostninger registreret.',
  date: 'Dato',
  costType: 'Omkostningstype',
  paidBy: 'Hvem betaler',
  payer: { store: 'Butikken', supplier: 'Leverandøren', customer: 'Kunden' },
  net: 'Netto',
  vat: 'Moms',
  gross: 'Brutto',
  currency: 'Valuta',
  rate: 'Kurs',
  inStoreCurrency: (c) => `I ${c}`,
  amountsIn: (c) => `Beløb i ${c}`,
  totals: 'I alt',
  byPayer: 'Brutto efter hvem der betaler',
  creditNotes: 'Kreditnotaer',
  noCreditNotes: 'Ingen kreditnotaer modtaget.',
  number: 'Nummer',
  amount: 'Beløb',
  recovery: 'Dækning fra leverandøren',
  claimed: 'Krævet',
  credited: 'Krediteret',
  unrecovered: 'Ikke dækket',
  outstanding: 'Udestående',
  state: 'Status',
  states: { open: 'Åben', partlySettled: 'Delvist afregnet', settled: 'Afregnet', writtenOff: 'Afskrevet' },
  writeOffReason: 'Årsag til afskrivningen',
  total: 'I alt',
  cases: (n) => (n === 1 ? '1 sag' : `${String(n)} sager`),
  noCasesInPeriod: 'Ingen sager med omkostninger eller kreditnotaer i perioden.',
  periodExplained: 'Sager oprettet i perioden, som har omkostninger eller kreditnotaer.',
  costTypes: {
    shipping: 'Fragt',
    repair: 'Reparation',
    replacement: 'Erstatningsvare',
    refund: 'Tilbagebetaling',
    other: 'Andet',
  },
  page: (p, of) => `Side ${String(p)} af ${String(of)}`,
};

const de: PdfLabels = {
  caseReport: 'Kostenbericht',
  supplierStatement: 'Lieferantenaufstellung',
  case: 'Fall',
  created: 'Angelegt',
  generated: 'Erstellt',
  customer: 'Kunde',
  orderReference: 'Bestellreferenz',
  purchaseDate: 'Kaufdatum',
  supplier: 'Lieferant',
  noSupplier: 'Kein Lieferant im Fall',
  allSuppliers: 'Alle Lieferanten',
  period: 'Zeitraum',
  items: 'Artikel',
  product: 'Produkt',
  sku: 'Artikelnummer',
  serial: 'Seriennummer',
  quantity: 'Menge',
  costLines: 'Kostenpositionen',
  noCosts: 'Keine Kosten erfasst.',
  date: 'Datum',
  costType: 'Kostenart',
  paidBy: 'Wer zahlt',
  payer: { store: 'Geschäft', supplier: 'Lieferant', customer: 'Kunde' },
  net: 'Netto',
  vat: 'MwSt.',
  gross: 'Brutto',
  currency: 'Währung',
  rate: 'Kurs',
  inStoreCurrency: (c) => `In ${c}`,
  amountsIn: (c) => `Beträge in ${c}`,
  totals: 'Summen',
  byPayer: 'Brutto nach Zahler',
  creditNotes: 'Gutschriften',
  noCreditNotes: 'Keine Gutschriften erhalten.',
  number: 'Nummer',
  amount: 'Betrag',
  recovery: 'Rückgriff beim Lieferanten',
  claimed: 'Gefordert',
  credited: 'Gutgeschrieben',
  unrecovered: 'Nicht gedeckt',
  outstanding: 'Offen',
  state: 'Stand',
  states: {
    open: 'Offen',
    partlySettled: 'Teilweise beglichen',
    settled: 'Beglichen',
    writtenOff: 'Abgeschrieben',
  },
  writeOffReason: 'Grund der Abschreibung',
  total: 'Summe',
  cases: (n) => (n === 1 ? '1 Fall' : `${String(n)} Fälle`),
  noCasesInPeriod: 'Keine Fälle mit Kosten oder Gutschriften in diesem Zeitraum.',
  periodExplained: 'Im Zeitraum angelegte Fälle mit Kosten oder Gutschriften.',
  costTypes: {
    shipping: 'Versand',
    repair: 'Reparatur',
    replacement: 'Ersatzware',
    refund: 'Erstattung',
    other: 'Sonstiges',
  },
  page: (p, of) => `Seite ${String(p)} von ${String(of)}`,
};

export const PDF_LABELS: Record<TLanguage, PdfLabels> = { en, nr, da, de };

/**
 * A cost type's name: the built-in types' translation keys (`cost.type.repair`) in the language;
 * a store's own label as the store wrote it; the bare value when the form no longer has the type.
 */
export function costTypeName(labels: PdfLabels, label: string | undefined, value: string): string {
  if (!label) return labels.costTypes[value] ?? value;
  const key = /^cost\.type\.(.+)$/.exec(label)?.[1];
  return key ? (labels.costTypes[key] ?? key) : label;
}
