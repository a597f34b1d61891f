import type { UseFormSetError, FieldValues, Path } from 'react-hook-form';
import { serverFieldText } from '../../../lib/field-issue-text';
import { intlLocale } from '../../../lib/i18n';
import { isHttpError } from '../../../lib/http-error';
import { notifyError } from '../../../lib/notify';

/** Minor units as money in the UI language: 12345, NOK → "kr 123,45" in Norwegian. */
export const formatMinor = (minor: number, currency: string, language: string): string =>
  new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).format(minor / 100);

/** The decimal separator the UI language types (a comma in nr, da and de), for NumberInput. */
export const decimalSeparatorOf = (language: string): string =>
  new Intl.NumberFormat(intlLocale(language)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ??
  '.';

/** An amount typed in major units (123.45) as whole minor units; the input allows 2 decimals. */
export const toMinor = (major: number): number => Math.round(major * 100);

/**
 * The server's field errors onto the form's fields; `rename` maps an API field to the form's
 * (amountMinor → amount). Answers whether any field took one; anything else is one toast.
 */
export function applyCostErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rename: Record<string, Path<T>> = {},
): boolean {
  if (isHttpError(error)) {
    const known = Object.entries(error.fieldErrors)
      .map(([field, message]) => [rename[field] ?? field, field, message] as const)
      .filter(([path]) => (fields as readonly string[]).includes(path));
    known.forEach(([path, field, message], i) =>
      setError(
        path as Path<T>,
        {
          type: 'server',
          // 'invalid' says no more than "not valid": the server's text says why (a missing rate).
          message:
            error.fieldIssues[field]?.code === 'invalid'
              ? message
              : serverFieldText(message, error.fieldIssues[field]),
        },
        { shouldFocus: i === 0 },
      ),
    );
    if (known.length > 0) return true;
  }
  notifyError(error);
  return false;
}
