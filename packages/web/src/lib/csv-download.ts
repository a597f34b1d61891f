// Downloads a CSV export the server writes (text/csv, streamed; server lib/csv) with the session's
// headers, in the UI language's spreadsheet dialect and the browser's time zone, and saves it
// under the name the server gives (Content-Disposition). Shared by the lists' and reports' exports.
import { http } from './http';
import { i18n, isLanguage } from './i18n';
import { browserTimeZone } from './time-zone';

/** Every export's own parameters: the UI language and the browser's time zone. */
export function csvExportParams(): { language?: string; timeZone?: string } {
  const language = i18n.language;
  const timeZone = browserTimeZone();
  return { ...(isLanguage(language) && { language }), ...(timeZone && { timeZone }) };
}

/** A query string of the values set (empty text and undefined left out). */
export function csvQuery(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/** Hands a file to the browser's downloads, under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: the browser starts the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GETs `path` with `params` (plus csvExportParams) and saves the answer as `fallbackName`. Errors
 * (a 400 naming a field, a 403) reject as HttpError, as every other call does.
 */
export async function downloadCsv(
  path: string,
  params: Record<string, string | number | boolean | null | undefined>,
  fallbackName: string,
): Promise<void> {
  const query = csvQuery({ ...params, ...csvExportParams() });
  const blob = await http<Blob>(`${path}?${query}`, { responseType: 'blob' });
  saveFile(blob, fallbackName);
}
