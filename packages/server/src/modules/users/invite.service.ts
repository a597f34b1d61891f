import { randomBytes } from 'node:crypto';
import type { TInviteUserRequest, TUser } from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-error';
import { recordAudit } from '../audit/audit.repository';
import type { AuthContext } from '../../auth-context';
import { mailPasswordLink } from '../auth/password-links.service';
import { hashPassword } from '../auth/passwords';
import { assertCanAssign, assertCanManage, assertUsernameFree } from './users.service';
import * as repo from './users.repository';

const inviterName = async (auth: AuthContext): Promise<string> => {
  const me = await repo.findUserByName(auth.db, auth.username);
  return (me && `${me.firstName} ${me.lastName}`.trim()) || auth.username;
};

/**
 * Invites a colleague: the user is made with a password nobody knows (a random one, hashed like
 * any) and mailed a link, valid 7 days, to choose their own. Shown as invited until they do.
 */
export async function inviteUser(
  deps: AppDeps,
  auth: AuthContext,
  input: TInviteUserRequest,
  origin: string,
): Promise<TUser> {
  assertCanAssign(auth, [], input.roles);
  await assertUsernameFree(deps, input.username);
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  let row;
  try {
    row = await auth.db.transaction(async (tx) => {
      const created = await repo.insertUser(tx, {
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        roles: [...new Set(input.roles)],
        passwordHash,
        mustResetPassword: false,
        invitedAt: new Date(),
      });
      await recordAudit(
        tx,
        { username: auth.username, address: auth.address },
        {
          action: 'user.invited',
          targetType: 'user',
          targetId: created.username,
          changes: {
            after: {
              username: created.username,
              firstName: created.firstName,
              lastName: created.lastName,
              roles: created.roles,
            },
          },
        },
      );
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) await assertUsernameFree(deps, input.username);
    throw error;
  }
  await mailPasswordLink(deps, auth.db, row, 'invite', origin, await inviterName(auth));
  return repo.toUser(row);
}

/** Mails an invited user a new link; the earlier one is void. */
export async function resendInvitation(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  origin: string,
): Promise<TUser> {
  const user = await repo.findUserById(auth.db, id);
  if (!user) throw notFound('User');
  assertCanManage(auth, user.roles);
  if (!user.invitedAt || user.disabledAt) {
    throw new AppError('CONFLICT', 'This user has no open invitation');
  }
  await recordAudit(
    auth.db,
    { username: auth.username, address: auth.address },
    {
      action: 'user.invited',
      targetType: 'user',
      targetId: user.username,
      changes: { detail: { again: true } },
    },
  );
  await mailPasswordLink(deps, auth.db, user, 'invite', origin, await inviterName(auth));
  return repo.toUser(user);
}
