import { z } from 'zod';
import { ZLanguage } from '../languages';
import { ZTimeZone } from '../time-zone';

/**
 * What every CSV export takes besides its filters. `language` decides the separator, dates and
 * numbers (en: `,` 2026-11-26 1234.50; nr, da, de: `;` 26.11.2026 1234,50) and the header's
 * words; the store's language when left out. `timeZone` (IANA, e.g. Europe/Oslo) is the zone
 * the times of day are written in, as the reader's screen shows them; UTC when left out.
 */
export const ZCsvExportOptions = z.object({
  language: ZLanguage.optional(),
  timeZone: ZTimeZone.optional(),
});
export type TCsvExportOptions = z.infer<typeof ZCsvExportOptions>;

/** The media type every CSV export answers with. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * A cell of one of our CSV files as it was before the formula guard: text starting with
 * = + - @ tab or CR is written with a leading apostrophe (so a spreadsheet shows it rather than
 * running it), and an importer of our files takes the apostrophe off again.
 */
export const unguardCsvCell = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);
