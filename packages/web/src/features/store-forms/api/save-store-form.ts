import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSaveStoreFormResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { STORE_FORMS_BASE, storeFormKey } from './get-store-form';

export interface TSaveStoreFormInput {
  name: string;
  value: unknown;
  /** The version read; null when the store had no document of its own. */
  version: number | null;
}

/** PUT /store-forms/{name} at the version read (409 when someone saved since). */
export const saveStoreForm = ({ name, value, version }: TSaveStoreFormInput) =>
  http(
    `${STORE_FORMS_BASE}/${encodeURIComponent(name)}`,
    { method: 'PUT', body: { value, version } },
    ZSaveStoreFormResponse,
  );

export const useSaveStoreForm = ({ mutationConfig }: TMutationHookOptions<typeof saveStoreForm> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    onSuccess: (...args) => {
      const [saved, input] = args;
      client.setQueryData(storeFormKey(input.name), saved);
      // The screens that read the document (case form, lists, menu, the store's words).
      void client.invalidateQueries({ queryKey: ['json-config', input.name] });
      return onSuccess?.(...args);
    },
    mutationFn: saveStoreForm,
  });
};
