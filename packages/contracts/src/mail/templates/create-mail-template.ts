import { z } from 'zod';
import { ZWorkFlow } from '../../cases/case';
import { ZLanguage } from '../../languages';
import {
  ZMailTemplate,
  ZMailTemplateBody,
  ZMailTemplateKey,
  ZMailTemplateSendType,
  ZMailTemplateSubject,
} from './mail-template';

/**
 * POST /v2/api/settings/mail-templates: a store template. With the key of a built-in template
 * it overrides that one in the given language (workFlow and sendType must then match it).
 * 201 with the template; the same key and language twice is 409 CONFLICT; a workflow the
 * store does not offer is 400 on `workFlow`.
 */
export const ZCreateMailTemplateRequest = z.object({
  key: ZMailTemplateKey,
  workFlow: ZWorkFlow,
  sendType: ZMailTemplateSendType,
  language: ZLanguage,
  subject: ZMailTemplateSubject,
  body: ZMailTemplateBody,
  isDisabled: z.boolean().optional(),
});
export type TCreateMailTemplateRequest = z.infer<typeof ZCreateMailTemplateRequest>;
export const ZCreateMailTemplateResponse = ZMailTemplate;
