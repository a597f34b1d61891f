// The claim mail to a supplier, written in the store's language: the case's items, purchase date,
// order reference and description. Never the customer's name, email, phone or address: the
// person sending adds them by hand if the supplier needs them.
import type { TLanguage } from '@claimdesk/contracts';
import { escapeHtml, textToHtml } from '../mail/mail-compose';
import type { SupplierCaseRow } from './send-to-supplier.repository';

interface Words {
  subject: (caseNumber: number) => string;
  intro: string;
  product: string;
  sku: string;
  quantity: string;
  serialNumber: string;
  fault: string;
  purchaseDate: string;
  orderReference: string;
  description: string;
}

const WORDS: Record<TLanguage, Words> = {
  en: {
    subject: (n) => `Claim ${String(n)}`,
    intro: 'We send you the following claim.',
    product: 'Product',
    sku: 'SKU',
    quantity: 'Quantity',
    serialNumber: 'Serial number',
    fault: 'Fault',
    purchaseDate: 'Purchase date',
    orderReference: 'Order reference',
    description: 'Description',
  },
  nr: {
    subject: (n) => `Reklamasjon ${String(n)}`,
    intro: 'Vi sender dere følgende reklamasjon.',
    product: 'Produkt',
    sku: 'Varenummer',
    quantity: 'Antall',
    serialNumber: 'Serienummer',
    fault: 'Feil',
    purchaseDate: 'Kjøpsdato',
    orderReference: 'Ordrereferanse',
    description: 'Beskrivelse',
  },
  da: {
    subject: (n) => `Reklamation ${String(n)}`,
    intro: 'Vi sender jer følgende reklamation.',
    product: 'Produkt',
    sku: 'Varenummer',
    quantity: 'Antal',
    serialNumber: 'Serienummer',
    fault: 'Fejl',
    purchaseDate: 'Købsdato',
    orderReference: 'Ordrereference',
    description: 'Beskrivelse',
  },
  de: {
    subject: (n) => `Reklamation ${String(n)}`,
    intro: 'Wir senden Ihnen die folgende Reklamation.',
    product: 'Produkt',
    sku: 'Artikelnummer',
    quantity: 'Menge',
    serialNumber: 'Seriennummer',
    fault: 'Fehler',
    purchaseDate: 'Kaufdatum',
    orderReference: 'Bestellnummer',
    description: 'Beschreibung',
  },
};

type Line = [label: string, value: string | number | null | undefined];

const present = (lines: Line[]) =>
  lines.filter(
    (line): line is [string, string | number] => line[1] !== null && line[1] !== undefined && line[1] !== '',
  );

/** The subject, HTML and text of the claim mail. */
export function supplierClaimMail(caseRow: SupplierCaseRow, language: TLanguage) {
  const w = WORDS[language];
  const items = caseRow.items.map((item) =>
    present([
      [w.product, item.productName],
      [w.sku, item.sku],
      [w.quantity, item.quantity],
      [w.serialNumber, item.serialNumber],
      [w.fault, item.faultDescription],
    ]),
  );
  const about = present([
    [w.purchaseDate, caseRow.purchaseDate],
    [w.orderReference, caseRow.orderReference],
  ]);
  const htmlLines = (lines: [string, string | number][]) =>
    lines
      .map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${textToHtml(String(value))}`)
      .join('<br>');
  const textLines = (lines: [string, string | number][]) =>
    lines.map(([label, value]) => `${label}: ${String(value)}`).join('\n');
  const description = caseRow.description?.trim() ?? '';

  const html = [
    `<p>${escapeHtml(w.intro)}</p>`,
    items.length > 0 ? `<ol>${items.map((lines) => `<li>${htmlLines(lines)}</li>`).join('')}</ol>` : '',
    about.length > 0 ? `<p>${htmlLines(about)}</p>` : '',
    description ? `<p><strong>${escapeHtml(w.description)}:</strong><br>${textToHtml(description)}</p>` : '',
  ].join('');
  const text = [
    w.intro,
    items
      .map((lines, index) => `${String(index + 1)}. ${textLines(lines).replace(/\n/g, '\n   ')}`)
      .join('\n\n'),
    textLines(about),
    description ? `${w.description}:\n${description}` : '',
  ]
    .filter((part) => part !== '')
    .join('\n\n');
  return { subject: w.subject(caseRow.caseNumber), html, text };
}
