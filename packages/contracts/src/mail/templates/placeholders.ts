import { fieldProblem, type TFieldProblem } from '../../field-issues';

/**
 * The placeholders a mail template may hold, written `{{case.number}}` (spaces inside the braces
 * allowed), or with a fallback for a case without the value: `{{supplier.name|your supplier}}`.
 * A placeholder without a value and without a fallback stays in the text as written, so that the
 * compose names it and refuses to send until a person writes the value in. Shared by the server (validation on save, rendering) and the web (the editor's list).
 */
export const MAIL_TEMPLATE_PLACEHOLDERS = [
  'case.number',
  'case.status',
  'customer.name',
  'customer.email',
  'store.name',
  'supplier.name',
  'order.reference',
  /** The customer's order number (the case's order reference; from the shop when taken from it). */
  'order.number',
  /** The day the order was placed (the case's purchase date), in the template's language. */
  'order.date',
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
  | { kind: 'text'; text: string }
  | { kind: 'placeholder'; name: TMailTemplatePlaceholder; fallback: string | null; source: string };

/** The longest fallback text of a placeholder. */
export const PLACEHOLDER_FALLBACK_MAX = 200;

/** `{{name}}` or `{{name|fallback}}` left in a text: what the compose refuses to send. */
export const LEFT_PLACEHOLDER = /\{\{\s*([a-z]+(?:\.[a-zA-Z]+)?)\s*(?:\|[^{}]*)?\}\}/g;

/** The known placeholders still written out in a text (a value a person must fill in). */
export const leftPlaceholders = (text: string): TMailTemplatePlaceholder[] => [
  ...new Set([...text.matchAll(LEFT_PLACEHOLDER)].map((m) => m[1] ?? '').filter(isMailTemplatePlaceholder)),
];

export interface ParsedTemplate {
  parts: TTemplatePart[];
  /**
   * One coded problem per unknown or unclosed placeholder or too long fallback (the English text
   * beside the code); empty when the template is valid.
   */
  errors: TFieldProblem[];
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
  const errors: TFieldProblem[] = [];
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf(OPEN, at);
    if (open < 0) break;
    if (open > at) parts.push({ kind: 'text', text: source.slice(at, open) });
    const close = source.indexOf(CLOSE, open + OPEN.length);
    if (close < 0) {
      const text = source.slice(open, open + 30);
      errors.push(fieldProblem('unclosed_placeholder', `Unclosed placeholder "${text}"`, { text }));
      parts.push({ kind: 'text', text: source.slice(open) });
      at = source.length;
      break;
    }
    const inside = source.slice(open + OPEN.length, close);
    const bar = inside.indexOf('|');
    const name = (bar < 0 ? inside : inside.slice(0, bar)).trim();
    const fallback = bar < 0 ? null : inside.slice(bar + 1).trim();
    if (fallback !== null && fallback.length > PLACEHOLDER_FALLBACK_MAX) {
      const written = `{{${name.slice(0, 40)}}}`;
      const max = PLACEHOLDER_FALLBACK_MAX;
      errors.push(
        fieldProblem(
          'fallback_too_long',
          `The fallback of ${written} is longer than ${String(max)} characters`,
          {
            name: written,
            max,
          },
        ),
      );
      parts.push({ kind: 'text', text: source.slice(open, close + CLOSE.length) });
    } else if (isMailTemplatePlaceholder(name))
      parts.push({ kind: 'placeholder', name, fallback, source: source.slice(open, close + CLOSE.length) });
    else {
      const written = `{{${name.slice(0, 40)}}}`;
      errors.push(fieldProblem('unknown_placeholder', `Unknown placeholder ${written}`, { name: written }));
      parts.push({ kind: 'text', text: source.slice(open, close + CLOSE.length) });
    }
    at = close + CLOSE.length;
  }
  if (at < source.length) parts.push({ kind: 'text', text: source.slice(at) });
  return { parts, errors };
}
