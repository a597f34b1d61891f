import { randomBytes } from 'node:crypto';
import { XSRF_COOKIE } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Issues the anti-forgery cookie, readable by the page (not HttpOnly), to any client that
 * has none; the auth hook compares it with the X-XSRF-TOKEN header on unsafe methods.
 */
export function registerXsrfCookie(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.cookies[XSRF_COOKIE]) return;
    const value = randomBytes(24).toString('base64url');
    request.cookies[XSRF_COOKIE] = value;
    reply.setCookie(XSRF_COOKIE, value, { path: '/', sameSite: 'strict', httpOnly: false });
  });
}
