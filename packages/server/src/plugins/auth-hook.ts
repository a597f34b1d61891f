import { XSRF_COOKIE, XSRF_HEADER, hasAnyRole, type TRole } from '@claimdesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forTenant } from '../db/tenant-db';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the caller once per request, for every route that is not explicitly public:
 * a valid bearer token (401), whose store is X-TENANT-ID (403), X-COMPANY naming the store's
 * company on /v2/shared (400/403), the anti-forgery header on unsafe methods (403), and the
 * route's roles (403).
 */
export function registerAuthHook(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.access === 'public' || !request.routeOptions.url) return;
    const { tokens, sessions } = app.deps;

    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) throw new AppError('UNAUTHENTICATED', 'A valid access token is required');
    if (!(await sessions.isValid(claims))) {
      throw new AppError('UNAUTHENTICATED', 'This session has ended; sign in again');
    }
    if (request.headers['x-tenant-id'] !== claims.store_name) {
      throw new AppError('FORBIDDEN', 'The access token is not for the store in X-TENANT-ID');
    }
    if (request.routeOptions.url.startsWith('/v2/shared/')) {
      const company = request.headers['x-company'];
      if (typeof company !== 'string' || company === '') {
        throw new AppError('HEADER_MISSING', 'X-COMPANY is required', { 'X-COMPANY': 'Required' });
      }
      if (company !== claims.company)
        throw new AppError('FORBIDDEN', "X-COMPANY does not name this store's company");
    }
    assertXsrf(request);
    request.auth = {
      tenantId: claims.store_name,
      companyName: claims.company,
      username: claims.user_name,
      authorities: claims.authorities as TRole[],
      grantType: claims.grant_type,
      sessionId: claims.sid ?? '',
      address: request.ip,
      db: forTenant(app.deps.db, claims.store_name),
    };
    if ((config.passwordUsersOnly || !config.contacts) && claims.grant_type !== 'password') {
      throw new AppError('FORBIDDEN', 'Not available with a one-time-code sign-in');
    }
    if (config.roles && !hasAnyRole(request.auth.authorities, config.roles)) {
      throw new AppError('FORBIDDEN', 'Your role does not allow this');
    }
  });
}

function assertXsrf(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  if (!cookie || typeof header !== 'string' || header !== cookie) {
    throw new AppError('XSRF_MISMATCH', 'The anti-forgery token is missing or does not match');
  }
}
