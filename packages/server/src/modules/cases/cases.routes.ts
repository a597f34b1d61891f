import {
  ZAssignCaseRequest,
  ZCase,
  ZCaseIdParams,
  ZCaseNumberParams,
  ZChangeStatusRequest,
  ZCreateCaseRequest,
  ZListAssigneesResponse,
  ZListCasesQuery,
  ZListCasesResponse,
  ZTimelineResponse,
  ZUpdateCaseRequest,
  ZVersionRequest,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { NO_CONTENT, jsonAnswer } from '../../lib/openapi-answers';
import { requireAuth } from '../../auth-context';
import { adminsOnly, caseReader, staffOnly } from './case-access';
import { isWorkflowAvailable, loadFeatures, loadMenu, unknownWorkflow } from './case-config';
import { listCasesJson } from './case-list.repository';
import { listAssignees } from './assignees.repository';
import { caseExists, listTimeline } from './cases.repository';
import * as service from './cases.service';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The case routes. The id is numeric (the schema refuses anything else), so the mail routes
 * under /v2/api/claims/mails/... never reach these.
 */
export async function casesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/claims';
  const byId = `${base}/:id`;

  r.get(
    base,
    // Answers ZListCasesResponse, written as JSON by listCasesJson (so no response schema here).
    {
      config: { contacts: true, answers: { 200: jsonAnswer(ZListCasesResponse) } },
      schema: { querystring: ZListCasesQuery },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const reader = caseReader(auth);
      if (reader.kind === 'staff') {
        const [menu, features] = await Promise.all([loadMenu(auth.db), loadFeatures(auth.db)]);
        if (!isWorkflowAvailable(menu, features, request.query.workFlow)) {
          throw unknownWorkflow(request.query.workFlow, 'path');
        }
      }
      // Already JSON (the response schema's shape): sent as it is.
      const json = await listCasesJson(auth.db, request.query, reader);
      return reply.type(JSON_TYPE).send(json);
    },
  );

  r.get(
    `${base}/assignees`,
    { config: staffOnly, schema: { response: { 200: ZListAssigneesResponse } } },
    (request) => listAssignees(requireAuth(request).db),
  );

  r.post(
    base,
    { config: staffOnly, schema: { body: ZCreateCaseRequest, response: { 201: ZCase } } },
    async (request, reply) => {
      const created = await service.createCase(app.deps, requireAuth(request), request.body);
      return reply.code(201).send(created);
    },
  );

  r.get(
    byId,
    // Answers ZCase, written as JSON by its query (caseDetailStatement), so no response schema here.
    { config: { contacts: true, answers: { 200: jsonAnswer(ZCase) } }, schema: { params: ZCaseIdParams } },
    async (request, reply) => {
      const json = await service.getCaseJson(app.deps, requireAuth(request), request.params.id);
      return reply.type(JSON_TYPE).send(json);
    },
  );

  // Case addresses carry the number people see; the page finds the case by it.
  r.get(
    `${base}/number/:caseNumber`,
    // Answers ZCase, as the read by id does.
    {
      config: { contacts: true, answers: { 200: jsonAnswer(ZCase) } },
      schema: { params: ZCaseNumberParams },
    },
    async (request, reply) => {
      const json = await service.getCaseJsonByNumber(
        app.deps,
        requireAuth(request),
        request.params.caseNumber,
      );
      return reply.type(JSON_TYPE).send(json);
    },
  );

  r.put(
    byId,
    {
      config: staffOnly,
      schema: { params: ZCaseIdParams, body: ZUpdateCaseRequest, response: { 200: ZCase } },
    },
    (request) => service.updateCase(app.deps, requireAuth(request), request.params.id, request.body),
  );

  r.put(
    `${byId}/status`,
    {
      config: staffOnly,
      schema: { params: ZCaseIdParams, body: ZChangeStatusRequest, response: { 200: ZCase } },
    },
    (request) =>
      service.changeStatus(
        app.deps,
        requireAuth(request),
        request.params.id,
        request.body.status,
        request.body.version,
      ),
  );

  r.put(
    `${byId}/assignee`,
    {
      config: staffOnly,
      schema: { params: ZCaseIdParams, body: ZAssignCaseRequest, response: { 200: ZCase } },
    },
    (request) =>
      service.assignCase(
        app.deps,
        requireAuth(request),
        request.params.id,
        request.body.assignee,
        request.body.version,
      ),
  );

  r.put(
    `${byId}/archive`,
    { config: staffOnly, schema: { params: ZCaseIdParams, body: ZVersionRequest, response: { 200: ZCase } } },
    (request) => service.archiveCase(app.deps, requireAuth(request), request.params.id, request.body.version),
  );

  r.put(
    `${byId}/reopen`,
    { config: staffOnly, schema: { params: ZCaseIdParams, body: ZVersionRequest, response: { 200: ZCase } } },
    (request) => service.reopenCase(app.deps, requireAuth(request), request.params.id, request.body.version),
  );

  r.delete(
    byId,
    { config: { ...adminsOnly, answers: NO_CONTENT }, schema: { params: ZCaseIdParams } },
    async (request, reply) => {
      await service.deleteCase(app.deps, requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  // A deleted case's timeline is gone with it, for administrators too (issue 34): who deleted
  // it is in the audit log, and nothing of a deleted case answers at its address.
  r.get(
    `${byId}/timeline`,
    { config: staffOnly, schema: { params: ZCaseIdParams, response: { 200: ZTimelineResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await caseExists(auth.db, request.params.id))) throw notFound('Case');
      return listTimeline(auth.db, request.params.id);
    },
  );
}
