import {
  ZCase,
  ZCreateCaseFromMailRequest,
  ZListUnmappedMailsQuery,
  ZListUnmappedMailsResponse,
  ZMailIdParams,
  ZMapMailRequest,
  ZMapMailResponse,
  ZReparseMailResponse,
  ZUndoCaseFromMailQuery,
  ZZipAttachmentsParams,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../../auth-context';
import { staffOnly } from '../../../cases/case-access';
import { createCaseFromMail } from './create-case-from-mail.service';
import { mapMail } from './map-mail.service';
import { reparseUnparseable } from './reparse.service';
import { serveAttachmentsZip } from '../serve-attachments.service';
import { listUnmappedMails } from './unmapped-list.repository';
import { undoCaseFromMail } from './undo-new-case.service';
import { NO_CONTENT, ZIP_ANSWER } from '../../../../lib/openapi-answers';

/** Triage of the mails no case took: list, map onto a case, make a case, parse again. Staff only. */
export async function unmappedMailsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/unmapped-mails';
  const { deps } = app;

  r.get(
    base,
    {
      config: staffOnly,
      schema: { querystring: ZListUnmappedMailsQuery, response: { 200: ZListUnmappedMailsResponse } },
    },
    (request) => listUnmappedMails(requireAuth(request).db, request.query),
  );

  r.get(
    `${base}/zip/:id/attachments`,
    { config: { ...staffOnly, answers: ZIP_ANSWER }, schema: { params: ZZipAttachmentsParams } },
    (request, reply) =>
      serveAttachmentsZip(deps, reply, requireAuth(request).db, { kind: 'staff' }, request.params.id),
  );

  r.put(
    `${base}/:id/map`,
    {
      config: staffOnly,
      schema: { params: ZMailIdParams, body: ZMapMailRequest, response: { 200: ZMapMailResponse } },
    },
    (request) => {
      const auth = requireAuth(request);
      return mapMail(auth.db, request.params.id, request.body.caseId, auth.username);
    },
  );

  r.post(
    `${base}/:id/create-case`,
    {
      config: staffOnly,
      schema: { params: ZMailIdParams, body: ZCreateCaseFromMailRequest, response: { 201: ZCase } },
    },
    async (request, reply) => {
      const created = await createCaseFromMail(deps, requireAuth(request), request.params.id, request.body);
      return reply.code(201).send(created);
    },
  );

  r.delete(
    `${base}/:id/create-case`,
    {
      config: { ...staffOnly, answers: NO_CONTENT },
      schema: { params: ZMailIdParams, querystring: ZUndoCaseFromMailQuery },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await undoCaseFromMail(auth.db, request.params.id, request.query.caseId, auth.username);
      return reply.code(204).send();
    },
  );

  r.post(
    `${base}/:id/reparse`,
    { config: staffOnly, schema: { params: ZMailIdParams, response: { 200: ZReparseMailResponse } } },
    (request) => reparseUnparseable(deps, requireAuth(request), request.params.id),
  );
}
