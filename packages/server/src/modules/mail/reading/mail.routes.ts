import {
  ZDeleteMailQuery,
  ZGetMailResponse,
  ZListCaseMailsQuery,
  ZListCaseMailsResponse,
  ZMailAttachmentQuery,
  ZMailIdParams,
  ZMarkReadStatusQuery,
  ZMarkReadStatusResponse,
  ZZipAttachmentsParams,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../../lib/app-error';
import { requireAuth } from '../../../auth-context';
import { caseReader, staffOnly } from '../../cases/case-access';
import { caseExists } from '../../cases/cases.repository';
import { deleteMail, markMailRead } from './mail-state.service';
import { canReadMail, caseMailIds, loadMailLogs } from './mail-read.repository';
import { serveAttachment, serveAttachmentsZip } from './serve-attachments.service';
import { mailReportsRoutes } from './mail-reports.routes';
import { mailTriageRoutes } from './triage/mail-triage.routes';
import { unmappedMailsRoutes } from './triage/unmapped-mails.routes';
import { NO_CONTENT, ZIP_ANSWER, fileAnswer } from '../../../lib/openapi-answers';

/**
 * The mail calls under /v2/api/claims/mails, /v2/api/unmapped-mails and reports/mail-count.
 * The static segments (mail-attachment, preview, zip) win over `:id` in the router, and the
 * numeric `:id` schema refuses anything else.
 */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/claims/mails';
  const { deps } = app;

  r.get(
    `${base}/:id/mail-logs`,
    {
      config: { contacts: true },
      schema: {
        params: ZMailIdParams,
        querystring: ZListCaseMailsQuery,
        response: { 200: ZListCaseMailsResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { storeCode, mailLogType } = request.query;
      if (storeCode !== undefined && storeCode !== auth.tenantId)
        throw forbidden('storeCode is not your store');
      const reader = caseReader(auth);
      if (!(await caseExists(auth.db, request.params.id, { reader }))) throw notFound('Case');
      const ids = await caseMailIds(auth.db, request.params.id, reader, mailLogType);
      return loadMailLogs(auth.db, ids);
    },
  );

  const attachment = {
    contacts: true,
    answers: { 200: fileAnswer('*/*', 'The attachment, as its type (download)') },
  } as const;
  r.get(
    `${base}/mail-attachment`,
    { config: attachment, schema: { querystring: ZMailAttachmentQuery } },
    (request, reply) => {
      const auth = requireAuth(request);
      return serveAttachment(
        deps,
        reply,
        auth.db,
        caseReader(auth),
        request.query.attachmentDetail,
        'download',
      );
    },
  );

  const preview = {
    contacts: true,
    answers: { 200: fileAnswer('*/*', 'The attachment shown inline (HEIC photos as JPEG)') },
  } as const;
  r.get(
    `${base}/preview/attachment`,
    { config: preview, schema: { querystring: ZMailAttachmentQuery } },
    (request, reply) => {
      const auth = requireAuth(request);
      return serveAttachment(
        deps,
        reply,
        auth.db,
        caseReader(auth),
        request.query.attachmentDetail,
        'preview',
      );
    },
  );

  r.get(
    `${base}/zip/:id/attachments`,
    { config: { contacts: true, answers: ZIP_ANSWER }, schema: { params: ZZipAttachmentsParams } },
    (request, reply) => {
      const auth = requireAuth(request);
      return serveAttachmentsZip(deps, reply, auth.db, caseReader(auth), request.params.id);
    },
  );

  r.delete(
    `${base}/:id`,
    {
      config: { ...staffOnly, answers: NO_CONTENT },
      schema: { params: ZMailIdParams, querystring: ZDeleteMailQuery },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const options = { isPurge: request.query.isDelete, by: auth.username };
      if (!(await canReadMail(auth.db, request.params.id, { kind: 'staff' }))) throw notFound('Mail');
      if (!(await deleteMail(auth.db, request.params.id, options))) throw notFound('Mail');
      return reply.code(204).send();
    },
  );

  r.put(
    `${base}/:id/mark-read-status`,
    {
      config: staffOnly,
      schema: {
        params: ZMailIdParams,
        querystring: ZMarkReadStatusQuery,
        response: { 200: ZMarkReadStatusResponse },
      },
    },
    async (request) => {
      const { db } = requireAuth(request);
      if (!(await canReadMail(db, request.params.id, { kind: 'staff' }))) throw notFound('Mail');
      if (!(await markMailRead(db, request.params.id, request.query.isRead))) throw notFound('Mail');
      const [mail] = await loadMailLogs(db, [request.params.id]);
      if (!mail) throw notFound('Mail');
      return mail;
    },
  );

  r.get(
    `${base}/:id`,
    { config: { contacts: true }, schema: { params: ZMailIdParams, response: { 200: ZGetMailResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await canReadMail(auth.db, request.params.id, caseReader(auth)))) throw notFound('Mail');
      const [mail] = await loadMailLogs(auth.db, [request.params.id]);
      if (!mail) throw notFound('Mail');
      return mail;
    },
  );

  await app.register(unmappedMailsRoutes);
  await app.register(mailReportsRoutes);
  await app.register(mailTriageRoutes);
}
