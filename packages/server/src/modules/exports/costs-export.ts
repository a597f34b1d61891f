// The store's cost lines over a period as CSV rows, read in keyset batches on (cost date, id) and
// followed by a totals row: the sums of the store-currency columns, the check a reader compares
// with the cases' cost totals.
import type { TCostFormConfig, TCostPayer, TExportCostsQuery, TLanguage } from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { csvDate, csvDateTime, csvMoney, type CsvCell } from '../../lib/csv/csv-stream';
import { reportRange } from '../reports/report-period';
import { costLineBatch, type CostKey } from './costs-export.repository';
import type { Words } from '../../lib/export-language';

const BATCH = 2000;

const HEADER: Words[] = [
  { en: 'Case number', nr: 'Saksnummer', da: 'Sagsnummer', de: 'Fallnummer' },
  { en: 'Supplier', nr: 'Leverandør', da: 'Leverandør', de: 'Lieferant' },
  { en: 'Date', nr: 'Dato', da: 'Dato', de: 'Datum' },
  { en: 'Cost type', nr: 'Kostnadstype', da: 'Omkostningstype', de: 'Kostenart' },
  { en: 'Note', nr: 'Notat', da: 'Note', de: 'Notiz' },
  { en: 'Currency', nr: 'Valuta', da: 'Valuta', de: 'Währung' },
  { en: 'Net', nr: 'Netto', da: 'Netto', de: 'Netto' },
  { en: 'VAT rate (%)', nr: 'MVA-sats (%)', da: 'Momssats (%)', de: 'MwSt.-Satz (%)' },
  { en: 'VAT', nr: 'MVA', da: 'Moms', de: 'MwSt.' },
  { en: 'Gross', nr: 'Brutto', da: 'Brutto', de: 'Brutto' },
  { en: 'Exchange rate', nr: 'Valutakurs', da: 'Valutakurs', de: 'Wechselkurs' },
  {
    en: 'Net (store currency)',
    nr: 'Netto (butikkens valuta)',
    da: 'Netto (butikkens valuta)',
    de: 'Netto (Währung des Geschäfts)',
  },
  {
    en: 'Gross (store currency)',
    nr: 'Brutto (butikkens valuta)',
    da: 'Brutto (butikkens valuta)',
    de: 'Brutto (Währung des Geschäfts)',
  },
  { en: 'Store currency', nr: 'Butikkens valuta', da: 'Butikkens valuta', de: 'Währung des Geschäfts' },
  { en: 'Paid by', nr: 'Betales av', da: 'Betales af', de: 'Zahlt' },
  { en: 'Registered by', nr: 'Registrert av', da: 'Registreret af', de: 'Erfasst von' },
  { en: 'Registered', nr: 'Registrert', da: 'Registreret', de: 'Erfasst' },
];
/** Where the totals row puts its sums: under the store-currency net and gross. */
const NET_STORE_COLUMN = 11;

const PAYERS: Record<TCostPayer, Words> = {
  store: { en: 'Store', nr: 'Butikken', da: 'Butikken', de: 'Geschäft' },
  supplier: { en: 'Supplier', nr: 'Leverandør', da: 'Leverandør', de: 'Lieferant' },
  customer: { en: 'Customer', nr: 'Kunde', da: 'Kunde', de: 'Kunde' },
};

/** The built-in cost types' words (DEFAULT_COST_FORM's labels are the web's i18n keys). */
const COST_TYPES: Record<string, Words> = {
  shipping: { en: 'Shipping', nr: 'Frakt', da: 'Fragt', de: 'Versand' },
  repair: { en: 'Repair', nr: 'Reparasjon', da: 'Reparation', de: 'Reparatur' },
  replacement: { en: 'Replacement', nr: 'Erstatningsvare', da: 'Erstatningsvare', de: 'Ersatzware' },
  refund: { en: 'Refund', nr: 'Refusjon', da: 'Refusion', de: 'Erstattung' },
  other: { en: 'Other', nr: 'Annet', da: 'Andet', de: 'Sonstiges' },
};
const TOTAL: Words = { en: 'Total', nr: 'Sum', da: 'I alt', de: 'Summe' };

export const costCsvHeader = (language: TLanguage): string[] => HEADER.map((words) => words[language]);

/** A cost type as the reader reads it: the built-in's word, a store's own label, else its key. */
function costTypeName(form: TCostFormConfig, language: TLanguage): (value: string) => string {
  const labels = new Map(form.costTypes.map((o) => [o.value, o.label]));
  return (value) => {
    const builtIn = COST_TYPES[value]?.[language];
    if (builtIn) return builtIn;
    const label = labels.get(value);
    // A label that is an i18n key (cost.type.x) says nothing to a spreadsheet: the value then.
    return label && !/^[a-z]+(\.[A-Za-z0-9-]+)+$/.test(label) ? label : value;
  };
}

/** Minor units from the database's bigint text (safe: amounts are capped at 10^11). */
const minor = (value: number | string) => csvMoney(Number(value));

/** The cost lines dated in the period, oldest first, then the totals row. */
export async function* costCsvRows(
  db: TenantDb,
  form: TCostFormConfig,
  query: TExportCostsQuery,
  language: TLanguage,
): AsyncGenerator<CsvCell[]> {
  const { from, to } = reportRange(query);
  const typeName = costTypeName(form, language);
  let netStore = 0;
  let grossStore = 0;
  let after: CostKey | null = null;
  for (;;) {
    const rows = await costLineBatch(db, { from, to }, after, BATCH);
    for (const r of rows) {
      netStore += r.netStoreMinor;
      grossStore += r.grossStoreMinor;
      yield [
        r.caseNumber,
        r.supplierName,
        csvDate(r.costDate),
        typeName(r.costType),
        r.note,
        r.currency,
        minor(r.netMinor),
        Number(r.vatRate),
        minor(r.vatMinor),
        minor(r.grossMinor),
        Number(r.exchangeRate),
        minor(r.netStoreMinor),
        minor(r.grossStoreMinor),
        r.storeCurrency,
        PAYERS[r.paidBy][language] ?? r.paidBy,
        r.createdBy,
        csvDateTime(r.createdAt),
      ];
    }
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) break;
    after = { date: last.costDate, id: last.id };
  }
  const totals: CsvCell[] = HEADER.map(() => null);
  totals[0] = TOTAL[language];
  totals[NET_STORE_COLUMN] = csvMoney(netStore);
  totals[NET_STORE_COLUMN + 1] = csvMoney(grossStore);
  totals[NET_STORE_COLUMN + 2] = form.defaultCurrency;
  yield totals;
}
