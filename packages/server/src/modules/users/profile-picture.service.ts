import { ADMIN_ROLES, PROFILE_PICTURE_MAX_BYTES, hasAnyRole, type TUser } from '@claimdesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../lib/app-error';
import { detectImageType } from '../../lib/image-type';
import { receiveUpload, uploadOwner } from '../../lib/read-upload';
import type { AuthContext } from '../../auth-context';
import { assertCanManage } from './users.service';
import * as repo from './users.repository';

/** The longest signature detectImageType reads: WebP's, in bytes 8 to 11. */
const IMAGE_HEAD_BYTES = 12;

const imageTypeOf = (head: Uint8Array) => {
  const type = detectImageType(head);
  if (!type) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a PNG, JPEG, GIF or WebP image', {
      file: 'PNG, JPEG, GIF or WebP only',
    });
  }
  return type;
};

/** Reads the multipart `file` part, checks it is an image within the size, stores it, and sets it. */
export async function setProfilePicture(
  deps: AppDeps,
  auth: AuthContext,
  request: FastifyRequest,
  targetId: number | undefined,
): Promise<TUser> {
  const target =
    targetId === undefined
      ? await repo.findUserByName(auth.db, auth.username)
      : await repo.findUserById(auth.db, targetId);
  if (!target) throw notFound('User');
  if (target.username !== auth.username) {
    if (!hasAnyRole(auth.authorities, ADMIN_ROLES)) throw notFound('User');
    assertCanManage(auth, target.roles);
  }
  const upload = await receiveUpload(request, deps.files, {
    owner: uploadOwner(auth),
    maxBytes: PROFILE_PICTURE_MAX_BYTES,
    tooLargeMessage: 'The picture is larger than 5 MB',
    // Checked on the first bytes as they arrive, so a file that is no image is never stored.
    head: { bytes: IMAGE_HEAD_BYTES, check: imageTypeOf },
  });
  // The head check runs on every picture stored, an empty one included, so `head` is always set.
  const type = upload.head ?? imageTypeOf(new Uint8Array());
  const key = upload.key;
  const row = await repo.updateUser(auth.db, target.id, {
    profilePicture: `${key}.${type.ext}`,
  });
  if (!row) throw notFound('User');
  return repo.toUser(row);
}
