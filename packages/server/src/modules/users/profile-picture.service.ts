import { ADMIN_ROLES, PROFILE_PICTURE_MAX_BYTES, hasAnyRole, type TUser } from '@claimdesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../lib/app-error';
import { detectImageType } from '../../lib/image-type';
import type { AuthContext } from '../auth/auth-context';
import { assertCanManage } from './users.service';
import * as repo from './users.repository';

/** Reads the multipart `file` part, checks it is an image within the size, stores it, and sets it. */
export async function setProfilePicture(
  deps: AppDeps,
  auth: AuthContext,
  request: FastifyRequest,
  targetId: number | undefined,
): Promise<TUser> {
  const target =
    targetId === undefined
      ? await repo.findUserByName(deps.db, auth.tenantId, auth.username)
      : await repo.findUserById(deps.db, auth.tenantId, targetId);
  if (!target) throw notFound('User');
  if (target.username !== auth.username) {
    if (!hasAnyRole(auth.authorities, ADMIN_ROLES)) throw notFound('User');
    assertCanManage(auth, target.roles);
  }
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send the picture as multipart form data', { file: 'Required' });
  }
  const part = await request.file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } });
  if (!part || part.fieldname !== 'file')
    throw new AppError('VALIDATION_FAILED', 'No file was sent', { file: 'Required' });
  const bytes = await part.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The picture is larger than 5 MB', { file: 'At most 5 MB' });
    }
    throw error;
  });
  const type = detectImageType(bytes);
  if (!type) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a PNG, JPEG, GIF or WebP image', {
      file: 'PNG, JPEG, GIF or WebP only',
    });
  }
  const key = await deps.files.put(bytes);
  const row = await repo.updateUser(deps.db, auth.tenantId, target.id, {
    profilePicture: `${key}.${type.ext}`,
  });
  if (!row) throw notFound('User');
  return repo.toUser(row);
}
