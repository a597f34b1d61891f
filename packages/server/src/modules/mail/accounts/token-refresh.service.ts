import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { forTenant } from '../../../db/tenant-db';
import type { SecretBox } from '../common/mail-crypto';
import { getMailbox, markMailboxFailing, saveMailboxSecret, type Mailbox } from './mailbox.repository';
import { providerOfKind, providerSettings } from './oauth-providers';
import { parseTokens, REFRESH_MARGIN_MS, tokensFromAnswer } from './oauth-tokens';
import { OAuthProviderError, requestTokens } from './token-endpoint.client';

export interface RefreshDeps {
  /** The raw handle: a mailbox of any store is refreshed (the outbox worker sends for all). */
  db: Db;
  secrets: SecretBox;
  config: Config;
}

/** Refreshes running in this process, per mailbox: two sign-ins at once share one refresh. */
const inFlight = new Map<string, Promise<Mailbox>>();

/**
 * The mailbox ready for an IMAP or SMTP sign-in. For a Google or Microsoft mailbox whose access
 * token runs out within a minute, the token is refreshed at the provider's token endpoint and
 * the new token set (with a rotated refresh token) is sealed and saved before it is used, so a
 * crash right after cannot lose the only valid refresh token. A refused refresh marks the
 * mailbox failing with the provider's error and throws it. Other kinds pass through.
 */
export async function withFreshToken(deps: RefreshDeps, mailbox: Mailbox): Promise<Mailbox> {
  const provider = providerOfKind(mailbox.kind);
  if (!provider) return mailbox;
  if (!mailbox.secretEncrypted) {
    throw new OAuthProviderError(`The ${provider} authorization was removed: sign in again`);
  }
  const tokens = parseTokens(deps.secrets.open(mailbox.tenantId, mailbox.secretEncrypted));
  if (tokens.expiresAt === undefined || tokens.expiresAt - Date.now() > REFRESH_MARGIN_MS) return mailbox;
  const key = `${mailbox.tenantId}\u0000${String(mailbox.id)}`;
  let refresh = inFlight.get(key);
  if (!refresh) {
    refresh = refreshTokens(deps, mailbox, provider).finally(() => inFlight.delete(key));
    inFlight.set(key, refresh);
  }
  return refresh;
}

async function refreshTokens(
  deps: RefreshDeps,
  mailbox: Mailbox,
  provider: 'google' | 'microsoft',
): Promise<Mailbox> {
  const db = forTenant(deps.db, mailbox.tenantId);
  const sealed = mailbox.secretEncrypted ?? '';
  const tokens = parseTokens(deps.secrets.open(mailbox.tenantId, sealed));
  const settings = providerSettings(deps.config, provider);
  try {
    if (!tokens.refreshToken)
      throw new OAuthProviderError(`The ${provider} sign-in has no refresh token: sign in again`);
    const answer = await requestTokens(settings, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
      ...(settings.hasScopeOnRefresh && { scope: settings.scopes }),
    });
    const fresh = tokensFromAnswer(answer, tokens.refreshToken);
    const saved = await saveMailboxSecret(
      db,
      mailbox.id,
      deps.secrets.seal(mailbox.tenantId, JSON.stringify(fresh)),
    );
    if (!saved) throw new Error(`Mailbox ${mailbox.address} is gone`);
    return saved;
  } catch (error) {
    // Another server process may have refreshed (and rotated) first: use its tokens.
    const current = await getMailbox(db, mailbox.id);
    if (current?.secretEncrypted && current.secretEncrypted !== sealed) {
      const theirs = parseTokens(deps.secrets.open(current.tenantId, current.secretEncrypted));
      if (theirs.expiresAt === undefined || theirs.expiresAt - Date.now() > REFRESH_MARGIN_MS) return current;
    }
    const message = error instanceof Error ? error.message : String(error);
    await markMailboxFailing(db, mailbox.id, message);
    throw error;
  }
}
