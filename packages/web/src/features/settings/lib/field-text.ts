import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { codedResolver } from '../../../lib/coded-resolver';
import { i18n } from '../../../lib/i18n';

/**
 * The mailbox forms' own words for a value of the wrong shape (a pattern the contract checks),
 * by field: a host name, a confirmation code. Other problems read as every form's coded texts.
 */
const SHAPE_HINTS: Record<string, string> = {
  imapHost: 'form.hostHint',
  smtpHost: 'form.hostHint',
  code: 'form.codeLetters',
};

/**
 * A contract schema as a mailbox form's resolver: codedResolver's translated texts (no English
 * of zod or the contracts), with this screen's hint where a field's value has the wrong shape.
 */
export const mailboxResolver =
  <T extends FieldValues>(schema: z.ZodType): Resolver<T> =>
  async (values, context, options) => {
    const result = await codedResolver<T>(schema)(values, context, options);
    for (const [field, error] of Object.entries(result.errors)) {
      const hint = SHAPE_HINTS[field];
      if (hint && error && typeof error === 'object' && 'type' in error && error.type === 'invalid_format')
        (error as { message?: string }).message = i18n.t(`mailConfig:${hint}`);
    }
    return result;
  };
