import { z } from 'zod';
import { ZId } from '../../common';
import { ZLanguage } from '../../languages';
import { ZMailTemplateBody, ZMailTemplateSubject } from './mail-template';

/**
 * POST /v2/api/settings/mail-templates/preview: renders a subject and body against a case (or
 * none: the case and customer placeholders stay empty) without saving. Another store's case
 * is 404.
 */
export const ZPreviewMailTemplateRequest = z.object({
  subject: ZMailTemplateSubject,
  body: ZMailTemplateBody,
  caseId: ZId.nullable(),
  /** The language of the item and status wording; the store's language when left out. */
  language: ZLanguage.optional(),
});
export type TPreviewMailTemplateRequest = z.infer<typeof ZPreviewMailTemplateRequest>;

/** A rendered template: the subject as text, the body as sanitised HTML and as plain text. */
export const ZRenderedMailTemplate = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type TRenderedMailTemplate = z.infer<typeof ZRenderedMailTemplate>;
export const ZPreviewMailTemplateResponse = ZRenderedMailTemplate;
