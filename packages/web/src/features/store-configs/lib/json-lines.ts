/**
 * Formats a JSON value as JSON.stringify(value, null, 2) does, and tells on which line (from 1)
 * each path (`groups.0.fields.1.type`) starts, so that a schema error can point at its line.
 */
export function formatWithPathLines(value: unknown): { text: string; lines: Map<string, number> } {
  const out: string[] = [];
  const lines = new Map<string, number>();

  const write = (v: unknown, path: string[], indent: string, prefix: string, suffix: string): void => {
    lines.set(path.join('.'), out.length + 1);
    const inner = `${indent}  `;
    if (Array.isArray(v) && v.length > 0) {
      out.push(`${indent}${prefix}[`);
      v.forEach((item, i) => write(item, [...path, String(i)], inner, '', i < v.length - 1 ? ',' : ''));
      out.push(`${indent}]${suffix}`);
    } else if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0) {
      const entries = Object.entries(v).filter(([, item]) => item !== undefined);
      out.push(`${indent}${prefix}{`);
      entries.forEach(([key, item], i) =>
        write(item, [...path, key], inner, `${JSON.stringify(key)}: `, i < entries.length - 1 ? ',' : ''),
      );
      out.push(`${indent}}${suffix}`);
    } else {
      out.push(`${indent}${prefix}${JSON.stringify(v) ?? 'null'}${suffix}`);
    }
  };

  write(value, [], '', '', '');
  return { text: out.join('\n'), lines };
}

/** The line of a path, or of its nearest parent that has one. */
export function lineOf(lines: Map<string, number>, path: string): number | null {
  const parts = path.split('.').filter(Boolean);
  for (let n = parts.length; n >= 0; n -= 1) {
    const line = lines.get(parts.slice(0, n).join('.'));
    if (line !== undefined) return line;
  }
  return null;
}
