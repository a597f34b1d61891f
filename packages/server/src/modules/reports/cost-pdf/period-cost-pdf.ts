// The supplier statement of a period: one row per case with what was claimed from the supplier,
// what it credited and what is outstanding, and the totals, each case's figures computed by the
// costs module's own arithmetic (recoveryOf), so they are the figures of its Costs tab.
import type { TRecovery } from '@claimdesk/contracts';
import type { PeriodCase } from './cost-pdf.repository';
import type { PdfFormat } from './pdf-format';
import type { PdfLabels } from './pdf-labels';
import { PdfWriter, type PdfColumn } from './pdf-document';

export interface StatementCase extends PeriodCase {
  recovery: TRecovery;
}

export interface StatementInput {
  storeName: string;
  storeCurrency: string;
  /** The supplier's name, or null for all suppliers. */
  supplierName: string | null;
  fromDate: string;
  toDate: string;
  cases: StatementCase[];
  labels: PdfLabels;
  format: PdfFormat;
  language: string;
  generatedAt: Date;
}

export async function periodCostPdf(input: StatementInput): Promise<Buffer> {
  const { labels: l, format: f, storeCurrency: currency } = input;
  const period = `${f.date(input.fromDate)} – ${f.date(input.toDate)}`;
  const supplier = input.supplierName ?? l.allSuppliers;
  const pdf = new PdfWriter({
    title: `${l.supplierStatement} – ${supplier} – ${period}`,
    author: input.storeName,
    language: input.language,
  });
  pdf.title(`${l.supplierStatement} – ${supplier}`, input.storeName);
  pdf.facts([
    [l.supplier, supplier],
    [l.period, period],
    [l.generated, f.dateTime(input.generatedAt)],
  ]);
  pdf.paragraph(`${l.periodExplained} ${l.amountsIn(currency)}.`, true);
  pdf.heading(l.cases(input.cases.length));
  if (input.cases.length === 0) {
    pdf.paragraph(l.noCasesInPeriod, true);
    return pdf.finish(`${input.storeName} · ${l.supplierStatement} · ${period}`, l.page);
  }
  const isAll = input.supplierName === null;
  const columns: PdfColumn[] = [
    { header: l.case, share: isAll ? 0.07 : 0.08 },
    { header: l.created, share: isAll ? 0.1 : 0.11 },
    { header: l.customer, share: isAll ? 0.15 : 0.25 },
    ...(isAll ? [{ header: l.supplier, share: 0.16 }] : []),
    { header: l.state, share: isAll ? 0.16 : 0.18 },
    { header: l.claimed, share: isAll ? 0.12 : 0.125, align: 'right' },
    { header: l.credited, share: isAll ? 0.12 : 0.125, align: 'right' },
    { header: l.outstanding, share: isAll ? 0.12 : 0.13, align: 'right' },
  ];
  const totals = { claimed: 0, credited: 0, outstanding: 0 };
  const rows = function* () {
    for (const c of input.cases) {
      const r = c.recovery;
      totals.claimed += r.expectedCreditMinor;
      totals.credited += r.creditedMinor;
      totals.outstanding += r.unrecoveredMinor;
      yield {
        cells: [
          String(c.caseNumber),
          f.date(c.createdDay),
          c.customerName,
          ...(isAll ? [c.supplierName ?? ''] : []),
          l.states[r.state],
          f.amount(r.expectedCreditMinor),
          f.amount(r.creditedMinor),
          f.amount(r.unrecoveredMinor),
        ],
      };
    }
    yield {
      isBold: true,
      cells: [
        l.total,
        '',
        l.cases(input.cases.length),
        ...(isAll ? [''] : []),
        '',
        f.amount(totals.claimed),
        f.amount(totals.credited),
        f.amount(totals.outstanding),
      ],
    };
  };
  pdf.table(columns, rows());
  pdf.heading(`${l.totals} (${currency})`);
  pdf.facts([
    [l.claimed, f.amount(totals.claimed)],
    [l.credited, f.amount(totals.credited)],
    [l.outstanding, f.amount(totals.outstanding)],
  ]);
  return pdf.finish(`${input.storeName} · ${l.supplierStatement} · ${supplier} · ${period}`, l.page);
}
