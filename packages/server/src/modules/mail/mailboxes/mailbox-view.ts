import type {
  TMailbox,
  TMailboxAuthorization,
  TMailboxForwardTarget,
  TMailboxKind,
  TMailboxState,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../../app-deps';
import type { Config } from '../../../config';
import type { SecretBox } from '../common/mail-crypto';
import type { Mailbox } from '../accounts/mailbox.repository';
import { providerOfKind } from '../accounts/oauth-providers';
import { authorizationOf, parseTokens, type OAuthTokens } from '../accounts/oauth-tokens';

/** What a mailbox's view needs beside its row. */
export interface MailboxViewContext {
  /** Opens an OAuth mailbox's tokens, to tell when they run out (they are never answered). */
  secrets: SecretBox;
  /** Where forward mailboxes' mail goes: the inbound receiver as the world reaches it. */
  forwardTo: TMailboxForwardTarget;
  now?: number;
}

/**
 * Where providers forward to: INBOUND_SMTP_PUBLIC_HOST and INBOUND_SMTP_PUBLIC_PORT when set, else
 * the host name the request came to (the settings page reached this server there) and the port the
 * receiver listens on.
 */
export function forwardTarget(config: Config, requestHost: string): TMailboxForwardTarget {
  return {
    host: config.INBOUND_SMTP_PUBLIC_HOST ?? requestHost,
    port: config.INBOUND_SMTP_PUBLIC_PORT ?? config.INBOUND_SMTP_PORT,
  };
}

/** The view maker of one request: the routes answer mailboxes through it. */
export const mailboxViewer =
  (deps: Pick<AppDeps, 'secrets' | 'config'>, requestHost: string) =>
  (row: Mailbox): TMailbox =>
    toMailboxView(row, { secrets: deps.secrets, forwardTo: forwardTarget(deps.config, requestHost) });

function authorization(row: Mailbox, context: MailboxViewContext): TMailboxAuthorization | null {
  if (!providerOfKind(row.kind)) return null;
  let tokens: OAuthTokens | null = null;
  if (row.secretEncrypted) {
    try {
      tokens = parseTokens(context.secrets.open(row.tenantId, row.secretEncrypted));
    } catch {
      // Unreadable (another ENCRYPTION_KEY): no sign-in works until a person signs in again.
      return { state: 'expired', accessTokenExpiresAt: null, hasRefreshToken: false };
    }
  }
  return authorizationOf(row, tokens, context.now);
}

/** A mailbox as the API answers it: everything but its sealed secret. */
export function toMailboxView(row: Mailbox, context: MailboxViewContext): TMailbox {
  return {
    id: row.id,
    address: row.address,
    kind: row.kind as TMailboxKind,
    imapHost: row.imapHost,
    imapPort: row.imapPort,
    imapSecure: row.imapSecure,
    imapUser: row.imapUser,
    imapFolder: row.imapFolder,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecure: row.smtpSecure,
    smtpUser: row.smtpUser,
    hasCredentials: row.secretEncrypted !== null,
    authorization: authorization(row, context),
    forwardTo: row.kind === 'forward' ? context.forwardTo : null,
    isEnabled: row.isEnabled,
    state: row.state as TMailboxState,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    lastFetchAt: row.lastFetchAt?.toISOString() ?? null,
    lastSendAt: row.lastSendAt?.toISOString() ?? null,
    isVerified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verificationSentAt: row.verifiedAt ? null : (row.verificationSentAt?.toISOString() ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
