import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { invalidateTemplateLists } from './list-mail-templates';

/** DELETE /v2/api/settings/mail-templates/{id}: the built-in template of that key and language, if any, is offered again. */
export const deleteMailTemplate = (id: number) =>
  http(`/v2/api/settings/mail-templates/${String(id)}`, { method: 'DELETE', responseType: 'none' });

export const useDeleteMailTemplate = ({
  mutationConfig,
}: TMutationHookOptions<typeof deleteMailTemplate> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await invalidateTemplateLists(client);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: deleteMailTemplate,
  });
};
