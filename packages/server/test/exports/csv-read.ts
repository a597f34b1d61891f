/** Reads a CSV answer as a spreadsheet would: BOM checked and dropped, fields unquoted per RFC 4180. */
export function readCsv(body: string | Buffer, separator: ',' | ';'): { hasBom: boolean; rows: string[][] } {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const hasBom = text.startsWith('\uFEFF');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = hasBom ? 1 : 0; i < text.length; i += 1) {
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
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return { hasBom, rows };
}

/** A CSV's rows as objects keyed by the header's names. */
export function csvRecords(rows: string[][]): Record<string, string>[] {
  const [header = [], ...lines] = rows;
  return lines.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}
