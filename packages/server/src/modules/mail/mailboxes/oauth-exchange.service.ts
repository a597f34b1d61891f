import { ZEmail, type TOAuthProvider } from '@claimdesk/contracts';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { TenantDb } from '../../../db/tenant-db';
import { AppError } from '../../../lib/app-error';
import type { SecretBox } from '../common/mail-crypto';
import { claimingAddress } from '../accounts/mailbox-claim';
import {
  findMailboxByAddress,
  insertMailbox,
  updateMailbox,
  type Mailbox,
} from '../accounts/mailbox.repository';
import { auditActor } from '../../audit/audit-actor';
import { mailboxDiff, mailboxSettings, recordMailbox } from './mailbox-audit';
import { providerSettings, type OAuthProviderSettings } from '../accounts/oauth-providers';
import { createState } from './oauth-state';
import { parseTokens, tokensFromAnswer } from '../accounts/oauth-tokens';
import { OAuthProviderError, accountAddress, requestTokens } from '../accounts/token-endpoint.client';

interface Deps {
  /** The raw handle, for the one write across stores a claim may make (mailbox-claim.ts). */
  db: Db;
  secrets: SecretBox;
  config: Config;
}

function configured(config: Config, provider: TOAuthProvider): OAuthProviderSettings {
  const settings = providerSettings(config, provider);
  if (!settings.clientId) {
    const name = provider === 'google' ? 'GOOGLE_OAUTH_CLIENT_ID' : 'MICROSOFT_OAUTH_CLIENT_ID';
    throw new AppError('CONFLICT', `Sign-in with ${provider} is not set up on this server (${name})`);
  }
  return settings;
}

/** The provider's sign-in page for this store's administrator, with a signed state. */
/** The provider's IMAP and SMTP servers, signed in to as the mailbox's own address. */
const providerServers = (settings: OAuthProviderSettings, address: string) => ({
  imapHost: settings.imap.host,
  imapPort: settings.imap.port,
  imapSecure: settings.imap.secure,
  imapUser: address,
  smtpHost: settings.smtp.host,
  smtpPort: settings.smtp.port,
  smtpSecure: settings.smtp.secure,
  smtpUser: address,
});

export function authorizeUrl(
  config: Config,
  stateKey: string,
  tenantId: string,
  provider: TOAuthProvider,
): { url: string; state: string } {
  const settings = configured(config, provider);
  const state = createState(stateKey, tenantId, provider);
  const url = new URL(settings.authorizeUrl);
  const params = {
    client_id: settings.clientId ?? '',
    response_type: 'code',
    redirect_uri: settings.redirectUri,
    scope: settings.scopes,
    state,
    ...settings.authorizeParams,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return { url: url.toString(), state };
}

/**
 * Exchanges an authorization code for tokens, reads the account's address, and creates or
 * updates the store's mailbox of that address as this provider's mailbox, tokens sealed,
 * enabled and no longer failing. A provider that answers no refresh token on a second
 * sign-in keeps the one stored before. The provider signed the account in, so its address is
 * proven; an address another store holds is refused (409) like any claim.
 */
export async function exchangeCode(
  deps: Deps,
  auth: { db: TenantDb; username: string; address: string },
  provider: TOAuthProvider,
  code: string,
): Promise<Mailbox> {
  const settings = configured(deps.config, provider);
  let answer;
  try {
    answer = await requestTokens(settings, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: settings.redirectUri,
    });
  } catch (error) {
    if (error instanceof OAuthProviderError) {
      throw new AppError('VALIDATION_FAILED', error.message, { token: error.message });
    }
    throw error;
  }
  const parsedAddress = ZEmail.safeParse(await accountAddress(settings, answer));
  if (!parsedAddress.success) {
    const message = `${provider} did not tell the mailbox's address (allow the email permission)`;
    throw new AppError('VALIDATION_FAILED', message, { token: message });
  }
  const address = parsedAddress.data;
  const { db } = auth;
  const { tenantId } = db;
  const existing = await findMailboxByAddress(db, address);
  const previousRefresh =
    existing?.kind === settings.kind && existing.secretEncrypted
      ? parseTokens(deps.secrets.open(tenantId, existing.secretEncrypted)).refreshToken
      : undefined;
  const tokens = tokensFromAnswer(answer, previousRefresh);
  const secret = JSON.stringify(tokens);
  // The tokens are named so that the log shows they were replaced; recordAudit masks them.
  const audited = (before: Mailbox | null, after: Mailbox) => ({
    ...(before ? mailboxDiff(before, after) : { after: mailboxSettings(after) }),
    detail: {
      provider,
      tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? null },
    },
  });
  if (!existing) {
    return claimingAddress({ db: deps.db, address, tenantId, isProven: true }, () =>
      db.transaction(async (tx) => {
        const inserted = await insertMailbox(tx, deps.secrets, {
          address,
          kind: settings.kind,
          ...providerServers(settings, address),
          secret,
          verifiedAt: new Date(),
        });
        await recordMailbox(tx, auditActor(auth), 'oauth.connected', address, audited(null, inserted));
        return inserted;
      }),
    );
  }
  // The same provider keeps the servers an administrator may have set; another kind takes the provider's.
  const isSameKind = existing.kind === settings.kind;
  const updated = await db.transaction(async (tx) => {
    const changed = await updateMailbox(tx, existing.id, {
      kind: settings.kind,
      ...(!isSameKind && {
        ...providerServers(settings, address),
        uidValidity: null,
        lastUid: 0,
      }),
      secretEncrypted: deps.secrets.seal(tenantId, secret),
      isEnabled: true,
      state: 'ok',
      lastError: null,
      lastErrorAt: null,
      verifiedAt: existing.verifiedAt ?? new Date(),
      verificationCodeHash: null,
      verificationSentAt: null,
      verificationAttempts: 0,
      updatedAt: new Date(),
    });
    if (changed)
      await recordMailbox(tx, auditActor(auth), 'oauth.connected', address, audited(existing, changed));
    return changed;
  });
  if (!updated) throw new Error('mailbox vanished while signing in');
  return updated;
}
