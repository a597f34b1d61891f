import {
  SUPER_ADMIN_ROLES,
  ZCreatePropertyRequest,
  ZCreatePropertyResponse,
  ZDeletePropertiesRequest,
  ZFindPropertyParams,
  ZFindPropertyResponse,
  ZJsonConfigParams,
  ZListPropertiesParams,
  ZListPropertiesResponse,
  ZPropertyIdParam,
  ZUpdatePropertyRequest,
  ZUpdatePropertyResponse,
  ZUpsertPropertyRequest,
  ZUpsertPropertyResponse,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth-context';
import * as service from './properties.service';
import { storeFormsRoutes } from './store-forms.routes';
import { resolveCompanyConfig, resolveStoreConfig } from './store-config.repository';
import { NO_CONTENT, jsonAnswer } from '../../lib/openapi-answers';
import { z } from 'zod';

/** Editing store configuration is for super administrators (the store-configs screen). */
const superAdmins = { roles: SUPER_ADMIN_ROLES, passwordUsersOnly: true } as const;
/**
 * The resolved documents are for staff. One-time-code users get the static "lite" files
 * (source, section 7), so the store's full configuration is never handed to them.
 */
const passwordUsers = { passwordUsersOnly: true } as const;

/**
 * The initial-properties calls (source, section 7), on the store's documents under /v2/api and
 * on its company's under /v2/shared (the auth hook has checked X-COMPANY there).
 */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await storeFormsRoutes(app);

  for (const isShared of [false, true]) {
    const base = isShared ? '/v2/shared/initial-properties' : '/v2/api/settings/initial-properties';
    const owner = (request: Parameters<typeof requireAuth>[0]) =>
      service.ownerOf(requireAuth(request), isShared);
    const dbOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).db;

    r.get(
      `${base}/json-config/:name`,
      {
        config: {
          ...passwordUsers,
          answers: {
            200: jsonAnswer(z.unknown(), 'The document: the store’s, else the company’s, else the default'),
          },
        },
        schema: { params: ZJsonConfigParams },
      },
      (request) => {
        const { db } = requireAuth(request);
        return isShared
          ? resolveCompanyConfig(db, request.params.name)
          : resolveStoreConfig(db, request.params.name);
      },
    );

    r.get(
      `${base}/findone/:name`,
      {
        config: superAdmins,
        schema: { params: ZFindPropertyParams, response: { 200: ZFindPropertyResponse } },
      },
      async (request) => service.findProperty(dbOf(request), await owner(request), request.params.name),
    );

    r.get(
      `${base}/:option`,
      {
        config: superAdmins,
        schema: { params: ZListPropertiesParams, response: { 200: ZListPropertiesResponse } },
      },
      async (request) => service.listProperties(dbOf(request), await owner(request), request.params.option),
    );

    r.post(
      base,
      {
        config: superAdmins,
        schema: { body: ZCreatePropertyRequest, response: { 201: ZCreatePropertyResponse } },
      },
      async (request, reply) => {
        const created = await service.createProperty(
          dbOf(request),
          await owner(request),
          requireAuth(request),
          request.body,
        );
        return reply.code(201).send(created);
      },
    );

    r.put(
      `${base}/:propertyId`,
      {
        config: superAdmins,
        schema: {
          params: ZPropertyIdParam,
          body: ZUpdatePropertyRequest,
          response: { 200: ZUpdatePropertyResponse },
        },
      },
      async (request) =>
        service.updateProperty(
          dbOf(request),
          await owner(request),
          requireAuth(request),
          request.params.propertyId,
          request.body,
        ),
    );

    r.put(
      base,
      {
        config: superAdmins,
        schema: { body: ZUpsertPropertyRequest, response: { 200: ZUpsertPropertyResponse } },
      },
      async (request) =>
        service.upsertProperty(dbOf(request), await owner(request), requireAuth(request), request.body),
    );

    r.delete(
      base,
      { config: { ...superAdmins, answers: NO_CONTENT }, schema: { body: ZDeletePropertiesRequest } },
      async (request, reply) => {
        await service.deleteProperties(
          dbOf(request),
          await owner(request),
          requireAuth(request),
          request.body.ids,
        );
        return reply.code(204).send();
      },
    );

    r.delete(
      `${base}/:propertyId`,
      { config: { ...superAdmins, answers: NO_CONTENT }, schema: { params: ZPropertyIdParam } },
      async (request, reply) => {
        await service.deleteProperties(dbOf(request), await owner(request), requireAuth(request), [
          request.params.propertyId,
        ]);
        return reply.code(204).send();
      },
    );
  }
}
