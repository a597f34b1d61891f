import type { TRole } from '@claimdesk/contracts';
import type { AppDeps } from './app-deps';
import type { AuthContext } from './auth-context';
import type { RouteAnswers } from './lib/openapi-answers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route. Routes are signed-in by default; `public` routes (the
     * pre-sign-in calls, public files) skip the token and the anti-forgery check.
     */
    access?: 'public' | 'signed-in';
    /** The caller needs any of these roles. */
    roles?: readonly TRole[];
    /** Only password users (not one-time-code contacts). */
    passwordUsersOnly?: boolean;
    /**
     * One-time-code contacts (a supplier's contact persons) may call it too. Every other
     * signed-in route is for staff alone: a contact gets 403 there.
     */
    contacts?: true;
    /**
     * What the route answers where it has no response schema (JSON written by its query, a file,
     * no body), so that the API reference still says it.
     */
    answers?: RouteAnswers;
    /** A short summary of the route for the API reference; one is made from the method and path without it. */
    summary?: string;
  }
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
