// The /reports screen's figures: the period filled in and checked, the statements run, the
// store's currency named. Administrators and managers only (reports.routes.ts).
import {
  fieldProblem,
  reportPeriodDays,
  PERIOD_TOO_LONG,
  REPORT_PERIOD_MAX_DAYS,
  type TGetCaseReportQuery,
  type TGetCaseReportResponse,
  type TGetMailReportQuery,
  type TGetMailReportResponse,
  type TGetSupplierReportQuery,
  type TGetSupplierReportResponse,
} from '@claimdesk/contracts';
import { invalidFields } from '../../lib/app-error';
import type { TenantDb } from '../../db/tenant-db';
import { resolveStoreConfig } from '../settings/store-config.repository';
import { reportRange, type ReportRange } from './report-period';
import { caseReport, mailReport, supplierReport } from './reports.repository';

/** The period of a query, its left-out ends filled in; too long a period is refused on `from`. */
export function checkedRange(query: Parameters<typeof reportRange>[0], now = new Date()): ReportRange {
  const range = reportRange(query, now);
  if (reportPeriodDays(range.from, range.to) > REPORT_PERIOD_MAX_DAYS) {
    throw invalidFields(PERIOD_TOO_LONG, {
      from: fieldProblem('period_too_long', PERIOD_TOO_LONG, { max: REPORT_PERIOD_MAX_DAYS }),
    });
  }
  return range;
}

const periodOf = (r: ReportRange) => ({ from: r.from, to: r.to });

export async function getMailReport(
  db: TenantDb,
  query: TGetMailReportQuery,
): Promise<TGetMailReportResponse> {
  const range = checkedRange(query);
  return { period: periodOf(range), interval: range.interval, ...(await mailReport(db, range)) };
}

export async function getCaseReport(
  db: TenantDb,
  query: TGetCaseReportQuery,
): Promise<TGetCaseReportResponse> {
  const range = checkedRange(query);
  return {
    period: periodOf(range),
    basis: range.basis,
    interval: range.interval,
    ...(await caseReport(db, range)),
  };
}

export async function getSupplierReport(
  db: TenantDb,
  query: TGetSupplierReportQuery,
): Promise<TGetSupplierReportResponse> {
  const range = checkedRange(query);
  const [form, figures] = await Promise.all([resolveStoreConfig(db, 'cost-form'), supplierReport(db, range)]);
  return {
    period: periodOf(range),
    basis: range.basis,
    currency: form.defaultCurrency,
    ...figures,
  };
}
