import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

/** A CSV the browser saved: its name, whether it starts with a UTF-8 BOM, and its rows as records. */
export interface TSavedCsv {
  fileName: string;
  hasBom: boolean;
  header: string[];
  records: Record<string, string>[];
}

/** The rows of a CSV per RFC 4180 (quoted fields may hold separators, quotes and line breaks). */
export function parseCsv(text: string, separator: ',' | ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (isQuoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') isQuoted = false;
      else cell += c;
    } else if (c === '"') isQuoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Clicks an export button, waits for the browser's download and reads the saved file. */
export async function downloadCsv(page: Page, button: Locator, separator: ',' | ';'): Promise<TSavedCsv> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
  const bytes = await readFile(await download.path());
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const [header = [], ...lines] = parseCsv(bytes.subarray(hasBom ? 3 : 0).toString('utf8'), separator);
  return {
    fileName: download.suggestedFilename(),
    hasBom,
    header,
    records: lines.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']))),
  };
}
