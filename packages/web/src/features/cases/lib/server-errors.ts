import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { PURCHASE_DATE_IN_FUTURE, type TFormField } from '@claimdesk/contracts';
import { isHttpError } from '../../../lib/http-error';
import { i18n } from '../../../lib/i18n';
import { notifyError, notifyFailure } from '../../../lib/notify';
import type { TCaseFormValues } from './form-values';

/** Whether a server error key (`customer.name`, `items.0.productName`) names a field the form draws. */
export const isDrawnPath = (path: string, fields: readonly TFormField[]): boolean =>
  fields.some((f) => f.key === path || (f.key === 'items' && path.startsWith('items.')));

const ZOD_LIMITS: [RegExp, (n: string) => string][] = [
  [
    /^Too big: expected string to have <=(\d+) characters$/,
    (n) => i18n.t('cases:validation.maxLength', { count: Number(n) }),
  ],
  [/^Too small: expected number to be >=(-?[\d.]+)$/, (n) => i18n.t('cases:validation.min', { min: n })],
  [/^Too big: expected number to be <=(-?[\d.]+)$/, (n) => i18n.t('cases:validation.max', { max: n })],
];

/**
 * A server field message in the user's language where it is one of the contract's limits
 * (zod's raw English, should the browser's own checks have been bypassed); else as it came.
 */
export const serverFieldText = (message: string): string => {
  if (message === PURCHASE_DATE_IN_FUTURE) return i18n.t('cases:validation.futureDate');
  for (const [pattern, text] of ZOD_LIMITS) {
    const match = pattern.exec(message);
    if (match?.[1] !== undefined) return text(match[1]);
  }
  return message;
};

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
    const entries = Object.entries(error.fieldErrors);
    const drawn = entries.filter(([path]) => isDrawnPath(path, fields));
    drawn.forEach(([path, message], i) =>
      setError(
        path as FieldPath<TCaseFormValues>,
        { type: 'server', message: serverFieldText(message) },
        { shouldFocus: i === 0 },
      ),
    );
    const others = entries.filter(([path]) => !isDrawnPath(path, fields));
    if (others.length > 0) notifyFailure(others.map(([path, message]) => `${path}: ${message}`).join('\n'));
    return 'fields';
  }
  notifyError(error);
  return 'other';
};
