import { ZListSessionsResponse } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_CONTENT } from '../../lib/openapi-answers';
import { requireAuth } from '../../auth-context';
import { listSessions, signOut, signOutEverywhere } from './sessions.service';

/** Sessions on the server: signing out ends one there, not only in the browser's storage. */
export async function sessionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Staff and one-time-code contacts alike end their own sessions.
  const ownSessions = { contacts: true, answers: NO_CONTENT } as const;

  r.post('/v2/api/sign-out', { config: ownSessions }, async (request, reply) => {
    await signOut(app.deps, requireAuth(request));
    return reply.code(204).send();
  });

  r.post('/v2/api/sign-out-everywhere', { config: ownSessions }, async (request, reply) => {
    await signOutEverywhere(app.deps, requireAuth(request));
    return reply.code(204).send();
  });

  r.get(
    '/v2/api/sessions',
    { config: { contacts: true }, schema: { response: { 200: ZListSessionsResponse } } },
    (request) => listSessions(requireAuth(request)),
  );
}
