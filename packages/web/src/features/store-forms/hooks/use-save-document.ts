import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStoreFormResponse } from '@claimdesk/contracts';
import { isHttpError } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveStoreForm } from '../api/save-store-form';
import { hasChanges, withWords, type TWordChanges } from '../lib/store-words';
import type { TWordsContext } from './use-words';

/** Why a save did not go through, as the form shows it. */
export type TSaveProblem =
  | { kind: 'conflict' }
  /** Messages by path inside the document (`groups.0.fields.1.options`). */
  | { kind: 'invalid'; fieldErrors: Record<string, string> };

const VALUE_PREFIX = 'value.';

/**
 * Saves a document, first the store's words it uses (the translations document) when they
 * changed, each at the version read. A refusal becomes a problem to show: a conflict, or
 * messages on the fields.
 */
export const useSaveDocument = (name: string, words: TWordsContext) => {
  const { t } = useTranslation('settings');
  const save = useSaveStoreForm({ mutationConfig: { meta: { handlesErrors: true } } });
  const [problem, setProblem] = useState<TSaveProblem | null>(null);

  const submit = async (
    value: unknown,
    version: number | null,
    changes: TWordChanges,
  ): Promise<TStoreFormResponse | null> => {
    setProblem(null);
    try {
      if (hasChanges(changes)) {
        await save.mutateAsync({
          name: 'translations',
          value: withWords(words.translations ?? {}, changes),
          version: words.translationsVersion,
        });
      }
      const saved = await save.mutateAsync({ name, value, version });
      notifySuccess(t('storeForms.saved'));
      return saved;
    } catch (error) {
      if (isHttpError(error) && error.status === 409) setProblem({ kind: 'conflict' });
      else if (isHttpError(error) && error.status === 400 && Object.keys(error.fieldErrors).length > 0)
        setProblem({
          kind: 'invalid',
          fieldErrors: Object.fromEntries(
            Object.entries(error.fieldErrors).map(([path, message]) => [
              path.startsWith(VALUE_PREFIX) ? path.slice(VALUE_PREFIX.length) : path,
              message,
            ]),
          ),
        });
      else notifyError(error);
      return null;
    }
  };

  return { submit, problem, setProblem, isPending: save.isPending };
};
