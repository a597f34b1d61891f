import type { FastifyInstance } from 'fastify';

/** A store's mailboxes, their setup status and the OAuth sign-in of Google and Microsoft mailboxes. */
export async function mailboxesRoutes(_app: FastifyInstance): Promise<void> {}
