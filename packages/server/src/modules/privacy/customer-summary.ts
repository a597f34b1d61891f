import type { TLanguage } from '@claimdesk/contracts';
import type { CustomerExport } from './customer-export.service';

const WORDS = {
  en: {
    title: 'Data stored about',
    made: 'Made',
    cases: 'Cases',
    mails: 'Mails',
    case: 'Case',
    status: 'Status',
    created: 'Created',
    name: 'Name',
    phone: 'Phone',
    address: 'Address',
    items: 'Items',
    costs: 'Cost lines',
    timeline: 'Timeline entries',
    from: 'From',
    to: 'To',
    subject: 'Subject',
    date: 'Date',
    attachments: 'Attachments',
    machine: 'The same data, machine-readable, is in data.json; the attachments are in the mails folder.',
  },
  nr: {
    title: 'Lagrede opplysninger om',
    made: 'Laget',
    cases: 'Saker',
    mails: 'E-poster',
    case: 'Sak',
    status: 'Status',
    created: 'Opprettet',
    name: 'Navn',
    phone: 'Telefon',
    address: 'Adresse',
    items: 'Varer',
    costs: 'Kostnadslinjer',
    timeline: 'Hendelser i tidslinjen',
    from: 'Fra',
    to: 'Til',
    subject: 'Emne',
    date: 'Dato',
    attachments: 'Vedlegg',
    machine: 'De samme opplysningene, maskinlesbare, ligger i data.json; vedleggene ligger i mappen mails.',
  },
  da: {
    title: 'Gemte oplysninger om',
    made: 'Lavet',
    cases: 'Sager',
    mails: 'E-mails',
    case: 'Sag',
    status: 'Status',
    created: 'Oprettet',
    name: 'Navn',
    phone: 'Telefon',
    address: 'Adresse',
    items: 'Varer',
    costs: 'Omkostningslinjer',
    timeline: 'Hændelser i tidslinjen',
    from: 'Fra',
    to: 'Til',
    subject: 'Emne',
    date: 'Dato',
    attachments: 'Vedhæftede filer',
    machine:
      'De samme oplysninger, maskinlæsbare, ligger i data.json; de vedhæftede filer ligger i mappen mails.',
  },
  de: {
    title: 'Gespeicherte Daten zu',
    made: 'Erstellt',
    cases: 'Fälle',
    mails: 'E-Mails',
    case: 'Fall',
    status: 'Status',
    created: 'Angelegt',
    name: 'Name',
    phone: 'Telefon',
    address: 'Adresse',
    items: 'Artikel',
    costs: 'Kostenzeilen',
    timeline: 'Einträge im Verlauf',
    from: 'Von',
    to: 'An',
    subject: 'Betreff',
    date: 'Datum',
    attachments: 'Anhänge',
    machine: 'Dieselben Daten maschinenlesbar stehen in data.json; die Anhänge im Ordner mails.',
  },
} satisfies Record<TLanguage, Record<string, string>>;

const html = (value: string | number | Date | null | undefined): string =>
  (value instanceof Date ? value.toISOString() : String(value ?? '')).replace(
    /[&<>"']/g,
    (c) => `&#${String(c.charCodeAt(0))};`,
  );

/**
 * The export as a page a person reads (GDPR article 15: in a concise, intelligible form), in the
 * store's language; self-contained, no scripts, no outside resources.
 */
export function summaryHtml(data: CustomerExport, language: TLanguage): string {
  const w = WORDS[language];
  const rows = (pairs: [string, string | number | Date | null | undefined][]) =>
    pairs.map(([k, v]) => `<tr><th>${html(k)}</th><td>${html(v)}</td></tr>`).join('');
  const cases = data.cases
    .map(
      (c) =>
        `<h3>${html(w.case)} ${html(c.caseNumber)}</h3><table>${rows([
          [w.status, c.status],
          [w.created, c.createdAt],
          [w.name, c.customerName],
          ['Email', c.customerEmail],
          [w.phone, c.customerPhone],
          [w.address, c.customerAddress],
          [w.items, c.items.map((i) => `${i.productName} × ${String(i.quantity)}`).join('; ')],
          [w.costs, c.costs.length],
          [w.timeline, c.timeline.length],
        ])}</table>`,
    )
    .join('');
  const mails = data.mails
    .map(
      (m) =>
        `<h3>${html(m.subject)}</h3><table>${rows([
          [w.from, m.fromAddress],
          [w.to, m.to.map((a) => a.address).join(', ')],
          [w.date, m.sentAt ?? m.createdAt],
          [w.case, m.caseNumber ?? ''],
          [w.attachments, m.attachments.map((a) => a.fileName).join(', ')],
        ])}</table><pre>${html(m.text ?? '')}</pre>`,
    )
    .join('');
  return `<!doctype html><html lang="${language === 'nr' ? 'nb' : language}"><head><meta charset="utf-8">
<title>${html(w.title)} ${html(data.customer.email)}</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}th{text-align:left;padding-right:1rem;vertical-align:top}pre{white-space:pre-wrap;background:#f5f5f5;padding:.5rem}</style>
</head><body><h1>${html(w.title)} ${html(data.customer.email)}</h1>
<p>${html(w.made)}: ${html(data.exportedAt)} · ${html(data.store)}</p><p>${html(w.machine)}</p>
<h2>${html(w.cases)} (${String(data.cases.length)})</h2>${cases}
<h2>${html(w.mails)} (${String(data.mails.length)})</h2>${mails}
</body></html>
`;
}
