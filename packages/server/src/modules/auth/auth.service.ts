import {
  ACCOUNT_DISABLED_DESCRIPTION,
  RESET_REQUIRED_DESCRIPTION,
  type TRole,
  type TTokenRequest,
  type TTokenResponse,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import { forTenant } from '../../db/tenant-db';
import { AppError } from '../../lib/app-error';
import { findCompanyName, findUserForSignIn, saveResetPassword } from './accounts.repository';
import { consumeOtp } from './otp.service';
import { createSession } from './sessions.repository';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import type { SignInAttempt } from './sign-in-limiter';
import { findStoreOfStaffEmail } from './sign-in.system';

/** An OAuth2 error answer: `{error, error_description}` with its HTTP status. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

const BAD_CREDENTIALS = 'Bad credentials';

export async function issueToken(
  deps: AppDeps,
  request: TTokenRequest,
  headerTenant: string | undefined,
  client: { address: string; userAgent: string | null },
): Promise<TTokenResponse> {
  const { address } = client;
  const account = (request.grant_type === 'password' ? request.username : request.email).toLowerCase();
  // The place is taken before the slow check, so guesses sent at once are counted at once.
  let attempt: SignInAttempt;
  try {
    attempt = await deps.limiter.take(account, address);
  } catch (error) {
    if (error instanceof AppError)
      throw new OAuthError(429, 'too_many_requests', error.message, error.headers);
    throw error;
  }
  // A failure keeps the place taken.
  const fail = (): never => {
    throw new OAuthError(400, 'invalid_grant', BAD_CREDENTIALS);
  };

  if (request.grant_type === 'otp') {
    const tenantId = await consumeOtp(deps, account, request.otp, headerTenant || undefined);
    if (!tenantId) return fail();
    await attempt.succeeded();
    return sign(deps, client, {
      username: account,
      tenantId,
      authorities: [],
      grantType: 'otp',
      sessionVersion: 0,
    });
  }

  const tenantId = headerTenant || (await findStoreOfStaffEmail(deps.db, account));
  const user = tenantId ? await findUserForSignIn(forTenant(deps.db, tenantId), account) : null;
  if (!user || !tenantId) {
    await burnPasswordCheck(request.password);
    return fail();
  }
  if (!(await verifyPassword(user.passwordHash, request.password))) return fail();
  await attempt.succeeded();
  // Said only to whoever knows the password: a disabled account is no secret from its owner.
  if (user.disabledAt) throw new OAuthError(400, 'invalid_grant', ACCOUNT_DISABLED_DESCRIPTION);
  if (user.mustResetPassword) throw new OAuthError(400, 'invalid_grant', RESET_REQUIRED_DESCRIPTION);
  return sign(deps, client, {
    username: account,
    tenantId,
    authorities: user.roles as TRole[],
    grantType: 'password',
    sessionVersion: user.tokensValidAfter.getTime(),
  });
}

async function sign(
  deps: AppDeps,
  client: { address: string; userAgent: string | null },
  who: {
    username: string;
    tenantId: string;
    authorities: TRole[];
    grantType: 'password' | 'otp';
    sessionVersion: number;
  },
): Promise<TTokenResponse> {
  const db = forTenant(deps.db, who.tenantId);
  const company = await findCompanyName(db);
  if (!company) throw new OAuthError(400, 'invalid_grant', BAD_CREDENTIALS);
  const sessionId = await createSession(
    db,
    { username: who.username, grantType: who.grantType, ...client },
    new Date(Date.now() + deps.config.TOKEN_TTL_SECONDS * 1000),
  );
  const accessToken = await deps.tokens.issue(
    {
      user_name: who.username,
      store_name: who.tenantId,
      authorities: who.authorities,
      grant_type: who.grantType,
      company,
    },
    who.sessionVersion,
    sessionId,
  );
  return { token_type: 'bearer', access_token: accessToken, store_name: who.tenantId };
}

/** The reset step before sign-in: the old password proves who it is. */
export async function resetPassword(
  deps: AppDeps,
  input: { tenantId: string; username: string; password: string; oldPassword: string },
  address: string,
): Promise<void> {
  const attempt = await deps.limiter.take(input.username, address);
  const db = forTenant(deps.db, input.tenantId);
  const user = await findUserForSignIn(db, input.username);
  if (!user || user.disabledAt || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
    if (!user || user.disabledAt) await burnPasswordCheck(input.oldPassword);
    throw new AppError('VALIDATION_FAILED', 'The current password is not correct', {
      oldPassword: 'The current password is not correct',
    });
  }
  await saveResetPassword(db, user.id, await hashPassword(input.password));
  deps.sessions.forget(input.tenantId, input.username);
  await attempt.succeeded();
}
