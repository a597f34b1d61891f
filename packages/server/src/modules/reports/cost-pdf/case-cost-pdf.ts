// The cost report of one case: the store, the case, its customer, items and supplier, every cost
// line with VAT (and its currency and rate where foreign), the totals, the credit notes and what
// is still unrecovered, all figures exactly as GET /v2/api/claims/{id}/costs answers them.
import type { TCaseCosts, TCostFormConfig } from '@claimdesk/contracts';
import type { findReportCase } from './cost-pdf.repository';
import type { PdfFormat } from './pdf-format';
import { costTypeName, type PdfLabels } from './pdf-labels';
import { PdfWriter } from './pdf-document';

export interface CaseReportInput {
  storeName: string;
  theCase: NonNullable<Awaited<ReturnType<typeof findReportCase>>>;
  costs: TCaseCosts;
  form: TCostFormConfig;
  labels: PdfLabels;
  format: PdfFormat;
  language: string;
  generatedAt: Date;
}

export async function caseCostPdf(input: CaseReportInput): Promise<Buffer> {
  const { storeName, theCase, costs, form, labels: l, format: f } = input;
  const store = costs.storeCurrency;
  const caseTitle = `${l.case} ${String(theCase.caseNumber)}`;
  const pdf = new PdfWriter({
    title: `${l.caseReport} – ${caseTitle}`,
    author: storeName,
    language: input.language,
  });
  pdf.title(`${l.caseReport} – ${caseTitle}`, storeName);
  pdf.facts([
    [l.created, f.date(theCase.createdAt.toISOString().slice(0, 10))],
    [
      l.customer,
      [theCase.customerName, theCase.customerEmail, theCase.customerPhone, theCase.customerAddress]
        .filter(Boolean)
        .join('\n'),
    ],
    [l.orderReference, theCase.orderReference],
    [l.purchaseDate, theCase.purchaseDate ? f.date(theCase.purchaseDate) : null],
    [l.supplier, costs.recovery.supplierName ?? l.noSupplier],
    [l.generated, f.dateTime(input.generatedAt)],
  ]);

  if (theCase.items.length > 0) {
    pdf.heading(l.items);
    pdf.table(
      [
        { header: l.product, share: 0.46 },
        { header: l.sku, share: 0.2 },
        { header: l.serial, share: 0.24 },
        { header: l.quantity, share: 0.1, align: 'right' },
      ],
      theCase.items.map((item) => ({
        cells: [item.productName, item.sku ?? '', item.serialNumber ?? '', String(item.quantity)],
      })),
    );
  }

  pdf.heading(l.costLines);
  const typeLabel = new Map(form.costTypes.map((o) => [o.value, o.label]));
  if (costs.lines.length === 0) pdf.paragraph(l.noCosts, true);
  else {
    pdf.table(
      [
        { header: l.date, share: 0.1 },
        { header: l.costType, share: 0.14 },
        { header: l.paidBy, share: 0.13 },
        { header: l.currency, share: 0.14 },
        { header: l.net, share: 0.11, align: 'right' },
        { header: l.vat, share: 0.14, align: 'right' },
        { header: l.gross, share: 0.12, align: 'right' },
        { header: l.inStoreCurrency(store), share: 0.12, align: 'right' },
      ],
      costs.lines.map((line) => ({
        cells: [
          f.date(line.costDate),
          costTypeName(l, typeLabel.get(line.costType), line.costType),
          l.payer[line.paidBy],
          line.currency === store ? line.currency : `${line.currency} ${f.decimal(line.exchangeRate)}`,
          f.amount(line.netMinor),
          `${f.amount(line.vatMinor)} (${f.percent(line.vatRate)})`,
          f.amount(line.grossMinor),
          f.amount(line.grossStoreMinor),
        ],
        note: line.note,
      })),
    );
  }

  pdf.heading(`${l.totals} (${store})`);
  const { totals, recovery } = costs;
  pdf.facts([
    [l.net, f.amount(totals.netMinor)],
    [l.vat, f.amount(totals.vatMinor)],
    [l.gross, f.amount(totals.grossMinor)],
    [
      l.byPayer,
      (['store', 'supplier', 'customer'] as const)
        .map((payer) => `${l.payer[payer]}: ${f.amount(totals.byPayer[payer] ?? 0)}`)
        .join('   '),
    ],
  ]);

  pdf.heading(l.creditNotes);
  if (costs.creditNotes.length === 0) pdf.paragraph(l.noCreditNotes, true);
  else {
    pdf.table(
      [
        { header: l.number, share: 0.25 },
        { header: l.date, share: 0.15 },
        { header: l.currency, share: 0.2 },
        { header: l.amount, share: 0.2, align: 'right' },
        { header: l.inStoreCurrency(store), share: 0.2, align: 'right' },
      ],
      costs.creditNotes.map((note) => ({
        cells: [
          note.number,
          f.date(note.noteDate),
          note.currency === store ? note.currency : `${note.currency} ${f.decimal(note.exchangeRate)}`,
          f.amount(note.amountMinor),
          f.amount(note.amountStoreMinor),
        ],
        note: note.note,
      })),
    );
  }

  pdf.heading(`${l.recovery} (${store})`);
  pdf.facts([
    [l.claimed, f.amount(recovery.expectedCreditMinor)],
    [l.credited, f.amount(recovery.creditedMinor)],
    [l.unrecovered, f.amount(recovery.unrecoveredMinor)],
    [l.state, l.states[recovery.state]],
    [l.writeOffReason, recovery.writeOffReason],
  ]);
  return pdf.finish(`${storeName} · ${l.caseReport} · ${caseTitle}`, l.page);
}
