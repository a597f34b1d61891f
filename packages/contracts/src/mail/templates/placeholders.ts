/**
 * The placeholders a mail template may hold, written `{{case.number}}` (spaces inside the braces
 * allowed). Shared by the server (validation on save, rendering) and the web (the editor's list).
 */
export const MAIL_TEMPLATE_PLACEHOLDERS = [
  'case.number',
  'case.status',
  'customer.name',
  'customer.email',
  'store.name',
  'supplier.name',
  'order.reference',
  /** The case's items, one per line: product name, SKU, quantity. */
  'items',
  /** The signed-in staff member's full name. */
  'user.name',
] as const;
export type TMailTemplatePlaceholder = (typeof MAIL_TEMPLATE_PLACEHOLDERS)[number];

export const isMailTemplatePlaceholder = (name: string): name is TMailTemplatePlaceholder =>
  (MAIL_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);

/** A template split into literal text and placeholders, in order. */
export type TTemplatePart =
  { kind: 'text'; text: string } | { kind: 'placeholder'; name: TMailTemplatePlaceholder };

export interface ParsedTemplate {
  parts: TTemplatePart[];
  /** One message per unknown or unclosed placeholder; empty when the template is valid. */
  errors: string[];
}

const OPEN = '{{';
const CLOSE = '}}';

/**
 * Splits a template into text and placeholders. Anything between `{{` and the next `}}` must be
 * a known placeholder; a `{{` with no `}}` after it is an error too, so a typo never reaches a
 * customer as raw braces.
 */
export function parseTemplate(source: string): ParsedTemplate {
  const parts: TTemplatePart[] = [];
  const errors: string[] = [];
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf(OPEN, at);
    if (open < 0) break;
    if (open > at) parts.push({ kind: 'text', text: source.slice(at, open) });
    const close = source.indexOf(CLOSE, open + OPEN.length);
    if (close < 0) {
      errors.push(`Unclosed placeholder "${source.slice(open, open + 30)}"`);
      parts.push({ kind: 'text', text: source.slice(open) });
      at = source.length;
      break;
    }
    const name = source.slice(open + OPEN.length, close).trim();
    if (isMailTemplatePlaceholder(name)) parts.push({ kind: 'placeholder', name });
    else {
      errors.push(`Unknown placeholder {{${name.slice(0, 40)}}}`);
      parts.push({ kind: 'text', text: source.slice(open, close + CLOSE.length) });
    }
    at = close + CLOSE.length;
  }
  if (at < source.length) parts.push({ kind: 'text', text: source.slice(at) });
  return { parts, errors };
}
