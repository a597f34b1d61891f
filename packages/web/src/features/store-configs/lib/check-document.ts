import { validateConfigValue } from '@claimdesk/contracts';
import { formatWithPathLines, lineOf } from './json-lines';

/** One place where a document does not fit: its path inside the document, and its line when known. */
export interface TProblem {
  path: string;
  message: string;
  line: number | null;
}

export type TDocumentCheck =
  | { kind: 'syntax'; message: string }
  | { kind: 'schema'; problems: TProblem[] }
  | { kind: 'ok'; value: unknown; formatted: string };

/** Server paths name the request body (`value.groups.0`); the editor shows paths inside the document. */
export const documentPath = (path: string): string => path.replace(/^value(\.|$)/, '');

/**
 * Problems from fieldErrors, placed on lines of `text` when it is the formatted document, in the
 * order of their lines (the schema reports them in its own order); those without a line last.
 */
export function problemsOf(fieldErrors: Record<string, string>, parsed: unknown, text: string): TProblem[] {
  const { text: formatted, lines } = formatWithPathLines(parsed);
  const hasLines = formatted === text;
  return Object.entries(fieldErrors)
    .map(([path, message]) => {
      const inside = documentPath(path);
      return { path: inside, message, line: hasLines ? lineOf(lines, inside) : null };
    })
    .sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
}

/** Parses the editor's text and checks it against the document's schema, as the server will. */
export function checkDocument(name: string, text: string): TDocumentCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { kind: 'syntax', message: error instanceof Error ? error.message : String(error) };
  }
  const result = validateConfigValue(name, parsed);
  if (!result.isValid) return { kind: 'schema', problems: problemsOf(result.fieldErrors, parsed, text) };
  return { kind: 'ok', value: parsed, formatted: formatWithPathLines(parsed).text };
}
