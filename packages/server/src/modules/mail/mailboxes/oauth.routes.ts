import {
  ZMailbox,
  ZOAuthAuthorizeUrlResponse,
  ZOAuthExchangeQuery,
  ZOAuthExchangeRequest,
  ZOAuthProvider,
  ZOAuthProviderParams,
  ZOAuthProvidersResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, forbidden } from '../../../lib/app-error';
import { requireAuth } from '../../../auth-context';
import { mailboxAdmins } from '../accounts/mailbox-access';
import { authorizeUrl, exchangeCode } from './oauth-exchange.service';
import { providerSettings } from '../accounts/oauth-providers';
import { readState } from './oauth-state';
import { mailboxViewer } from './mailbox-view';

/** The OAuth2 sign-in of Google and Microsoft 365 mailboxes (source: POST external-auth/{provider}). */
export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/external-auth/:provider';

  // Which sign-ins can work here: a provider without a client id is not offered at all.
  r.get(
    '/v2/api/external-auth/providers',
    { config: mailboxAdmins, schema: { response: { 200: ZOAuthProvidersResponse } } },
    () => ({
      providers: ZOAuthProvider.options.filter(
        (provider) => providerSettings(app.deps.config, provider).clientId !== undefined,
      ),
    }),
  );

  r.get(
    `${base}/authorize-url`,
    {
      config: mailboxAdmins,
      schema: { params: ZOAuthProviderParams, response: { 200: ZOAuthAuthorizeUrlResponse } },
    },
    (request) =>
      authorizeUrl(app.deps.config, app.deps.hashKey, requireAuth(request).tenantId, request.params.provider),
  );

  r.post(
    base,
    {
      config: mailboxAdmins,
      schema: {
        params: ZOAuthProviderParams,
        querystring: ZOAuthExchangeQuery,
        body: ZOAuthExchangeRequest,
        response: { 200: ZMailbox },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { tenantId } = auth;
      const { provider } = request.params;
      const { storeName, state } = request.query;
      if (storeName !== undefined && storeName !== tenantId) {
        throw forbidden('storeName names another store than the one signed in');
      }
      if (state !== undefined) {
        const claims = readState(app.deps.hashKey, state);
        if (claims?.tenantId !== tenantId || claims.provider !== provider) {
          throw new AppError('VALIDATION_FAILED', 'The sign-in state is not valid for this store', {
            state: 'Start the sign-in again',
          });
        }
      }
      const mailbox = await exchangeCode(app.deps, auth, provider, request.body.token);
      return mailboxViewer(app.deps, request.hostname)(mailbox);
    },
  );
}
