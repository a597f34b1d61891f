// Suppliers from CSV: one row per supplier in the columns the server's export writes
// (SUPPLIER_CSV_COLUMNS, a header row first); lists inside a cell (compensation modes, evidence,
// contact persons) are separated by "|", a contact person written "Name <email>". The export
// writes ";" in nr, da and de and "," in en, as Excel does by locale: the parser takes the
// header's separator, drops the byte-order mark and the export's formula guard (unguardCsvCell).
import {
  unguardCsvCell,
  ZCreateSupplierRequest,
  type TCreateSupplierRequest,
  type TSupplierCsvColumn,
} from '@claimdesk/contracts';

/** The cells of each line; quoted cells may hold separators, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (isQuoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') isQuoted = false;
      else cell += c;
    } else if (c === '"') isQuoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.filter((r) => r.some((v) => v.trim() !== ''));
}

export type TCsvRow =
  | { line: number; name: string; body: TCreateSupplierRequest; problems: null }
  | { line: number; name: string; body: null; problems: Record<string, string> };

const list = (cell: string | undefined) =>
  (cell ?? '')
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean);

/** "Name <email>", or an email alone (its part before @ as the name). */
const person = (text: string) => {
  const match = /^(.*?)\s*<([^>]+)>$/.exec(text);
  const email = (match?.[2] ?? text).trim();
  return { fullName: match?.[1]?.trim() || email.split('@')[0] || email, email };
};

/** The rows of a CSV as create requests, each checked with the contract; a row that fails says where. */
export function csvToSuppliers(text: string): TCsvRow[] | { error: 'header'; missing: string[] } {
  const [header = [], ...lines] = parseCsv(text.replace(/^\uFEFF/, ''));
  const at = new Map(header.map((h, i) => [h.trim(), i]));
  if (!at.has('name')) return { error: 'header', missing: ['name'] };
  return lines.map((cells, i) => {
    const cell = (column: TSupplierCsvColumn) => {
      const index = at.get(column);
      return index === undefined ? undefined : unguardCsvCell((cells[index] ?? '').trim());
    };
    const days = cell('answerDays');
    const candidate = {
      name: cell('name') ?? '',
      organisationNumber: cell('organisationNumber') || null,
      email: cell('email') || null,
      phone: cell('phone') || null,
      address: cell('address') || null,
      claimAddress: cell('claimAddress') || null,
      compensationModes: list(cell('compensationModes')),
      requiredEvidence: list(cell('requiredEvidence')),
      answerDays: days ? Number(days) : null,
      contactPersons: list(cell('contactPersons')).map(person),
    };
    const parsed = ZCreateSupplierRequest.safeParse(candidate);
    const line = i + 2;
    if (parsed.success)
      return { line, name: candidate.name, body: candidate as TCreateSupplierRequest, problems: null };
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues) problems[issue.path.join('.') || 'row'] ??= issue.message;
    return { line, name: candidate.name, body: null, problems };
  });
}
