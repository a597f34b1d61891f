import {
  ADMIN_ROLES,
  UPDATE_PASSWORD_ANSWER,
  ZCreateUserRequest,
  ZCreateUserResponse,
  ZGetUserByNameQuery,
  ZGetUserByNameResponse,
  ZIdParam,
  ZInviteUserRequest,
  ZInviteUserResponse,
  ZListRolesResponse,
  ZListUsersQuery,
  ZListUsersResponse,
  ZProfilePictureParams,
  ZSetUserDisabledRequest,
  ZUpdatePasswordRequest,
  ZUpdateUserRequest,
  ZUpdateUserResponse,
  ZUser,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MIME_BY_EXT } from '../../lib/image-type';
import { requireAuth } from '../../auth-context';
import { linkOrigin } from '../auth/password-links.service';
import { inviteUser, resendInvitation } from './invite.service';
import { setProfilePicture } from './profile-picture.service';
import { isCurrentProfilePictureOfAnyUser } from './profile-picture.system';
import { PROFILE_PICTURE_PATH, listUsers, toUser } from './users.repository';
import * as service from './users.service';
import { NO_CONTENT, fileAnswer, textAnswer } from '../../lib/openapi-answers';

const admins = { roles: ADMIN_ROLES, passwordUsersOnly: true } as const;
const passwordUsers = { passwordUsersOnly: true } as const;

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/api/users';

  r.get(
    base,
    { config: admins, schema: { querystring: ZListUsersQuery, response: { 200: ZListUsersResponse } } },
    async (request) => {
      const rows = await listUsers(requireAuth(request).db, request.query.search);
      return rows.map(toUser);
    },
  );

  r.get(
    `${base}/by-user-name`,
    {
      config: passwordUsers,
      schema: { querystring: ZGetUserByNameQuery, response: { 200: ZGetUserByNameResponse } },
    },
    (request) => service.getUserByName(app.deps, requireAuth(request), request.query.userName),
  );

  r.get(`${base}/roles`, { config: admins, schema: { response: { 200: ZListRolesResponse } } }, (request) =>
    service.assignableRoles(requireAuth(request)),
  );

  r.post(
    base,
    { config: admins, schema: { body: ZCreateUserRequest, response: { 201: ZCreateUserResponse } } },
    async (request, reply) => {
      const user = await service.createUser(app.deps, requireAuth(request), request.body);
      return reply.code(201).send(user);
    },
  );

  r.post(
    `${base}/invite`,
    { config: admins, schema: { body: ZInviteUserRequest, response: { 201: ZInviteUserResponse } } },
    async (request, reply) => {
      const origin = linkOrigin(app.deps.config, request);
      const user = await inviteUser(app.deps, requireAuth(request), request.body, origin);
      return reply.code(201).send(user);
    },
  );

  r.post(
    `${base}/:id/invite`,
    { config: admins, schema: { params: ZIdParam, response: { 200: ZInviteUserResponse } } },
    (request) =>
      resendInvitation(
        app.deps,
        requireAuth(request),
        request.params.id,
        linkOrigin(app.deps.config, request),
      ),
  );

  r.put(
    `${base}/:id`,
    {
      config: admins,
      schema: { params: ZIdParam, body: ZUpdateUserRequest, response: { 200: ZUpdateUserResponse } },
    },
    (request) => service.updateUser(app.deps, requireAuth(request), request.params.id, request.body),
  );

  r.delete(
    `${base}/:id`,
    { config: { ...admins, answers: NO_CONTENT }, schema: { params: ZIdParam } },
    async (request, reply) => {
      await service.deleteUser(app.deps, requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.put(
    `${base}/:id/disabled`,
    {
      config: admins,
      schema: { params: ZIdParam, body: ZSetUserDisabledRequest, response: { 200: ZUser } },
    },
    (request) =>
      service.setUserDisabled(app.deps, requireAuth(request), request.params.id, request.body.isDisabled),
  );

  r.put(
    `${base}/update-password/:id`,
    {
      config: { ...passwordUsers, answers: { 200: textAnswer('The password was changed') } },
      schema: { params: ZIdParam, body: ZUpdatePasswordRequest },
    },
    async (request, reply) => {
      await service.updatePassword(app.deps, requireAuth(request), request.params.id, request.body);
      return reply.type('text/plain; charset=utf-8').send(UPDATE_PASSWORD_ANSWER);
    },
  );

  r.post(
    `${base}/profile-picture`,
    { config: passwordUsers, schema: { response: { 200: ZUser } } },
    (request) => setProfilePicture(app.deps, requireAuth(request), request, undefined),
  );
  r.post(
    `${base}/profile-picture/:id`,
    { config: admins, schema: { params: ZIdParam, response: { 200: ZUser } } },
    (request) => setProfilePicture(app.deps, requireAuth(request), request, request.params.id),
  );

  // Pictures are public by an unguessable content-hash name, so an <img> can show them; only a
  // user's current picture is served, never another file of the shared store under its hash.
  r.get(
    `${PROFILE_PICTURE_PATH}/:file`,
    {
      config: {
        access: 'public',
        answers: { 200: fileAnswer('image/*', 'The picture (JPEG, PNG or WebP)') },
      },
      schema: { params: ZProfilePictureParams },
    },
    async (request, reply) => {
      const [key = '', ext = ''] = request.params.file.split('.');
      const isPicture = await isCurrentProfilePictureOfAnyUser(app.deps.db, request.params.file);
      const bytes = isPicture ? await app.deps.files.get(key) : null;
      if (!bytes) return reply.code(404).send({ code: 'NOT_FOUND', message: 'Picture not found' });
      return reply
        .type(MIME_BY_EXT[ext] ?? 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );
}
