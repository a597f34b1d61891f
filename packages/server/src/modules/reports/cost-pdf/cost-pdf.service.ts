// The cost PDFs: who may have them, in which language, and their figures, taken from the costs
// module (its service for one case, its arithmetic for each case of a period), never re-derived.
import type { TCaseCosts, TLanguage } from '@claimdesk/contracts';
import { isLanguage } from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import { notFound } from '../../../lib/app-error';
import type { AuthContext } from '../../../auth-context';
import { recoveryOf } from '../../costs/cost-amounts';
import { costForm, getCaseCosts } from '../../costs/costs.service';
import { ownerInUse } from '../../suppliers/suppliers.service';
import { findSupplier } from '../../suppliers/suppliers.repository';
import { findUserByName } from '../../users/users.repository';
import { caseCostPdf } from './case-cost-pdf';
import { findPeriodData, findReportCase, type PeriodData } from './cost-pdf.repository';
import { pdfFormat } from './pdf-format';
import { PDF_LABELS } from './pdf-labels';
import { periodCostPdf, type StatementCase } from './period-cost-pdf';

export interface PdfFile {
  fileName: string;
  body: Buffer;
}

export interface PdfOptions {
  lang?: TLanguage | undefined;
  tz?: string | undefined;
}

/** The language asked for, else the user's own (their preference), else the store's. */
async function readerOf(deps: AppDeps, auth: AuthContext, options: PdfOptions) {
  const store = await deps.stores.get(auth.tenantId);
  if (!store) throw notFound('Store');
  let language = options.lang;
  if (!language) {
    const user = await findUserByName(auth.db, auth.username);
    const own = user?.preference.language;
    language = isLanguage(own) ? own : isLanguage(store.language) ? store.language : 'en';
  }
  const timeZone = options.tz ?? 'UTC';
  return {
    storeName: store.displayName,
    language,
    timeZone,
    labels: PDF_LABELS[language],
    format: pdfFormat(language, timeZone),
  };
}

/** Letters that do not decompose into a Latin letter and a mark. */
const FOLDED: Record<string, string> = { æ: 'ae', ø: 'o', ß: 'ss', đ: 'd', ł: 'l', þ: 'th' };

/** A name as a file name takes it: lower-case ASCII letters and digits between dashes. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[æøßđłþ]/g, (c) => FOLDED[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/** GET /v2/api/reports/get-cost-reg-pdf/{id}: 404 for a case the store does not have. */
export async function caseCostReport(
  deps: AppDeps,
  auth: AuthContext,
  caseId: number,
  options: PdfOptions,
): Promise<PdfFile> {
  const costs: TCaseCosts = await getCaseCosts(auth, caseId);
  const [form, theCase, reader] = await Promise.all([
    costForm(auth.db),
    findReportCase(auth.db, caseId),
    readerOf(deps, auth, options),
  ]);
  if (!theCase) throw notFound('Case');
  const body = await caseCostPdf({ ...reader, theCase, costs, form, generatedAt: new Date() });
  const name = slug(reader.labels.caseReport);
  return { fileName: `${name}-${String(theCase.caseNumber)}.pdf`, body };
}

/** Each case of the period with its recovery, as the costs module computes a case's. */
export function statementCases(data: PeriodData): StatementCase[] {
  const group = <T extends { caseId: number }>(rows: T[]) => {
    const by = new Map<number, T[]>();
    for (const row of rows) {
      const list = by.get(row.caseId);
      if (list) list.push(row);
      else by.set(row.caseId, [row]);
    }
    return by;
  };
  const lines = group(data.lines);
  const notes = group(data.notes);
  const recoveries = new Map(data.recoveries.map((r) => [r.caseId, r]));
  return data.cases.map((c) => ({
    ...c,
    recovery: recoveryOf(lines.get(c.id) ?? [], notes.get(c.id) ?? [], recoveries.get(c.id) ?? null, c),
  }));
}

/**
 * GET /v2/api/reports/get-cost-reg-pdf?fromDate&toDate&supplier: 404 for a supplier the store
 * does not use (another store's, or one of the other source).
 */
export async function periodCostReport(
  deps: AppDeps,
  auth: AuthContext,
  query: { fromDate: string; toDate: string; supplier?: number | undefined } & PdfOptions,
): Promise<PdfFile> {
  const form = await costForm(auth.db);
  const reader = await readerOf(deps, auth, query);
  let supplier: { owner: Awaited<ReturnType<typeof ownerInUse>>; id: number; name: string } | null = null;
  if (query.supplier !== undefined) {
    const owner = await ownerInUse(auth.db);
    const found = await findSupplier(auth.db, owner, query.supplier);
    if (!found) throw notFound('Supplier');
    supplier = { owner, id: found.id, name: found.name };
  }
  const data = await findPeriodData(auth.db, {
    fromDate: query.fromDate,
    toDate: query.toDate,
    timeZone: reader.timeZone,
    supplier,
  });
  const body = await periodCostPdf({
    ...reader,
    storeCurrency: form.defaultCurrency,
    supplierName: supplier?.name ?? null,
    fromDate: query.fromDate,
    toDate: query.toDate,
    cases: statementCases(data),
    generatedAt: new Date(),
  });
  const parts = [
    slug(reader.labels.supplierStatement),
    supplier ? slug(supplier.name) : null,
    query.fromDate,
    query.toDate,
  ];
  return { fileName: `${parts.filter(Boolean).join('-')}.pdf`, body };
}
