import type { FastifyInstance } from 'fastify';

/** Composing, forwarding, drafts and resending under /v2/api/claims/mails and /v2/api/unmapped-mails. */
export async function composeRoutes(_app: FastifyInstance): Promise<void> {}
