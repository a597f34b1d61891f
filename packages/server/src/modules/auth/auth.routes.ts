import {
  OTP_ANSWER,
  OTP_NEW_CODE_IN_HEADER,
  OTP_SENT_HEADER,
  type TOAuthErrorResponse,
  ZCheckUserRequest,
  ZMessageResponse,
  ZResetPasswordRequest,
  ZTokenRequest,
  ZTokenResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { toErrorResponse } from '../../lib/error-response';
import { OAuthError, issueToken, resetPassword } from './auth.service';
import { sendOtp } from './otp.service';
import { companyContactForSignIn, findContactsInAllStores, findStoreOfStaffEmail } from './sign-in.system';
import { textAnswer } from '../../lib/openapi-answers';
import { passwordLinkRoutes } from './password-links.routes';

/** The browser posts the email as a plain string; a JSON string or `{email}` is accepted too. */
const ZCheckUserBody = z
  .union([z.string(), z.object({ email: z.string() }).transform((v) => v.email)])
  .pipe(ZCheckUserRequest);

const ZTenantHeader = z.object({ 'x-tenant-id': z.string().trim().min(1, 'Required') });

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await passwordLinkRoutes(app);

  r.post(
    '/v2/api/stores/check-user',
    {
      config: {
        access: 'public',
        answers: { 200: textAnswer('The store of a staff user, or "otp" for a contact (a code is mailed)') },
      },
      schema: { body: ZCheckUserBody },
    },
    async (request, reply) => {
      const email = request.body;
      // The answer tells whether an address has an account (the source binds it), so the lookups
      // of unknown addresses are limited like failed sign-ins: per address, per client, per both.
      const attempt = await app.deps.limiter.take(email, request.ip, { name: 'check-user' });
      const staffStore = await findStoreOfStaffEmail(app.deps.db, email);
      if (staffStore) {
        await attempt.succeeded();
        return reply.type('text/plain; charset=utf-8').send(staffStore);
      }
      const contact =
        (await findContactsInAllStores(app.deps.db, email))[0] ??
        (await companyContactForSignIn(app.deps.db, email));
      if (!contact)
        throw new AppError('UNKNOWN_USER', 'No account is known for this email', { email: 'Unknown email' });
      await attempt.succeeded();
      const sending = await sendOtp(app.deps, contact);
      return reply
        .header(OTP_SENT_HEADER, sending.sent)
        .header(OTP_NEW_CODE_IN_HEADER, String(sending.newCodeInSeconds))
        .type('text/plain; charset=utf-8')
        .send(OTP_ANSWER);
    },
  );

  r.post(
    '/v2/oauth/token',
    {
      config: { access: 'public' },
      schema: { body: ZTokenRequest, response: { 200: ZTokenResponse } },
      errorHandler: (error, request, reply) => {
        if (error instanceof OAuthError) {
          void sendOAuthError(
            reply,
            error.status,
            { error: error.error, error_description: error.description },
            error.headers,
          );
          return;
        }
        const { status, body, headers } = toErrorResponse(error);
        if (status >= 500 && status !== 503) request.log.error({ err: error }, 'token request failed');
        // RFC 6749 5.2 has no 503; temporarily_unavailable is OAuth's word for it (RFC 6749 4.1.2.1).
        const oauthError =
          status === 503 ? 'temporarily_unavailable' : status >= 500 ? 'server_error' : 'invalid_request';
        const detail = body.fieldErrors
          ? Object.entries(body.fieldErrors)
              .map(([k, v]) => `${k}: ${v}`)
              .join('; ')
          : body.message;
        void sendOAuthError(reply, status, { error: oauthError, error_description: detail }, headers);
      },
    },
    async (request) => {
      assertClient(
        request.headers.authorization,
        app.deps.config.OAUTH_CLIENT_ID,
        app.deps.config.OAUTH_CLIENT_SECRET,
      );
      const tenant = request.headers['x-tenant-id'];
      return issueToken(app.deps, request.body, typeof tenant === 'string' ? tenant.trim() : undefined, {
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
    },
  );

  r.put(
    '/v2/api/users/reset-password',
    {
      config: { access: 'public' },
      schema: { body: ZResetPasswordRequest, headers: ZTenantHeader, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await resetPassword(
        app.deps,
        { tenantId: request.headers['x-tenant-id'], ...request.body },
        request.ip,
      );
      return { message: 'Password changed' };
    },
  );
}

/** OAuth errors bypass the route's response schema: they have OAuth2's own shape. */
function sendOAuthError(
  reply: FastifyReply,
  status: number,
  body: TOAuthErrorResponse,
  headers: Record<string, string> = {},
) {
  return reply.code(status).headers(headers).type('application/json').serializer(JSON.stringify).send(body);
}

function assertClient(header: string | undefined, id: string, secret: string): void {
  const encoded = header?.startsWith('Basic ') ? header.slice(6).trim() : '';
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0 || decoded.slice(0, separator) !== id || decoded.slice(separator + 1) !== secret) {
    throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
  }
}
