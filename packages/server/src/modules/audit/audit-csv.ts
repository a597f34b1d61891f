import type { TAuditLogFilters, TLanguage } from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { csvDateTime, type CsvCell } from '../../lib/csv/csv-stream';
import type { Words } from '../../lib/export-language';
import { auditLogEntries } from './audit-log.service';

const HEADER: Words[] = [
  { en: 'Time', nr: 'Tidspunkt', da: 'Tidspunkt', de: 'Zeitpunkt' },
  { en: 'Who', nr: 'Hvem', da: 'Hvem', de: 'Wer' },
  { en: 'Address', nr: 'Adresse', da: 'Adresse', de: 'Adresse' },
  { en: 'Action', nr: 'Handling', da: 'Handling', de: 'Aktion' },
  { en: 'Target type', nr: 'Måltype', da: 'Måltype', de: 'Zieltyp' },
  { en: 'Target', nr: 'Mål', da: 'Mål', de: 'Ziel' },
  { en: 'Before', nr: 'Før', da: 'Før', de: 'Vorher' },
  { en: 'After', nr: 'Etter', da: 'Efter', de: 'Nachher' },
  { en: 'Detail', nr: 'Detaljer', da: 'Detaljer', de: 'Details' },
];

export const auditCsvHeader = (language: TLanguage): string[] => HEADER.map((words) => words[language]);

/** A value as JSON in one cell; nothing for a value the entry does not have. */
const json = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value));

/**
 * The rows of the audit log's CSV. The action stays its code (`mailbox.added`): a file is read by
 * scripts as much as by people, and the code is the same in every language.
 */
export async function* auditCsvRows(db: TenantDb, filters: TAuditLogFilters): AsyncGenerator<CsvCell[]> {
  for await (const row of auditLogEntries(db, filters)) {
    yield [
      csvDateTime(row.at),
      row.actor,
      row.actorAddress,
      row.action,
      row.targetType,
      row.targetId,
      json(row.changes.before),
      json(row.changes.after),
      json(row.changes.detail),
    ];
  }
}
