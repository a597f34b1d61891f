import { z } from 'zod';
import { MAIL_TEMPLATE_SUBJECT_MAX, ZCreateMailTemplateRequest, ZText } from '@claimdesk/contracts';

/**
 * The editor's form: the create request, except that subject and body are not checked for
 * placeholders here. The server checks them (as the person types, for the preview, and on save),
 * so the message on the field is always the server's.
 */
export const ZTemplateForm = ZCreateMailTemplateRequest.extend({
  subject: ZText.trim().min(1, 'Required').max(MAIL_TEMPLATE_SUBJECT_MAX),
  body: ZText.refine((value) => value.trim().length > 0, 'Required'),
  isDisabled: z.boolean(),
});
