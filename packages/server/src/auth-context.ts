import type { TRole } from '@claimdesk/contracts';
import { AppError } from './lib/app-error';
import type { TenantDb } from './db/tenant-db';
import type { FastifyRequest } from 'fastify';

/** Who is calling, resolved once per request by the auth hook from the verified token. */
export interface AuthContext {
  tenantId: string;
  companyName: string;
  username: string;
  authorities: TRole[];
  grantType: 'password' | 'otp';
  /** The sign-in session the token names (its `sid`). */
  sessionId: string;
  /** The client address of the request (behind TRUST_PROXY, the forwarded one). */
  address: string;
  /** The database as the caller's store sees it: every statement bound to `tenantId`. */
  db: TenantDb;
}

/** The caller of a signed-in route; the auth hook has already refused anyone else. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Sign in first');
  return request.auth;
}
