import {
  FORGOT_PASSWORD_ANSWER,
  ZForgotPasswordRequest,
  ZMessageResponse,
  ZPasswordLinkQuery,
  ZPasswordLinkResponse,
  ZSetPasswordRequest,
  ZSetPasswordResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  describePasswordLink,
  linkOrigin,
  requestPasswordReset,
  setPasswordWithLink,
} from './password-links.service';

const ZTenantHeader = z.object({ 'x-tenant-id': z.string().trim().min(1, 'Required').max(200) });

/** "Forgot password?" and the page a mailed link opens (reset or invitation), before sign-in. */
export async function passwordLinkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/api/users/forgot-password',
    {
      config: { access: 'public' },
      schema: { body: ZForgotPasswordRequest, response: { 202: ZMessageResponse } },
    },
    async (request, reply) => {
      await requestPasswordReset(
        app.deps,
        request.body.email,
        { address: request.ip, origin: linkOrigin(app.deps.config, request) },
        request.log,
      );
      return reply.code(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  r.get(
    '/v2/api/users/password-link',
    {
      config: { access: 'public' },
      schema: {
        querystring: ZPasswordLinkQuery,
        headers: ZTenantHeader,
        response: { 200: ZPasswordLinkResponse },
      },
    },
    (request) => describePasswordLink(app.deps, request.headers['x-tenant-id'], request.query.token),
  );

  r.post(
    '/v2/api/users/set-password',
    {
      config: { access: 'public' },
      schema: { body: ZSetPasswordRequest, headers: ZTenantHeader, response: { 200: ZSetPasswordResponse } },
    },
    (request) =>
      setPasswordWithLink(
        app.deps,
        { tenantId: request.headers['x-tenant-id'], ...request.body },
        request.ip,
      ),
  );
}
