import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { i18n } from './i18n';
import { isHttpError } from './http-error';
import { serverFieldText } from './field-issue-text';

/** Toasts load with their module on first use, which keeps them off the sign-in page's bundle. */
let hasShown = false;
const firstShowListeners = new Set<() => void>();
/** Lets the app mount the toast host only once a first toast is asked for. */
export const onFirstToast = (listener: () => void): (() => void) => {
  if (hasShown) listener();
  else firstShowListeners.add(listener);
  return () => firstShowListeners.delete(listener);
};

const show = (options: { color: string; message: string; autoClose?: number }): void => {
  if (!hasShown) {
    hasShown = true;
    firstShowListeners.forEach((l) => l());
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      withBorder: true,
      closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
      ...options,
    }),
  );
};

export const notifySuccess = (message: string): void => show({ color: 'teal', message });

export const notifyFailure = (message: string): void => show({ color: 'red', message, autoClose: 8000 });

/** The translated text of an error: by its code, else a generic one. */
export const errorText = (error: unknown): string => {
  if (!isHttpError(error)) return i18n.t('common:errors.generic');
  if (error.code === 'TOO_MANY_REQUESTS' || error.status === 429) {
    return i18n.t('common:errors.TOO_MANY_REQUESTS', { seconds: error.retryAfter ?? 60 });
  }
  const key = `common:errors.${error.code}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('common:errors.generic');
};

/** One toast for a failed call; a 401 is handled by the HTTP layer and shows none. */
export const notifyError = (error: unknown): void => {
  if (isHttpError(error) && error.status === 401) return;
  notifyFailure(errorText(error));
};

/**
 * Puts the server's field errors on the form's fields, in the user's language by their coded
 * issues (a field without one keeps the server's text); any other error becomes one toast.
 * Returns true when at least one field took an error.
 */
export const applyServerErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean => {
  if (isHttpError(error)) {
    const known = Object.entries(error.fieldErrors).filter(([f]) =>
      (fields as readonly string[]).includes(f),
    );
    known.forEach(([field, message]) =>
      setError(field as Path<T>, {
        type: 'server',
        message: serverFieldText(message, error.fieldIssues[field]),
      }),
    );
    if (known.length > 0) return true;
  }
  notifyError(error);
  return false;
};
