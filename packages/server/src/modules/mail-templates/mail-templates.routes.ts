import {
  ZCreateMailTemplateRequest,
  ZCreateMailTemplateResponse,
  ZListMailTemplatesQuery,
  ZListMailTemplatesResponse,
  ZListWorkflowMailTemplatesParams,
  ZListWorkflowMailTemplatesQuery,
  ZListWorkflowMailTemplatesResponse,
  ZMailTemplateIdParams,
  ZPreviewMailTemplateRequest,
  ZPreviewMailTemplateResponse,
  ZUpdateMailTemplateRequest,
  ZUpdateMailTemplateResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import { adminsOnly, staffOnly } from '../cases/case-access';
import * as service from './mail-templates.service';
import { NO_CONTENT } from '../../lib/openapi-answers';

/**
 * Mail templates of a store (built-in ones in four languages, overridden per store). Staff read
 * them; administrators (ADMIN_USER and super admins) change them.
 */
export async function mailTemplatesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/settings/mail-templates';

  // Static segment: Fastify prefers it over settings' `initial-properties/:option`.
  r.get(
    '/v2/api/settings/initial-properties/mail-templates/:workFlow',
    {
      config: staffOnly,
      schema: {
        params: ZListWorkflowMailTemplatesParams,
        querystring: ZListWorkflowMailTemplatesQuery,
        response: { 200: ZListWorkflowMailTemplatesResponse },
      },
    },
    (request) =>
      service.listWorkflowTemplates(requireAuth(request).db, {
        ...request.query,
        workFlow: request.params.workFlow,
      }),
  );

  r.get(
    base,
    {
      config: staffOnly,
      schema: { querystring: ZListMailTemplatesQuery, response: { 200: ZListMailTemplatesResponse } },
    },
    (request) => service.listTemplates(requireAuth(request).db, request.query),
  );

  r.post(
    base,
    {
      config: adminsOnly,
      schema: { body: ZCreateMailTemplateRequest, response: { 201: ZCreateMailTemplateResponse } },
    },
    async (request, reply) => {
      const created = await service.createTemplate(requireAuth(request), request.body);
      return reply.code(201).send(created);
    },
  );

  r.post(
    `${base}/preview`,
    {
      config: staffOnly,
      schema: { body: ZPreviewMailTemplateRequest, response: { 200: ZPreviewMailTemplateResponse } },
    },
    (request) => service.previewTemplate(requireAuth(request), request.body),
  );

  r.put(
    `${base}/:id`,
    {
      config: adminsOnly,
      schema: {
        params: ZMailTemplateIdParams,
        body: ZUpdateMailTemplateRequest,
        response: { 200: ZUpdateMailTemplateResponse },
      },
    },
    (request) => service.updateTemplate(requireAuth(request), request.params.id, request.body),
  );

  r.delete(
    `${base}/:id`,
    { config: { ...adminsOnly, answers: NO_CONTENT }, schema: { params: ZMailTemplateIdParams } },
    async (request, reply) => {
      await service.deleteTemplate(requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
