import {
  ZListMailsParams,
  ZListMailsQuery,
  ZListMailsResponse,
  ZMailSuggestionsQuery,
  ZMailSuggestionsResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../../auth-context';
import { staffOnly } from '../../../cases/case-access';
import { listInboxMails } from './inbox.repository';
import { suggestionsFor } from './suggestions.repository';

/** The inbox and the triage of unmapped mails (issue 21). Staff only. */
export async function triageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/api/messages/:messageSource',
    {
      config: staffOnly,
      schema: {
        params: ZListMailsParams,
        querystring: ZListMailsQuery,
        response: { 200: ZListMailsResponse },
      },
    },
    (request) => {
      const auth = requireAuth(request);
      return listInboxMails(auth.db, request.query, auth.username);
    },
  );

  r.get(
    '/v2/api/unmapped-mails/suggestions',
    {
      config: staffOnly,
      schema: { querystring: ZMailSuggestionsQuery, response: { 200: ZMailSuggestionsResponse } },
    },
    (request) => suggestionsFor(requireAuth(request).db, request.query.ids),
  );
}
