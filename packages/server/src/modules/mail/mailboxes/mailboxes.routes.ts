import {
  MAIL_SETUP_STATUS_PATH,
  ZCreateMailboxRequest,
  ZCreateMailboxResponse,
  ZDeleteMailboxParams,
  ZListMailboxesResponse,
  ZMailboxIdParams,
  ZSendMailboxVerificationResponse,
  ZSetMailboxEnabledRequest,
  ZSetMailboxEnabledResponse,
  ZTestMailboxResponse,
  ZTestMailboxSettingsRequest,
  ZUpdateMailboxRequest,
  ZUpdateMailboxResponse,
  ZVerifyMailboxRequest,
  ZVerifyMailboxResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth-context';
import { auditActor } from '../../audit/audit-actor';
import { mailboxAdmins } from '../accounts/mailbox-access';
import { isMailSetupComplete } from '../accounts/mailbox.repository';
import { testMailbox, testMailboxSettings } from './mailbox-check.service';
import { mailboxViewer } from './mailbox-view';
import { sendVerification, verifyMailbox } from './mailbox-verification.service';
import * as service from './mailboxes.service';
import { oauthRoutes } from './oauth.routes';
import { NO_CONTENT, textAnswer } from '../../../lib/openapi-answers';

/** A store's mailboxes, their setup status and the OAuth sign-in of Google and Microsoft mailboxes. */
export async function mailboxesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/settings/mailboxes';
  const byId = `${base}/:id`;
  // A confirmation mail that fails leaves the mailbox made or changed; a new code can be asked for.
  const onMailError = (request: FastifyRequest) => (error: unknown) => {
    request.log.warn({ err: error }, 'mailbox confirmation mail not sent');
  };

  // A successful change (here or in the OAuth sign-in) starts, restarts or stops the fetch job now.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) app.mailWorkers?.onMailboxesChanged();
    return Promise.resolve();
  });

  // Forward mailboxes name where to forward to: by default the host this request came to.
  const viewer = (request: FastifyRequest) => mailboxViewer(app.deps, request.hostname);

  r.get(
    base,
    { config: mailboxAdmins, schema: { response: { 200: ZListMailboxesResponse } } },
    async (request) => (await service.listStoreMailboxes(requireAuth(request).db)).map(viewer(request)),
  );

  r.post(
    base,
    {
      config: mailboxAdmins,
      schema: { body: ZCreateMailboxRequest, response: { 201: ZCreateMailboxResponse } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const created = await service.createMailbox(
        app.deps,
        auth.db,
        auditActor(auth),
        request.body,
        onMailError(request),
      );
      return reply.code(201).send(viewer(request)(created));
    },
  );

  r.put(
    byId,
    {
      config: mailboxAdmins,
      schema: {
        params: ZMailboxIdParams,
        body: ZUpdateMailboxRequest,
        response: { 200: ZUpdateMailboxResponse },
      },
    },
    async (request) =>
      viewer(request)(
        await service.updateMailboxSettings(
          app.deps,
          requireAuth(request).db,
          auditActor(requireAuth(request)),
          request.params.id,
          request.body,
          onMailError(request),
        ),
      ),
  );

  r.put(
    `${byId}/enabled`,
    {
      config: mailboxAdmins,
      schema: {
        params: ZMailboxIdParams,
        body: ZSetMailboxEnabledRequest,
        response: { 200: ZSetMailboxEnabledResponse },
      },
    },
    async (request) =>
      viewer(request)(
        await service.setMailboxEnabled(
          requireAuth(request).db,
          auditActor(requireAuth(request)),
          request.params.id,
          request.body.isEnabled,
        ),
      ),
  );

  r.delete(
    byId,
    { config: { ...mailboxAdmins, answers: NO_CONTENT }, schema: { params: ZDeleteMailboxParams } },
    async (request, reply) => {
      await service.removeMailbox(
        requireAuth(request).db,
        auditActor(requireAuth(request)),
        request.params.id,
      );
      return reply.code(204).send();
    },
  );

  r.post(
    `${byId}/verification`,
    {
      config: mailboxAdmins,
      schema: { params: ZMailboxIdParams, response: { 200: ZSendMailboxVerificationResponse } },
    },
    (request) => sendVerification(app.deps, requireAuth(request).db, request.params.id),
  );

  r.post(
    `${byId}/verify`,
    {
      config: mailboxAdmins,
      schema: {
        params: ZMailboxIdParams,
        body: ZVerifyMailboxRequest,
        response: { 200: ZVerifyMailboxResponse },
      },
    },
    async (request) =>
      viewer(request)(
        await verifyMailbox(app.deps, requireAuth(request).db, request.params.id, request.body.code),
      ),
  );

  r.post(
    `${byId}/test`,
    { config: mailboxAdmins, schema: { params: ZMailboxIdParams, response: { 200: ZTestMailboxResponse } } },
    (request) => testMailbox(app.deps, requireAuth(request).db, request.params.id, request.log),
  );

  r.post(
    `${base}/test`,
    {
      config: mailboxAdmins,
      schema: { body: ZTestMailboxSettingsRequest, response: { 200: ZTestMailboxResponse } },
    },
    (request) => testMailboxSettings(app.deps, requireAuth(request).tenantId, request.body, request.log),
  );

  // A static path: Fastify matches it before settings' GET .../initial-properties/:option.
  const setupAnswer = {
    200: textAnswer('"true" when a mailbox of the store sends and receives, else "false"'),
  };
  r.get(
    MAIL_SETUP_STATUS_PATH,
    { config: { passwordUsersOnly: true, answers: setupAnswer } },
    async (request, reply) => {
      const isComplete = await isMailSetupComplete(requireAuth(request).db);
      return reply.type('text/plain; charset=utf-8').send(String(isComplete));
    },
  );

  r.delete(
    '/v2/api/settings/initial-properties/remove-authorization/:id',
    { config: { ...mailboxAdmins, answers: NO_CONTENT }, schema: { params: ZMailboxIdParams } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await service.removeAuthorization(auth.db, auditActor(auth), request.params.id);
      return reply.code(204).send();
    },
  );

  await app.register(oauthRoutes);
}
