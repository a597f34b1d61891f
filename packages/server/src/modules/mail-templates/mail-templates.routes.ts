import type { FastifyInstance } from 'fastify';

/** Mail templates of a store (built-in ones in four languages, overridden per store). */
export async function mailTemplatesRoutes(_app: FastifyInstance): Promise<void> {}
