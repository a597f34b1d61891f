// The shared CSV writer of every export (lists and reports): rows in, a byte stream out, written
// as the reader pulls it. Readable.from asks the row source for more only when its buffer has
// room, so a slow client holds the database reads back (backpressure) and a million rows never
// sit in memory at once: at most one chunk of lines and what the source holds (one batch).
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { TLanguage } from '@claimdesk/contracts';
import { csvDialect, csvLine, type CsvCell, type CsvDialect } from './csv-format';

export * from './csv-format';

/** UTF-8's byte-order mark: Excel reads a CSV as UTF-8 only with it (else æ, ø, å break). */
export const BOM = '\uFEFF';
/** Lines are gathered into chunks of about this many characters before they go to the socket. */
const CHUNK_CHARS = 64 * 1024;

export interface CsvOptions {
  language: TLanguage;
  /** IANA time zone of the moments (csvDateTime); UTC when left out. */
  timeZone?: string;
  /** The header row: the columns' names in the reader's language. */
  header: readonly string[];
}

/** The lines of a CSV, BOM and header first, gathered into chunks. */
async function* csvChunks(
  rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>,
  dialect: CsvDialect,
  header: readonly string[],
): AsyncGenerator<string> {
  let chunk = BOM + csvLine(header, dialect);
  for await (const row of rows) {
    chunk += csvLine(row, dialect);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * A CSV of `rows` as a byte stream (UTF-8 with a BOM; separator, dates and numbers by
 * `language`, csv-format.ts). The source is read as the stream is; an error in it destroys the
 * stream, which cuts the download short rather than ending it as if complete.
 */
export function csvStream(
  rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>,
  options: CsvOptions,
): Readable {
  const dialect = csvDialect(options.language, options.timeZone);
  return Readable.from(csvChunks(rows, dialect, options.header), { objectMode: false, encoding: 'utf8' });
}

/** A file name for Content-Disposition: letters, digits, dot, dash and underscore only. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120) || 'export.csv';

/** Sets the headers of a CSV download named `filename` (`.csv` is added when missing). */
export function csvHeaders(reply: FastifyReply, filename: string): FastifyReply {
  const name = safeName(filename.endsWith('.csv') ? filename : `${filename}.csv`);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
}

/** Sends `rows` as a CSV download: csvHeaders, then csvStream. */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>,
  options: CsvOptions,
): FastifyReply {
  return csvHeaders(reply, filename).send(csvStream(rows, options));
}
