import { createElement, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { i18n } from './i18n';
import { isHttpError } from './http-error';
import { serverFieldText } from './field-issue-text';
import { retryWait } from './retry-wait';
import { UndoToast } from './undo-toast';

/** Toasts load with their module on first use, which keeps them off the sign-in page's bundle. */
let hasShown = false;
const firstShowListeners = new Set<() => void>();
/** Lets the app mount the toast host only once a first toast is asked for. */
export const onFirstToast = (listener: () => void): (() => void) => {
  if (hasShown) listener();
  else firstShowListeners.add(listener);
  return () => firstShowListeners.delete(listener);
};

/**
 * Shows a toast; the same words in the same colour while the first is still up show once (two
 * queries failing alike, a click repeated), since Mantine keeps one toast per id.
 */
const show = (options: { color: string; message: string; body?: ReactNode; autoClose?: number }): void => {
  if (!hasShown) {
    hasShown = true;
    firstShowListeners.forEach((l) => l());
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      withBorder: true,
      closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
      id: `${options.color}:${options.message}`,
      color: options.color,
      message: options.body ?? options.message,
      ...(options.autoClose !== undefined && { autoClose: options.autoClose }),
    }),
  );
};

export const notifySuccess = (message: string): void => show({ color: 'teal', message });

/**
 * A success that can be taken back from the toast (Archive): its words and an Undo button, up a
 * little longer than other toasts; the undo closes the toast.
 */
export const notifyUndoable = (message: string, onUndo: () => void): void => {
  const id = `teal:${message}`;
  const undo = () => {
    void import('@mantine/notifications').then(({ notifications }) => notifications.hide(id));
    onUndo();
  };
  show({
    color: 'teal',
    message,
    autoClose: 10_000,
    body: createElement(UndoToast, { message, undoLabel: i18n.t('common:actions.undo'), onUndo: undo }),
  });
};

export const notifyFailure = (message: string): void => show({ color: 'red', message, autoClose: 8000 });

/** The translated text of an error: by its code, else a generic one. */
export const errorText = (error: unknown): string => {
  if (!isHttpError(error)) return i18n.t('common:errors.generic');
  if (error.code === 'TOO_MANY_REQUESTS' || error.status === 429) {
    return i18n.t('common:errors.TOO_MANY_REQUESTS', retryWait(error.retryAfter));
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
