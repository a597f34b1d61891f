import {
  ZAnswerCaseRequest,
  ZCaseIdParams,
  ZCaseSupplierAnswers,
  ZListPortalCasesResponse,
  ZPortalCase,
  ZPortalMe,
  ZPortalMessageRequest,
  ZPortalMessageResponse,
  ZSupplierAnswer,
  ZUploadAttachmentResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { staffOnly } from '../cases/case-access';
import { uploadAttachment } from '../mail/mail-inbound';
import { findPortalContact, listPortalCases } from './portal-cases.repository';
import { postPortalMessage } from './portal-message.service';
import * as service from './supplier-portal.service';

/**
 * The supplier portal under /v2/api/supplier-portal, for contact persons signed in with a
 * one-time code (staff get 403): their cases, a case (each read recorded), their answer, their
 * messages and files. Staff read a case's answers and views at /v2/api/claims/{id}/supplier-answers.
 */
export async function supplierPortalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/supplier-portal';

  // Every route here but the staff's answers read is the contact persons' own.
  const contacts = { contacts: true } as const;

  r.get(`${base}/me`, { config: contacts, schema: { response: { 200: ZPortalMe } } }, (request) => {
    const auth = requireAuth(request);
    return findPortalContact(auth.db, service.portalEmail(auth));
  });

  r.get(
    `${base}/cases`,
    { config: contacts, schema: { response: { 200: ZListPortalCasesResponse } } },
    (request) => {
      const auth = requireAuth(request);
      return listPortalCases(auth.db, service.portalEmail(auth));
    },
  );

  r.get(
    `${base}/cases/:id`,
    { config: contacts, schema: { params: ZCaseIdParams, response: { 200: ZPortalCase } } },
    (request) => service.getPortalCase(app.deps, requireAuth(request), request.params.id),
  );

  r.post(
    `${base}/cases/:id/answers`,
    {
      config: contacts,
      schema: { params: ZCaseIdParams, body: ZAnswerCaseRequest, response: { 201: ZSupplierAnswer } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.answerCase(app.deps, requireAuth(request), request.params.id, request.body)),
  );

  r.post(
    `${base}/cases/:id/messages`,
    {
      config: contacts,
      schema: {
        params: ZCaseIdParams,
        body: ZPortalMessageRequest,
        response: { 201: ZPortalMessageResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await postPortalMessage(app.deps, requireAuth(request), request.params.id, request.body)),
  );

  r.post(
    `${base}/uploads`,
    { config: contacts, schema: { response: { 201: ZUploadAttachmentResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      service.portalEmail(auth);
      return reply.code(201).send(await uploadAttachment(app.deps, auth, request));
    },
  );

  r.get(
    '/v2/api/claims/:id/supplier-answers',
    { config: staffOnly, schema: { params: ZCaseIdParams, response: { 200: ZCaseSupplierAnswers } } },
    (request) => service.caseSupplierAnswers(requireAuth(request), request.params.id),
  );
}
