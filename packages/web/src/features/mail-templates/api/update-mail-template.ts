import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZUpdateMailTemplateResponse,
  type TMailTemplate,
  type TUpdateMailTemplateRequest,
} from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { invalidateTemplateLists, MAIL_TEMPLATE_LIST_KEY } from './list-mail-templates';

/** PUT /v2/api/settings/mail-templates/{id}: a stale `version` is 409 CONFLICT. */
export const updateMailTemplate = ({ id, body }: { id: number; body: TUpdateMailTemplateRequest }) =>
  http(`/v2/api/settings/mail-templates/${String(id)}`, { method: 'PUT', body }, ZUpdateMailTemplateResponse);

export const useUpdateMailTemplate = ({
  mutationConfig,
}: TMutationHookOptions<typeof updateMailTemplate> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      // The new version at once, so a second save right after this one is not refused as stale.
      const saved = args[0];
      client.setQueryData<TMailTemplate[]>(MAIL_TEMPLATE_LIST_KEY, (list) =>
        list?.map((t) => (t.id === saved.id ? saved : t)),
      );
      await invalidateTemplateLists(client);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: updateMailTemplate,
  });
};
