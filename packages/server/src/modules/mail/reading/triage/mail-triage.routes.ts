import {
  ZEmptyBinResponse,
  ZMailIdParams,
  ZMoveMailsRequest,
  ZMoveMailsResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../../auth-context';
import { caseReader, staffOnly } from '../../../cases/case-access';
import { restoreMail } from '../mail-state.service';
import { serveMailSource } from '../serve-attachments.service';
import { emptyBin } from './mail-bin.service';
import { moveMails } from './move-mails.service';
import { NO_CONTENT, fileAnswer } from '../../../../lib/openapi-answers';

/** Moving mails between cases, the bin (restore, empty) and a mail's source (issue 21). */
export async function mailTriageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/claims/mails';
  const { deps } = app;

  r.post(
    `${base}/move`,
    {
      config: staffOnly,
      schema: { body: ZMoveMailsRequest, response: { 200: ZMoveMailsResponse } },
    },
    (request) => {
      const auth = requireAuth(request);
      return moveMails(auth.db, request.body, auth.username);
    },
  );

  r.put(
    `${base}/:id/restore`,
    { config: { ...staffOnly, answers: NO_CONTENT }, schema: { params: ZMailIdParams } },
    async (request, reply) => {
      await restoreMail(requireAuth(request).db, request.params.id);
      return reply.code(204).send();
    },
  );

  // Staff, and a one-time-code user for a mail they may read (mail-access.repository.ts).
  // A one-time-code contact reads the source of a mail it may read (canReadMail's rule), no other.
  const source = {
    contacts: true,
    answers: { 200: fileAnswer('message/rfc822', 'The mail as received or sent (.eml)') },
  } as const;
  r.get(`${base}/:id/source`, { config: source, schema: { params: ZMailIdParams } }, (request, reply) => {
    const auth = requireAuth(request);
    return serveMailSource(deps, reply, auth.db, caseReader(auth), request.params.id);
  });

  r.delete(
    '/v2/api/unmapped-mails/bin',
    { config: staffOnly, schema: { response: { 200: ZEmptyBinResponse } } },
    (request) => {
      const auth = requireAuth(request);
      return emptyBin(auth.db, auth.username);
    },
  );
}
