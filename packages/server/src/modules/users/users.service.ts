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
import type { AuthContext } from '../../auth-context';
import { voidPasswordLinks } from '../auth/password-links.repository';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { findStoreOfStaffEmail } from '../auth/sign-in.system';
import { recordAudit } from '../audit/audit.repository';
import { announceAccessChanged, endSessions } from '../auth/sessions.repository';
import * as repo from './users.repository';

/** Only a super administrator may give or take a super-administrator role. */
export function assignableRoles(auth: AuthContext): TRole[] {
  const isSuper = hasAnyRole(auth.authorities, SUPER_ADMIN_ROLES);
  return ROLES.filter((role) => isSuper || !SUPER_ADMIN_ROLES.includes(role));
}

export function assertCanAssign(auth: AuthContext, before: readonly string[], after: readonly TRole[]): void {
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

export async function assertUsernameFree(deps: AppDeps, username: string): Promise<void> {
  // Staff usernames are unique across stores: the sign-in finds the store by the email.
  if ((await findStoreOfStaffEmail(deps.db, username)) !== null) {
    throw new AppError('CONFLICT', 'This email is already in use', {
      username: 'This email is already in use',
    });
  }
}

/** The audit log's actor: the signed-in administrator and the address the call came from. */
const actorOf = (auth: AuthContext) => ({ username: auth.username, address: auth.address });

/** What the audit log keeps of a user: who it is and what it may do, never a password. */
const auditView = (u: {
  username: string;
  firstName: string;
  lastName: string;
  roles: readonly string[];
}) => ({
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  roles: [...u.roles],
});

export async function createUser(
  deps: AppDeps,
  auth: AuthContext,
  input: TCreateUserRequest,
): Promise<TUser> {
  assertCanAssign(auth, [], input.roles);
  await assertUsernameFree(deps, input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await auth.db.transaction(async (tx) => {
      const created = await repo.insertUser(tx, {
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        roles: [...new Set(input.roles)],
        passwordHash,
        mustResetPassword: true,
      });
      await recordAudit(tx, actorOf(auth), {
        action: 'user.created',
        targetType: 'user',
        targetId: created.username,
        changes: { after: auditView(created) },
      });
      return created;
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
  const isRenamed = input.username !== current.username;
  if (isRenamed) await assertUsernameFree(deps, input.username);
  const roles = [...new Set(input.roles)];
  const rolesChanged = [...current.roles].sort().join() !== [...roles].sort().join();
  const row = await auth.db.transaction(async (tx) => {
    if (isRenamed) await repo.renameUser(tx, current.username, input.username);
    const updated = await repo.updateUser(tx, id, {
      firstName: input.firstName,
      lastName: input.lastName,
      roles,
      // A changed name or roles voids the user's tokens, which carry both.
      ...((rolesChanged || isRenamed) && { tokensValidAfter: new Date() }),
    });
    if (!updated) throw notFound('User');
    await recordAudit(tx, actorOf(auth), {
      action: rolesChanged ? 'user.roles_changed' : 'user.updated',
      targetType: 'user',
      targetId: updated.username,
      changes: { before: auditView(current), after: auditView(updated) },
    });
    if (rolesChanged || isRenamed) await announceAccessChanged(tx, current.username);
    return updated;
  });
  deps.sessions.forget(auth.tenantId, current.username);
  return repo.toUser(row);
}

export async function deleteUser(deps: AppDeps, auth: AuthContext, id: number): Promise<void> {
  const current = await repo.findUserById(auth.db, id);
  if (!current) throw notFound('User');
  if (current.username === auth.username)
    throw new AppError('VALIDATION_FAILED', 'You cannot delete yourself');
  assertCanManage(auth, current.roles);
  await auth.db.transaction(async (tx) => {
    await repo.deleteUser(tx, id);
    await endSessions(tx, { username: current.username, grantType: 'password' });
    await recordAudit(tx, actorOf(auth), {
      action: 'user.deleted',
      targetType: 'user',
      targetId: current.username,
      changes: { before: auditView(current) },
    });
  });
  deps.sessions.forget(auth.tenantId, current.username);
}

/**
 * Disables or enables a staff user. A disabled user keeps its cases, mail and history, is refused
 * at sign-in, and every session it has ends at once (in every server process).
 */
export async function setUserDisabled(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  isDisabled: boolean,
): Promise<TUser> {
  const current = await repo.findUserById(auth.db, id);
  if (!current) throw notFound('User');
  if (current.username === auth.username) {
    throw new AppError('VALIDATION_FAILED', 'You cannot disable yourself', {
      isDisabled: 'You cannot disable yourself',
    });
  }
  assertCanManage(auth, current.roles);
  if ((current.disabledAt !== null) === isDisabled) return repo.toUser(current);
  const row = await auth.db.transaction(async (tx) => {
    const updated = await repo.updateUser(tx, id, { disabledAt: isDisabled ? new Date() : null });
    if (!updated) throw notFound('User');
    const ended = isDisabled
      ? await endSessions(tx, { username: current.username, grantType: 'password' })
      : 0;
    await recordAudit(tx, actorOf(auth), {
      action: isDisabled ? 'user.disabled' : 'user.enabled',
      targetType: 'user',
      targetId: current.username,
      changes: { detail: isDisabled ? { sessionsEnded: ended } : {} },
    });
    await announceAccessChanged(tx, current.username);
    return updated;
  });
  deps.sessions.forget(auth.tenantId, current.username);
  return repo.toUser(row);
}

/**
 * For oneself with the old password: every other session of the user ends, the one that asked
 * goes on. An administrator setting another's: all of that user's sessions end, and the user must
 * choose a new password at the next sign-in.
 */
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
  const passwordHash = await hashPassword(input.password);
  await auth.db.transaction(async (tx) => {
    await repo.updateUser(tx, id, {
      passwordHash,
      // A password is set: an open invitation is over (its link is voided below).
      invitedAt: null,
      mustResetPassword: !isSelf,
      ...(!isSelf && { tokensValidAfter: new Date() }),
    });
    const ended = await endSessions(
      tx,
      { username: target.username, grantType: 'password' },
      isSelf ? { exceptId: auth.sessionId } : {},
    );
    await voidPasswordLinks(tx, id);
    await recordAudit(tx, actorOf(auth), {
      action: 'user.password_set',
      targetType: 'user',
      targetId: target.username,
      changes: { detail: { byTheUser: isSelf, otherSessionsEnded: ended } },
    });
  });
  deps.sessions.forget(auth.tenantId, target.username);
}

export async function getUserByName(deps: AppDeps, auth: AuthContext, username: string): Promise<TUser> {
  if (username !== auth.username && !hasAnyRole(auth.authorities, ADMIN_ROLES)) throw forbidden();
  const row = await repo.findUserByName(auth.db, username);
  if (!row) throw notFound('User');
  return repo.toUser(row);
}
