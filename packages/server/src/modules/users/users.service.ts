import {
  ADMIN_ROLES,
  ROLES,
  SUPER_ADMIN_ROLES,
  hasAnyRole,
  type TCreateUserRequest,
  type TRole,
  type TUpdatePasswordRequest,
  type TUpdateUserRequest,
  type TUser,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-error';
import type { AuthContext } from '../auth/auth-context';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { findStoreOfStaffEmail } from '../auth/sign-in.system';
import * as repo from './users.repository';

/** Only a super administrator may give or take a super-administrator role. */
export function assignableRoles(auth: AuthContext): TRole[] {
  const isSuper = hasAnyRole(auth.authorities, SUPER_ADMIN_ROLES);
  return ROLES.filter((role) => isSuper || !SUPER_ADMIN_ROLES.includes(role));
}

function assertCanAssign(auth: AuthContext, before: readonly string[], after: readonly TRole[]): void {
  const allowed = assignableRoles(auth);
  const changed = [
    ...after.filter((r) => !before.includes(r)),
    ...before.filter((r) => !after.includes(r as TRole)),
  ];
  const refused = changed.filter((r) => !allowed.includes(r as TRole));
  if (refused.length > 0) {
    throw new AppError('FORBIDDEN', `You cannot give or take the role ${refused.join(', ')}`, {
      roles: `Not allowed: ${refused.join(', ')}`,
    });
  }
}

/** Only a super administrator may change or remove a super administrator. */
export function assertCanManage(auth: AuthContext, targetRoles: readonly string[]): void {
  if (hasAnyRole(targetRoles, SUPER_ADMIN_ROLES) && !hasAnyRole(auth.authorities, SUPER_ADMIN_ROLES)) {
    throw forbidden('Only a super administrator can change a super administrator');
  }
}

async function assertUsernameFree(deps: AppDeps, username: string): Promise<void> {
  // Staff usernames are unique across stores: the sign-in finds the store by the email.
  if ((await findStoreOfStaffEmail(deps.db, username)) !== null) {
    throw new AppError('CONFLICT', 'This email is already in use', {
      username: 'This email is already in use',
    });
  }
}

export async function createUser(
  deps: AppDeps,
  auth: AuthContext,
  input: TCreateUserRequest,
): Promise<TUser> {
  assertCanAssign(auth, [], input.roles);
  await assertUsernameFree(deps, input.username);
  try {
    const row = await repo.insertUser(auth.db, {
      username: input.username,
      firstName: input.firstName,
      lastName: input.lastName,
      roles: [...new Set(input.roles)],
      passwordHash: await hashPassword(input.password),
      mustResetPassword: true,
    });
    return repo.toUser(row);
  } catch (error) {
    // Two administrators creating the same email at once: the directory's key decides.
    if (isUniqueViolation(error)) await assertUsernameFree(deps, input.username);
    throw error;
  }
}

export async function updateUser(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  input: TUpdateUserRequest,
): Promise<TUser> {
  const current = await repo.findUserById(auth.db, id);
  if (!current) throw notFound('User');
  assertCanManage(auth, current.roles);
  assertCanAssign(auth, current.roles, input.roles);
  const isSelf = current.username === auth.username;
  if (isSelf && !hasAnyRole(input.roles, ADMIN_ROLES)) {
    throw new AppError('VALIDATION_FAILED', 'You cannot remove your own administrator role', {
      roles: 'You cannot remove your own administrator role',
    });
  }
  if (input.username !== current.username) {
    await assertUsernameFree(deps, input.username);
    await repo.renameUser(auth.db, current.username, input.username);
  }
  const rolesChanged = [...current.roles].sort().join() !== [...new Set(input.roles)].sort().join();
  const row = await repo.updateUser(auth.db, id, {
    firstName: input.firstName,
    lastName: input.lastName,
    roles: [...new Set(input.roles)],
    // A changed name or roles voids the user's tokens, which carry both.
    ...((rolesChanged || input.username !== current.username) && { tokensValidAfter: new Date() }),
  });
  if (!row) throw notFound('User');
  deps.sessions.forget(auth.tenantId, current.username);
  return repo.toUser(row);
}

export async function deleteUser(deps: AppDeps, auth: AuthContext, id: number): Promise<void> {
  const current = await repo.findUserById(auth.db, id);
  if (!current) throw notFound('User');
  if (current.username === auth.username)
    throw new AppError('VALIDATION_FAILED', 'You cannot delete yourself');
  assertCanManage(auth, current.roles);
  await repo.deleteUser(auth.db, id);
  deps.sessions.forget(auth.tenantId, current.username);
}

/** For oneself with the old password; an administrator for another user, who must then reset it. */
export async function updatePassword(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  input: TUpdatePasswordRequest,
): Promise<void> {
  const target = await repo.findUserById(auth.db, id);
  const isSelf = target?.username === auth.username;
  if (!target || (!isSelf && !hasAnyRole(auth.authorities, ADMIN_ROLES))) throw notFound('User');
  if (isSelf) {
    if (!input.oldPassword || !(await verifyPassword(target.passwordHash, input.oldPassword))) {
      throw new AppError('VALIDATION_FAILED', 'The current password is not correct', {
        oldPassword: 'The current password is not correct',
      });
    }
  } else {
    assertCanManage(auth, target.roles);
  }
  await repo.updateUser(auth.db, id, {
    passwordHash: await hashPassword(input.password),
    mustResetPassword: !isSelf,
    // Another's password set by an administrator ends that user's sessions; one's own change keeps them.
    ...(!isSelf && { tokensValidAfter: new Date() }),
  });
  deps.sessions.forget(auth.tenantId, target.username);
}

export async function getUserByName(deps: AppDeps, auth: AuthContext, username: string): Promise<TUser> {
  if (username !== auth.username && !hasAnyRole(auth.authorities, ADMIN_ROLES)) throw forbidden();
  const row = await repo.findUserByName(auth.db, username);
  if (!row) throw notFound('User');
  return repo.toUser(row);
}
