import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreateMailTemplateResponse, type TCreateMailTemplateRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { invalidateTemplateLists } from './list-mail-templates';

/** POST /v2/api/settings/mail-templates: a new template, or the store's own version of a built-in one. */
export const createMailTemplate = (body: TCreateMailTemplateRequest) =>
  http('/v2/api/settings/mail-templates', { method: 'POST', body }, ZCreateMailTemplateResponse);

export const useCreateMailTemplate = ({
  mutationConfig,
}: TMutationHookOptions<typeof createMailTemplate> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await invalidateTemplateLists(client);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: createMailTemplate,
  });
};
