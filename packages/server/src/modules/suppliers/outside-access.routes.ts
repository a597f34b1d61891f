import {
  ZCaseIdParams,
  ZCaseParticipantParams,
  ZOutsideAccessResponse,
  ZRemoveParticipantResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { staffOnly } from '../cases/case-access';
import * as service from './outside-access.service';

/** Staff see who outside the store reads a case, and take a participant off it (issue 35). */
export async function outsideAccessRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/api/claims/:id/outside-access',
    { config: staffOnly, schema: { params: ZCaseIdParams, response: { 200: ZOutsideAccessResponse } } },
    (request) => service.getOutsideAccess(requireAuth(request), request.params.id),
  );

  r.delete(
    '/v2/api/claims/:id/participants/:email',
    {
      config: staffOnly,
      schema: { params: ZCaseParticipantParams, response: { 200: ZRemoveParticipantResponse } },
    },
    (request) => service.removeParticipant(requireAuth(request), request.params.id, request.params.email),
  );
}
