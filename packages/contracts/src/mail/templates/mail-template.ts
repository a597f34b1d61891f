import { z } from 'zod';
import { codedIssue } from '../../field-issues';
import { ZText } from '../../text';
import { ZWorkFlow } from '../../cases/case';
import { ZLanguage } from '../../languages';
import { SEND_TYPES } from '../../settings/mail-template-form-config';
import { parseTemplate } from './placeholders';

/** Who a template's mail goes to: the case's customer, its supplier, or anyone (a forward). */
export const ZMailTemplateSendType = z.enum(SEND_TYPES);
export type TMailTemplateSendType = z.infer<typeof ZMailTemplateSendType>;

export const MAIL_TEMPLATE_SUBJECT_MAX = 300;
/** The body's limit in bytes (UTF-8). */
export const MAIL_TEMPLATE_BODY_MAX_BYTES = 100 * 1024;

/** A template key: a slug such as `claim-received`, the same in every language. */
export const ZMailTemplateKey = ZText.refine((key) => /^[a-z][a-z0-9-]{0,59}$/.test(key), {
  message: 'Lower-case letters, digits and -, at most 60',
  ...codedIssue('not_a_key', { max: 60 }),
});

const withKnownPlaceholders = (schema: z.ZodString) =>
  schema.superRefine((value, ctx) => {
    // One issue per problem, each with its code; the API names the first of a field.
    for (const { code, message, params } of parseTemplate(value).errors)
      ctx.addIssue({ code: 'custom', message, ...codedIssue(code, params) });
  });

/** A subject: plain text with placeholders; an unknown or unclosed placeholder is refused. */
export const ZMailTemplateSubject = withKnownPlaceholders(
  ZText.trim().min(1, 'Required').max(MAIL_TEMPLATE_SUBJECT_MAX),
);
/**
 * A body: simple HTML (paragraphs, breaks, emphasis, lists, links, headings, quotes, tables) with
 * placeholders; an unknown or unclosed placeholder is refused. Other markup (scripts, styles,
 * images, attributes other than a link's address) is dropped when the template is rendered.
 */
export const ZMailTemplateBody = withKnownPlaceholders(
  ZText.min(1, 'Required').refine(
    (body) => new TextEncoder().encode(body).length <= MAIL_TEMPLATE_BODY_MAX_BYTES,
    {
      message: `At most ${String(MAIL_TEMPLATE_BODY_MAX_BYTES / 1024)} kB`,
    },
  ),
);

/**
 * One template as the API shows it: a built-in one (id null, version 0) or the store's own,
 * which overrides the built-in one with the same key and language.
 */
export const ZMailTemplate = z.object({
  /** The store's template id; null for a built-in template. */
  id: z.number().int().nullable(),
  key: ZMailTemplateKey,
  workFlow: ZWorkFlow,
  sendType: ZMailTemplateSendType,
  language: ZLanguage,
  subject: z.string(),
  body: z.string(),
  isBuiltIn: z.boolean(),
  /** A built-in template with this key and language exists: deleting the store's one brings it back. */
  hasBuiltIn: z.boolean(),
  /** A disabled store template hides the built-in one (it is not offered when composing). */
  isDisabled: z.boolean(),
  /** For the optimistic check on PUT; 0 for a built-in template. */
  version: z.number().int().min(0),
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type TMailTemplate = z.infer<typeof ZMailTemplate>;
export const ZMailTemplateList = z.array(ZMailTemplate);
export type TMailTemplateList = z.infer<typeof ZMailTemplateList>;
