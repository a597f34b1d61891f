import type { FieldPath, UseFormSetError } from 'react-hook-form';
import type { TFieldIssue, TFormField } from '@claimdesk/contracts';
import { isHttpError } from '../../../lib/http-error';
import { notifyError, notifyFailure } from '../../../lib/notify';
import { caseIssueText } from './case-issue-text';
import type { TCaseFormValues } from './form-values';

/**
 * Whether a server error key (`customer.name`, `items.0.productName`) names a field the form
 * draws; `supplierId` is the supplier field's (its picker holds the id).
 */
export const isDrawnPath = (path: string, fields: readonly TFormField[]): boolean =>
  fields.some(
    (f) =>
      f.key === path ||
      (f.key === 'items' && path.startsWith('items.')) ||
      (f.key === 'supplierName' && path === 'supplierId'),
  );

/**
 * A server field error in the user's language: its coded issue translated (with the form field
 * it names, so that a money limit reads as an amount); a field without a code keeps the text.
 */
export const serverFieldText = (message: string, issue?: TFieldIssue, field?: TFormField): string =>
  issue ? caseIssueText(issue, field) : message;

/**
 * A failed save: 409 is a conflict the screen explains itself; field errors go onto the
 * fields they name (those of fields not drawn into one toast); anything else is one toast.
 */
export const applyCaseErrors = (
  error: unknown,
  setError: UseFormSetError<TCaseFormValues>,
  fields: readonly TFormField[],
): 'conflict' | 'fields' | 'other' => {
  if (isHttpError(error) && error.status === 409) return 'conflict';
  if (isHttpError(error) && Object.keys(error.fieldErrors).length > 0) {
    const text = (path: string, message: string) =>
      serverFieldText(
        message,
        error.fieldIssues[path],
        fields.find((f) => f.key === path),
      );
    const entries = Object.entries(error.fieldErrors);
    const drawn = entries.filter(([path]) => isDrawnPath(path, fields));
    drawn.forEach(([path, message], i) =>
      setError(
        path as FieldPath<TCaseFormValues>,
        { type: 'server', message: text(path, message) },
        { shouldFocus: i === 0 },
      ),
    );
    const others = entries.filter(([path]) => !isDrawnPath(path, fields));
    if (others.length > 0)
      notifyFailure(others.map(([path, message]) => `${path}: ${text(path, message)}`).join('\n'));
    return 'fields';
  }
  notifyError(error);
  return 'other';
};
