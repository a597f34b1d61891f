import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodFieldIssue } from '@claimdesk/contracts';
import { fieldIssueText } from './field-issue-text';

/**
 * react-hook-form's resolver for a contract schema (habit 3), whose field messages are the
 * translated texts of the issues' codes: the codes the server answers for the same schema, so a
 * value refused before sending and after reads the same, and no text is zod's or the contracts'
 * English. The first issue of a field is shown, as the server names the first.
 */
export const codedResolver =
  <T extends FieldValues>(schema: z.ZodType): Resolver<T> =>
  async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data as T, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= { type: issue.code, message: fieldIssueText(zodFieldIssue(issue)) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
