import { createHmac, randomBytes } from 'node:crypto';
import type { TPasswordLinkResponse } from '@claimdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { forTenant, type TenantDb } from '../../db/tenant-db';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.repository';
import { findUserForSignIn } from './accounts.repository';
import { passwordLinkMail, type PasswordLinkKind } from './password-link-mail';
import {
  claimPasswordLink,
  findLivePasswordLink,
  insertPasswordLink,
  savePasswordFromLink,
  voidPasswordLinks,
} from './password-links.repository';
import { hashPassword } from './passwords';
import { endSessions } from './sessions.repository';
import { passwordResetLimits } from './sign-in-limiter';
import { findStoreOfStaffEmail } from './sign-in.system';

/** How long a link stands: an hour after "Forgot password?", a week for an invitation. */
export const LINK_TTL_MS: Record<PasswordLinkKind, number> = {
  reset: 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};

export const SET_PASSWORD_PATH = '/login/set-password';

const linkGone = () => new AppError('NOT_FOUND', 'This link is no longer valid. Ask for a new one.');

const hashToken = (key: string, tenantId: string, token: string) =>
  createHmac('sha256', key).update(`password-link\n${tenantId}\n${token}`).digest('hex');

/**
 * Mails the user a new link to choose a password (256 random bits; only its keyed hash is kept),
 * voiding the earlier ones. `origin` is where the web app is opened (PUBLIC_URL, else the request's).
 */
export async function mailPasswordLink(
  deps: AppDeps,
  db: TenantDb,
  user: { id: number; username: string; firstName: string },
  kind: PasswordLinkKind,
  origin: string,
  invitedBy?: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await insertPasswordLink(db, {
    userId: user.id,
    kind,
    tokenHash: hashToken(deps.hashKey, db.tenantId, token),
    expiresAt: new Date(Date.now() + LINK_TTL_MS[kind]),
  });
  const store = await deps.stores.get(db.tenantId);
  const link = new URL(SET_PASSWORD_PATH, origin);
  link.searchParams.set('store', db.tenantId);
  link.searchParams.set('token', token);
  await deps.mailer.send(
    passwordLinkMail({
      to: user.username,
      kind,
      link: link.toString(),
      storeName: store?.displayName ?? db.tenantId,
      firstName: user.firstName,
      ...(invitedBy !== undefined && { invitedBy }),
      language: await deps.stores.language(db.tenantId),
    }),
  );
}

/**
 * "Forgot password?": counts the request under its limits (a 429 whatever the address), then
 * answers at once; the lookup and the mail run after the answer, so a known and an unknown
 * address take the same time and get the same words. A disabled user gets no link.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  email: string,
  client: { address: string; origin: string },
  log: FastifyBaseLogger,
): Promise<void> {
  await deps.limiter.take(email, client.address, {
    name: 'password-reset',
    limits: passwordResetLimits(deps.config),
  });
  void mailResetLink(deps, email, client).catch((error: unknown) => {
    log.error({ err: error }, 'the password reset link could not be mailed');
  });
}

async function mailResetLink(deps: AppDeps, email: string, client: { address: string; origin: string }) {
  const tenantId = await findStoreOfStaffEmail(deps.db, email);
  if (!tenantId) return;
  const db = forTenant(deps.db, tenantId);
  const user = await findUserForSignIn(db, email);
  if (!user || user.disabledAt) return;
  await recordAudit(
    db,
    { username: email, address: client.address },
    { action: 'user.password_reset_requested', targetType: 'user', targetId: email },
  );
  await mailPasswordLink(
    deps,
    db,
    { id: user.id, username: email, firstName: user.firstName },
    'reset',
    client.origin,
  );
}

/** What a standing link is for, to show before the password is chosen; 404 when it no longer stands. */
export async function describePasswordLink(
  deps: AppDeps,
  tenantId: string,
  token: string,
): Promise<TPasswordLinkResponse> {
  const db = forTenant(deps.db, tenantId);
  const link = await findLivePasswordLink(db, hashToken(deps.hashKey, tenantId, token));
  if (!link || link.disabledAt) throw linkGone();
  const store = await deps.stores.get(tenantId);
  return {
    kind: link.kind,
    username: link.username,
    firstName: link.firstName,
    storeName: store?.displayName ?? tenantId,
  };
}

/**
 * Chooses the password with a link, once: every session of the user ends (a reset is what a
 * person does when someone else may know the old password), and the invitation is done.
 */
export async function setPasswordWithLink(
  deps: AppDeps,
  input: { tenantId: string; token: string; password: string },
  address: string,
): Promise<{ username: string }> {
  const db = forTenant(deps.db, input.tenantId);
  const link = await findLivePasswordLink(db, hashToken(deps.hashKey, input.tenantId, input.token));
  if (!link || link.disabledAt) throw linkGone();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await claimPasswordLink(tx, link.id))) throw linkGone();
    await savePasswordFromLink(tx, link.userId, passwordHash);
    await voidPasswordLinks(tx, link.userId);
    const ended = await endSessions(tx, { username: link.username, grantType: 'password' });
    await recordAudit(
      tx,
      { username: link.username, address },
      {
        action: 'user.password_reset',
        targetType: 'user',
        targetId: link.username,
        changes: { detail: { link: link.kind, sessionsEnded: ended } },
      },
    );
  });
  deps.sessions.forget(input.tenantId, link.username);
  return { username: link.username };
}

/** Where the web app is opened, for a mailed link: PUBLIC_URL, else the address the request came to. */
export const linkOrigin = (config: AppDeps['config'], request: { protocol: string; host: string }): string =>
  config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
