// The reports' CSV files, one per table of the /reports screen, written by the shared CSV writer
// (lib/csv: BOM, separator, dates and numbers as the reader's language's spreadsheet reads them).
// Each file's rows are the screen's rows, so a column's sum is the screen's total.
import type {
  TGetCaseReportResponse,
  TGetMailReportResponse,
  TGetSupplierReportResponse,
  TLanguage,
} from '@claimdesk/contracts';
import { csvDate, csvMoney, type CsvCell } from '../../lib/csv/csv-stream';

type Texts = Record<
  | 'period'
  | 'mailbox'
  | 'noMailbox'
  | 'in'
  | 'out'
  | 'cases'
  | 'closed'
  | 'open'
  | 'grouping'
  | 'name'
  | 'none'
  | 'medianHours'
  | 'p90Hours'
  | 'workflow'
  | 'status'
  | 'supplier'
  | 'agent'
  | 'answered'
  | 'acceptance'
  | 'costs'
  | 'expected'
  | 'credited'
  | 'recovery'
  | 'outstanding',
  string
>;

const TEXTS: Record<TLanguage, Texts> = {
  en: {
    period: 'Period from',
    mailbox: 'Mailbox',
    noMailbox: 'No mailbox',
    in: 'Mails in',
    out: 'Mails out',
    cases: 'Cases',
    closed: 'Closed',
    open: 'Open',
    grouping: 'By',
    name: 'Name',
    none: 'None',
    medianHours: 'Median hours to resolution',
    p90Hours: '90th percentile hours',
    workflow: 'Workflow',
    status: 'Status',
    supplier: 'Supplier',
    agent: 'Agent',
    answered: 'Answered',
    acceptance: 'Acceptance rate (%)',
    costs: 'Costs',
    expected: 'Credit expected',
    credited: 'Credited',
    recovery: 'Recovery rate (%)',
    outstanding: 'Outstanding',
  },
  nr: {
    period: 'Periode fra',
    mailbox: 'Postkasse',
    noMailbox: 'Ingen postkasse',
    in: 'E-post inn',
    out: 'E-post ut',
    cases: 'Saker',
    closed: 'Lukket',
    open: 'Åpne',
    grouping: 'Etter',
    name: 'Navn',
    none: 'Ingen',
    medianHours: 'Median timer til løsning',
    p90Hours: '90-persentil timer',
    workflow: 'Arbeidsflyt',
    status: 'Status',
    supplier: 'Leverandør',
    agent: 'Saksbehandler',
    answered: 'Besvart',
    acceptance: 'Godkjenningsgrad (%)',
    costs: 'Kostnader',
    expected: 'Forventet kreditt',
    credited: 'Kreditert',
    recovery: 'Gjenvinningsgrad (%)',
    outstanding: 'Utestående',
  },
  da: {
    period: 'Periode fra',
    mailbox: 'Postkasse',
    noMailbox: 'Ingen postkasse',
    in: 'Mails ind',
    out: 'Mails ud',
    cases: 'Sager',
    closed: 'Lukket',
    open: 'Åbne',
    grouping: 'Efter',
    name: 'Navn',
    none: 'Ingen',
    medianHours: 'Median timer til løsning',
    p90Hours: '90-percentil timer',
    workflow: 'Arbejdsgang',
    status: 'Status',
    supplier: 'Leverandør',
    agent: 'Medarbejder',
    answered: 'Besvaret',
    acceptance: 'Godkendelsesgrad (%)',
    costs: 'Omkostninger',
    expected: 'Forventet kredit',
    credited: 'Krediteret',
    recovery: 'Inddrivelsesgrad (%)',
    outstanding: 'Udestående',
  },
  de: {
    period: 'Zeitraum ab',
    mailbox: 'Postfach',
    noMailbox: 'Kein Postfach',
    in: 'E-Mails eingehend',
    out: 'E-Mails ausgehend',
    cases: 'Fälle',
    closed: 'Geschlossen',
    open: 'Offen',
    grouping: 'Nach',
    name: 'Name',
    none: 'Keine',
    medianHours: 'Median Stunden bis zur Lösung',
    p90Hours: '90. Perzentil Stunden',
    workflow: 'Workflow',
    status: 'Status',
    supplier: 'Lieferant',
    agent: 'Bearbeiter',
    answered: 'Beantwortet',
    acceptance: 'Annahmequote (%)',
    costs: 'Kosten',
    expected: 'Erwartete Gutschrift',
    credited: 'Gutgeschrieben',
    recovery: 'Erstattungsquote (%)',
    outstanding: 'Offen',
  },
};

export interface CsvTable {
  filename: string;
  header: string[];
  rows: CsvCell[][];
}

/** A rate (0 to 1) as a percentage with one decimal, empty when there is none. */
const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

export function mailCsv(report: TGetMailReportResponse, language: TLanguage): CsvTable {
  const t = TEXTS[language];
  const address = (id: number | null) =>
    report.mailboxes.find((m) => m.mailboxId === id)?.address ?? t.noMailbox;
  return {
    filename: `mail-${report.period.from}-${report.period.to}`,
    header: [t.period, t.mailbox, t.in, t.out],
    rows: report.buckets.flatMap((b) =>
      b.byMailbox.map((m) => [csvDate(b.start), address(m.mailboxId), m.in, m.out]),
    ),
  };
}

export function caseCsv(report: TGetCaseReportResponse, language: TLanguage): CsvTable {
  const t = TEXTS[language];
  return {
    filename: `cases-${report.basis}-${report.period.from}-${report.period.to}`,
    header: [t.period, t.cases, t.closed, t.open],
    rows: report.buckets.map((b) => [csvDate(b.start), b.cases, b.closed, b.open]),
  };
}

/** The period's cases still open, by workflow and status (the keys, as the API names them). */
export function statusCsv(report: TGetCaseReportResponse, language: TLanguage): CsvTable {
  const t = TEXTS[language];
  return {
    filename: `open-by-status-${report.basis}-${report.period.from}-${report.period.to}`,
    header: [t.workflow, t.status, t.open],
    rows: report.openByStatus.map((s) => [s.workFlow, s.status, s.count]),
  };
}

export function resolutionCsv(report: TGetCaseReportResponse, language: TLanguage): CsvTable {
  const t = TEXTS[language];
  const groups = [
    [t.workflow, report.resolution.byWorkflow],
    [t.supplier, report.resolution.bySupplier],
    [t.agent, report.resolution.byAgent],
  ] as const;
  return {
    filename: `resolution-${report.basis}-${report.period.from}-${report.period.to}`,
    header: [t.grouping, t.name, t.closed, t.medianHours, t.p90Hours],
    rows: groups.flatMap(([grouping, rows]) =>
      rows.map((r) => [grouping, r.label ?? r.key ?? t.none, r.closed, r.medianHours, r.p90Hours]),
    ),
  };
}

export function supplierCsv(report: TGetSupplierReportResponse, language: TLanguage): CsvTable {
  const t = TEXTS[language];
  const money = (label: string) => `${label} (${report.currency})`;
  return {
    filename: `suppliers-${report.basis}-${report.period.from}-${report.period.to}`,
    header: [
      t.supplier,
      t.cases,
      t.answered,
      t.acceptance,
      money(t.costs),
      money(t.expected),
      money(t.credited),
      t.recovery,
      money(t.outstanding),
    ],
    rows: report.rows.map((r) => [
      r.name,
      r.cases,
      r.answered,
      percent(r.acceptanceRate),
      csvMoney(r.costsMinor),
      csvMoney(r.expectedMinor),
      csvMoney(r.creditedMinor),
      percent(r.recoveryRate),
      csvMoney(r.outstandingMinor),
    ]),
  };
}
