import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ZListMailTemplatesResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const MAIL_TEMPLATES_KEY = ['mail-templates'] as const;
export const MAIL_TEMPLATE_LIST_KEY = [...MAIL_TEMPLATES_KEY, 'list'] as const;
/** The compose's templates of a workflow (features/mail), so a change here is offered there at once. */
export const WORKFLOW_TEMPLATES_KEY = [...MAIL_TEMPLATES_KEY, 'workflow'] as const;

/** What a saved or deleted template changes: this list and the compose's lists; not the previews. */
export const invalidateTemplateLists = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: MAIL_TEMPLATE_LIST_KEY }),
    client.invalidateQueries({ queryKey: WORKFLOW_TEMPLATES_KEY }),
  ]);

/**
 * GET /v2/api/settings/mail-templates: every template of the store, built-in ones and its own
 * (disabled too). A few dozen at most, so the screen loads them once and filters them itself.
 */
export const listMailTemplates = (signal?: AbortSignal) =>
  http('/v2/api/settings/mail-templates', { signal }, ZListMailTemplatesResponse);

export const mailTemplatesQuery = (enabled = true) =>
  queryOptions({
    queryKey: MAIL_TEMPLATE_LIST_KEY,
    queryFn: ({ signal }) => listMailTemplates(signal),
    enabled,
    // The screen says itself that the list could not be loaded, with a retry.
    meta: { silent: true },
  });

export const useMailTemplates = (enabled = true) => useQuery(mailTemplatesQuery(enabled));
