import { z } from 'zod';
import { ZIdText, ZVersion } from '../../common';
import { ZMailTemplate, ZMailTemplateBody, ZMailTemplateSubject } from './mail-template';

/** The path of PUT and DELETE /v2/api/settings/mail-templates/{id}. */
export const ZMailTemplateIdParams = z.object({ id: ZIdText });
export type TMailTemplateIdParams = z.infer<typeof ZMailTemplateIdParams>;

/**
 * PUT /v2/api/settings/mail-templates/{id}: changes the subject, body or disabled flag (key,
 * workflow, send type and language stay). `version` must be the stored one, or 409 CONFLICT.
 */
export const ZUpdateMailTemplateRequest = z.object({
  subject: ZMailTemplateSubject.optional(),
  body: ZMailTemplateBody.optional(),
  isDisabled: z.boolean().optional(),
  version: ZVersion,
});
export type TUpdateMailTemplateRequest = z.infer<typeof ZUpdateMailTemplateRequest>;
export const ZUpdateMailTemplateResponse = ZMailTemplate;
