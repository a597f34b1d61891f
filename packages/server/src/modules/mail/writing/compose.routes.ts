import {
  MAIL_COMPOSE_BODY_LIMIT,
  ZCancelSendParams,
  ZCancelSendResponse,
  ZComposeCaseParams,
  ZDraftParams,
  ZGetForwardComposeQuery,
  ZGetForwardComposeResponse,
  ZGetMailComposeQuery,
  ZGetMailComposeResponse,
  ZGetNewMailComposeQuery,
  ZGetNewMailComposeResponse,
  ZNewDraftParams,
  ZResendMailParams,
  ZResendMailQuery,
  ZResendMailResponse,
  ZSaveDraftRequest,
  ZSaveDraftResponse,
  ZSaveNewDraftRequest,
  ZSaveNewDraftResponse,
  ZSendMailQuery,
  ZSendMailRequest,
  ZSendMailResponse,
  ZSendNewMailRequest,
  ZSendNewMailResponse,
  ZSendNowParams,
  ZSendNowResponse,
  ZUpdateDraftRequest,
  ZUpdateDraftResponse,
  ZUpdateNewDraftRequest,
  ZUpdateNewDraftResponse,
  ZUploadAttachmentResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth-context';
import { staffOnly } from '../../cases/case-access';
import { caseCompose, forwardCompose, newCompose } from './compose-prefill.service';
import { createDraft, createNewDraft, updateDraft, updateNewDraft } from './drafts.service';
import { resendMail } from './resend-mail.service';
import { sendCaseMail, sendNewMail } from './send-mail.service';
import { cancelSend, sendNow } from './send-timing.service';
import { uploadAttachment } from './upload-attachment.service';

/**
 * Composing, forwarding, drafts, resending, Undo and "send now" under /v2/api/claims/mails and
 * /v2/api/unmapped-mails; staff with a password sign-in only. `{x}` (`:workFlow`) is the case's
 * workflow: a case of another workflow is a 404 like a case of another store.
 */
export async function composeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/claims/mails';
  const bodyLimit = MAIL_COMPOSE_BODY_LIMIT + 64 * 1024;

  r.get(
    `${base}/:workFlow/mail-compose/:id`,
    {
      config: staffOnly,
      schema: {
        params: ZComposeCaseParams,
        querystring: ZGetMailComposeQuery,
        response: { 200: ZGetMailComposeResponse },
      },
    },
    (request) => caseCompose(app.deps, requireAuth(request), request.params, request.query),
  );

  r.post(
    `${base}/:workFlow/mail-compose/:id`,
    {
      config: staffOnly,
      bodyLimit,
      schema: {
        params: ZComposeCaseParams,
        querystring: ZSendMailQuery,
        body: ZSendMailRequest,
        response: { 201: ZSendMailResponse },
      },
    },
    async (request, reply) => {
      const mail = await sendCaseMail(
        app.deps,
        requireAuth(request),
        request.params,
        request.query,
        request.body,
      );
      return reply.code(201).send(mail);
    },
  );

  r.get(
    `${base}/:workFlow/forward-mail-compose/:id`,
    {
      config: staffOnly,
      schema: {
        params: ZComposeCaseParams,
        querystring: ZGetForwardComposeQuery,
        response: { 200: ZGetForwardComposeResponse },
      },
    },
    (request) => forwardCompose(app.deps, requireAuth(request), request.params, request.query.mailLogId),
  );

  r.post(
    `${base}/attachments`,
    { config: staffOnly, schema: { response: { 201: ZUploadAttachmentResponse } } },
    async (request, reply) =>
      reply.code(201).send(await uploadAttachment(app.deps, requireAuth(request), request)),
  );

  r.post(
    `${base}/:workFlow/mail-logs`,
    {
      config: staffOnly,
      bodyLimit,
      schema: {
        params: ZComposeCaseParams.pick({ workFlow: true }),
        body: ZSaveDraftRequest,
        response: { 201: ZSaveDraftResponse },
      },
    },
    async (request, reply) => {
      const draft = await createDraft(app.deps, requireAuth(request), request.params.workFlow, request.body);
      return reply.code(201).send(draft);
    },
  );

  r.put(
    `${base}/:workFlow/mail-logs/:id`,
    {
      config: staffOnly,
      bodyLimit,
      schema: { params: ZDraftParams, body: ZUpdateDraftRequest, response: { 200: ZUpdateDraftResponse } },
    },
    (request) => updateDraft(app.deps, requireAuth(request), request.params, request.body),
  );

  r.put(
    `${base}/resend/:id`,
    {
      config: staffOnly,
      schema: {
        params: ZResendMailParams,
        querystring: ZResendMailQuery,
        response: { 200: ZResendMailResponse },
      },
    },
    (request) => resendMail(app.deps, requireAuth(request), request.params.id, request.query),
  );

  r.put(
    `${base}/:id/cancel-send`,
    { config: staffOnly, schema: { params: ZCancelSendParams, response: { 200: ZCancelSendResponse } } },
    (request) => cancelSend(requireAuth(request), request.params.id),
  );

  r.put(
    `${base}/:id/send-now`,
    { config: staffOnly, schema: { params: ZSendNowParams, response: { 200: ZSendNowResponse } } },
    (request) => sendNow(app.deps, requireAuth(request), request.params.id),
  );

  r.get(
    '/v2/api/unmapped-mails/compose-mail/new',
    {
      config: staffOnly,
      schema: { querystring: ZGetNewMailComposeQuery, response: { 200: ZGetNewMailComposeResponse } },
    },
    (request) => newCompose(app.deps, requireAuth(request), request.query.mailLogId),
  );

  r.post(
    '/v2/api/unmapped-mails/compose-mail/new',
    {
      config: staffOnly,
      bodyLimit,
      schema: { body: ZSendNewMailRequest, response: { 201: ZSendNewMailResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await sendNewMail(app.deps, requireAuth(request), request.body)),
  );

  r.post(
    '/v2/api/unmapped-mails/compose-mail/drafts',
    {
      config: staffOnly,
      bodyLimit,
      schema: { body: ZSaveNewDraftRequest, response: { 201: ZSaveNewDraftResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await createNewDraft(app.deps, requireAuth(request), request.body)),
  );

  r.put(
    '/v2/api/unmapped-mails/compose-mail/drafts/:id',
    {
      config: staffOnly,
      bodyLimit,
      schema: {
        params: ZNewDraftParams,
        body: ZUpdateNewDraftRequest,
        response: { 200: ZUpdateNewDraftResponse },
      },
    },
    (request) => updateNewDraft(app.deps, requireAuth(request), request.params.id, request.body),
  );
}
