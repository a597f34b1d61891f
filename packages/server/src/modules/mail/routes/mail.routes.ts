import type { FastifyInstance } from 'fastify';

/** The mail calls under /v2/api/claims/mails, /v2/api/unmapped-mails and reports/mail-count. */
export async function mailRoutes(_app: FastifyInstance): Promise<void> {}
