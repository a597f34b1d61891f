import { z } from 'zod';
import { ZMailTemplate, ZMailTemplateBody, ZMailTemplateSubject } from './mail-template';

/** The path of PUT and DELETE /v2/api/settings/mail-templates/{id}. */
export const ZMailTemplateIdParams = z.object({ id: z.coerce.number().int().positive() });
export type TMailTemplateIdParams = z.infer<typeof ZMailTemplateIdParams>;

/**
 * PUT /v2/api/settings/mail-templates/{id}: changes the subject, body or disabled flag (key,
 * workflow, send type and language stay). `version` must be the stored one, or 409 CONFLICT.
 */
export const ZUpdateMailTemplateRequest = z.object({
  subject: ZMailTemplateSubject.optional(),
  body: ZMailTemplateBody.optional(),
  isDisabled: z.boolean().optional(),
  version: z.number().int().min(1),
});
export type TUpdateMailTemplateRequest = z.infer<typeof ZUpdateMailTemplateRequest>;
export const ZUpdateMailTemplateResponse = ZMailTemplate;
