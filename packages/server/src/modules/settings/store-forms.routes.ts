import {
  ADMIN_ROLES,
  ZSaveStoreFormRequest,
  ZSaveStoreFormResponse,
  ZStoreFormParams,
  ZStoreFormResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { readStoreForm, saveStoreForm } from './store-forms.service';

/**
 * The store's administrators (and super administrators) edit the everyday documents of their own
 * store through forms; the source's initial-properties calls stay for super administrators.
 */
const admins = { roles: ADMIN_ROLES, passwordUsersOnly: true } as const;

export async function storeFormsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/api/settings/store-forms/:name',
    { config: admins, schema: { params: ZStoreFormParams, response: { 200: ZStoreFormResponse } } },
    (request) => readStoreForm(requireAuth(request).db, request.params.name),
  );

  r.put(
    '/v2/api/settings/store-forms/:name',
    {
      config: admins,
      schema: {
        params: ZStoreFormParams,
        body: ZSaveStoreFormRequest,
        response: { 200: ZSaveStoreFormResponse },
      },
    },
    (request) => {
      const auth = requireAuth(request);
      return saveStoreForm(auth.db, auth, request.params.name, request.body);
    },
  );
}
