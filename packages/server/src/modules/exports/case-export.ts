// A case list as CSV rows: every page of the list the screen shows, read with the list's own
// statement (caseListStatement: the same filters, search, order and reader's limits) in keyset
// batches, so an export holds one batch at a time however long the list is.
import {
  statusLabelText,
  type TExportCasesQuery,
  type TLanguage,
  type TListCasesQuery,
  type TStatusOptionsConfig,
  type TTranslationsConfig,
} from '@claimdesk/contracts';
import { isoFromUtcText } from '../../db/json-rows';
import { asTextRows, readTextRows } from '../../db/prepared-read';
import type { TenantDb } from '../../db/tenant-db';
import { csvDateTime, type CsvCell } from '../../lib/csv/csv-stream';
import type { CaseReader } from '../cases/case-access';
import { caseListStatement } from '../cases/case-list.repository';
import { listAssignees } from '../cases/assignees.repository';
import type { Words } from '../../lib/export-language';

/** Rows read per round trip: big enough that the round trips cost little, small in memory. */
export const CASE_EXPORT_BATCH = 2000;

/** The columns of the cases CSV: the list's column (as the statement names it) and its header. */
const COLUMNS = [
  ['caseNumber', { en: 'Case number', nr: 'Saksnummer', da: 'Sagsnummer', de: 'Fallnummer' }],
  ['status', { en: 'Status', nr: 'Status', da: 'Status', de: 'Status' }],
  ['customerName', { en: 'Customer', nr: 'Kunde', da: 'Kunde', de: 'Kunde' }],
  [
    'customerEmail',
    { en: 'Customer email', nr: 'Kundens e-post', da: 'Kundens e-mail', de: 'E-Mail des Kunden' },
  ],
  [
    'orderReference',
    { en: 'Order reference', nr: 'Ordrereferanse', da: 'Ordrereference', de: 'Bestellnummer' },
  ],
  ['itemsSummary', { en: 'Items', nr: 'Varer', da: 'Varer', de: 'Artikel' }],
  ['supplierName', { en: 'Supplier', nr: 'Leverandør', da: 'Leverandør', de: 'Lieferant' }],
  ['assignee', { en: 'Assignee', nr: 'Saksbehandler', da: 'Sagsbehandler', de: 'Bearbeiter' }],
  [
    'statusClaim',
    { en: 'Claim status', nr: 'Reklamasjonsstatus', da: 'Reklamationsstatus', de: 'Reklamationsstatus' },
  ],
  ['statusCreditNote', { en: 'Credit note', nr: 'Kreditnota', da: 'Kreditnota', de: 'Gutschrift' }],
  ['statusCustomer', { en: 'Customer status', nr: 'Kundestatus', da: 'Kundestatus', de: 'Kundenstatus' }],
  ['statusWareHouse', { en: 'Warehouse', nr: 'Lager', da: 'Lager', de: 'Lager' }],
  [
    'unreadMailCount',
    { en: 'Unread mails', nr: 'Uleste e-poster', da: 'Ulæste e-mails', de: 'Ungelesene E-Mails' },
  ],
  [
    'sendPendingMailCount',
    { en: 'Unsent mails', nr: 'Usendte e-poster', da: 'Ikke-sendte e-mails', de: 'Nicht gesendete E-Mails' },
  ],
  ['createdAt', { en: 'Created', nr: 'Opprettet', da: 'Oprettet', de: 'Erstellt' }],
  ['updatedAt', { en: 'Updated', nr: 'Oppdatert', da: 'Opdateret', de: 'Aktualisiert' }],
] as const satisfies readonly (readonly [string, Words])[];

type ColumnName = (typeof COLUMNS)[number][0];

export const caseCsvHeader = (language: TLanguage): string[] => COLUMNS.map(([, words]) => words[language]);

/** The list's cursor after a row (the format of case-list.repository.ts: [sort value, id] as base64url JSON). */
const cursorAfter = (sortValue: number | string, id: number) =>
  Buffer.from(JSON.stringify([sortValue, id])).toString('base64url');

/** Every row of the list `query` names, a batch per round trip, as the list statement writes them. */
async function* listBatches(
  db: TenantDb,
  query: TExportCasesQuery,
  reader: CaseReader,
  batchSize: number,
): AsyncGenerator<{ rows: (string | null)[][]; at: (name: string) => number }> {
  let cursor: string | undefined;
  for (;;) {
    const page: TListCasesQuery = { ...query, limit: batchSize, ...(cursor ? { cursor } : {}) };
    const answer = await readTextRows(db, asTextRows(caseListStatement(db.tenantId, page, reader)));
    const index = new Map(answer.columns.map((c, i) => [c.name, i]));
    const at = (name: string) => {
      const i = index.get(name);
      if (i === undefined) throw new Error(`The case list has no column ${name}`);
      return i;
    };
    const hasMore = answer.rows.length > batchSize;
    const rows = hasMore ? answer.rows.slice(0, batchSize) : answer.rows;
    yield { rows, at };
    const last = rows[rows.length - 1];
    if (!hasMore || !last) return;
    const sortText = last[at(query.sort)] ?? '';
    cursor = cursorAfter(
      query.sort === 'caseNumber' ? Number(sortText) : isoFromUtcText(sortText),
      Number(last[at('id')]),
    );
  }
}

/** A UTC timestamp as the list statement writes it (`2026-11-24 05:48:42.74`), as epoch ms. */
const utcMs = (text: string | null) => (text === null ? null : Date.parse(isoFromUtcText(text)));

type StatusDimension = 'statusClaim' | 'statusCreditNote' | 'statusCustomer' | 'statusWareHouse';

/**
 * The words of a workflow's statuses and status options in a language, as its screens show them
 * (the store's own words first); a value no longer among the options stays as stored.
 */
export function statusWords(
  options: TStatusOptionsConfig,
  translations: TTranslationsConfig,
  language: TLanguage,
): (dimension: 'status' | StatusDimension, value: string | null | undefined) => string | null {
  const labels = new Map<string, string>();
  for (const s of options.statuses) labels.set(`status:${s.value}`, s.label);
  for (const dimension of ['statusClaim', 'statusCreditNote', 'statusCustomer', 'statusWareHouse'] as const)
    for (const o of options[dimension]) labels.set(`${dimension}:${o.value}`, o.label);
  return (dimension, value) => {
    if (value === null || value === undefined || value === '') return null;
    const label = labels.get(`${dimension}:${value}`);
    return label === undefined ? value : statusLabelText(label, language, translations);
  };
}

/**
 * The CSV rows of a case list: every case the list shows, in its order, statuses in the words of
 * the list's screen, the assignee by name.
 */
export async function* caseCsvRows(
  db: TenantDb,
  query: TExportCasesQuery,
  reader: CaseReader,
  words: ReturnType<typeof statusWords>,
  batchSize = CASE_EXPORT_BATCH,
): AsyncGenerator<CsvCell[]> {
  const names = new Map(
    (await listAssignees(db, { withDisabled: true })).map((a) => [a.username, a.fullName]),
  );
  for await (const { rows, at } of listBatches(db, query, reader, batchSize)) {
    const i = Object.fromEntries(COLUMNS.map(([name]) => [name, at(name)])) as Record<ColumnName, number>;
    for (const row of rows) {
      const assignee = row[i.assignee] ?? null;
      const created = utcMs(row[i.createdAt] ?? null);
      const updated = utcMs(row[i.updatedAt] ?? null);
      yield [
        Number(row[i.caseNumber]),
        words('status', row[i.status]),
        row[i.customerName],
        row[i.customerEmail],
        row[i.orderReference],
        row[i.itemsSummary],
        row[i.supplierName],
        assignee === null ? null : (names.get(assignee) ?? assignee),
        words('statusClaim', row[i.statusClaim]),
        words('statusCreditNote', row[i.statusCreditNote]),
        words('statusCustomer', row[i.statusCustomer]),
        words('statusWareHouse', row[i.statusWareHouse]),
        Number(row[i.unreadMailCount]),
        Number(row[i.sendPendingMailCount]),
        created === null ? null : csvDateTime(created),
        updated === null ? null : csvDateTime(updated),
      ];
    }
  }
}
