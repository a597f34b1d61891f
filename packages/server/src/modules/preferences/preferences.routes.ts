import {
  type TPreference,
  ZGetUserPreferenceResponse,
  ZUpdateUserPreferenceRequest,
  ZUpdateUserPreferenceResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { requireAuth } from '../../auth-context';
import { findUserByName, mergePreference } from '../users/users.repository';

const path = '/v2/api/users/user-preference';

/** The signed-in user's own preferences; one-time-code users have none. */
export async function preferencesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    path,
    { config: { passwordUsersOnly: true }, schema: { response: { 200: ZGetUserPreferenceResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      const user = await findUserByName(auth.db, auth.username);
      if (!user) throw notFound('User');
      return user.preference as TPreference;
    },
  );

  r.put(
    path,
    {
      config: { passwordUsersOnly: true },
      schema: { body: ZUpdateUserPreferenceRequest, response: { 200: ZUpdateUserPreferenceResponse } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const preference = await mergePreference(auth.db, auth.username, request.body);
      if (!preference) throw notFound('User');
      return preference;
    },
  );
}
