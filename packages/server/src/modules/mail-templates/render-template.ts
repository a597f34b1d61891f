import { LANGUAGES, parseTemplate, type TLanguage, type TTemplatePart } from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { loadRenderContext, type RenderContext } from './render-context';
import { escapeHtml, htmlToText, sanitiseTemplateHtml } from './template-html';
import { findTemplateSource } from './template-source';
import { dateLabel, itemLine, statusLabel } from './value-labels';

export interface RenderedTemplate {
  key: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Renders a store's template for a compose call. The template is the store's own (when enabled)
 * or the built-in one, in the asked language, else the store's language, else English, else any
 * language it exists in. Another store's or a deleted case is a 404 AppError.
 *
 * @returns null when the store has no such template (built-in or its own) in that language or in any.
 */
export async function renderMailTemplate(
  db: TenantDb,
  query: { templateKey: string; language: TLanguage; caseId: number | null; userName: string },
): Promise<RenderedTemplate | null> {
  const context = await loadRenderContext(db, query.caseId, query.userName);
  const order = [...new Set<TLanguage>([query.language, context.storeLanguage, 'en', ...LANGUAGES])];
  const source = await findTemplateSource(db, query.templateKey, order);
  if (!source) return null;
  return { key: query.templateKey, ...renderSource(context, source, source.language) };
}

/** Renders a subject and body (already validated) against a loaded context. */
export function renderSource(
  context: RenderContext,
  source: { subject: string; body: string },
  language: TLanguage,
): { subject: string; html: string; text: string } {
  const found = (part: Extract<TTemplatePart, { kind: 'placeholder' }>): string[] => {
    if (part.name === 'items') return context.items.map((item) => itemLine(item, language));
    if (part.name === 'case.status') return context.status ? [statusLabel(context.status, language)] : [];
    if (part.name === 'order.date') return context.orderDate ? [dateLabel(context.orderDate, language)] : [];
    const text = context.values[part.name];
    return text?.trim() ? [text] : [];
  };
  // No value: the fallback, else the placeholder as written, for a person to fill in.
  const value = (part: Extract<TTemplatePart, { kind: 'placeholder' }>): string[] => {
    const values = found(part);
    if (values.length > 0) return values;
    return [part.fallback ?? part.source];
  };
  // The subject is a header: plain text on one line, so values are not escaped but flattened.
  const subject = parseTemplate(source.subject)
    .parts.map((part) => (part.kind === 'text' ? part.text : value(part).join(', ')))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  // Every value is escaped before the body is sanitised: a customer named <script> stays text.
  const html = sanitiseTemplateHtml(
    parseTemplate(source.body)
      .parts.map((part) => (part.kind === 'text' ? part.text : value(part).map(escapeHtml).join('<br>')))
      .join(''),
  );
  return { subject, html, text: htmlToText(html) };
}
