import type { TMailboxKind, TOAuthProvider } from '@claimdesk/contracts';
import type { Config } from '../../../config';

/** Where a provider signs in, and the mail servers its mailboxes use. */
export interface OAuthProviderSettings {
  provider: TOAuthProvider;
  kind: TMailboxKind;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
  redirectUri: string;
  scopes: string;
  imap: { host: string; port: number; secure: boolean };
  smtp: { host: string; port: number; secure: boolean };
  /** Microsoft wants the scopes again on a refresh; Google takes none. */
  hasScopeOnRefresh: boolean;
  /** Extra authorize parameters: Google answers a refresh token only with offline access and consent. */
  authorizeParams: Record<string, string>;
}

export function providerSettings(config: Config, provider: TOAuthProvider): OAuthProviderSettings {
  if (provider === 'google') {
    return {
      provider,
      kind: 'imap-oauth-google',
      authorizeUrl: config.GOOGLE_OAUTH_AUTHORIZE_URL,
      tokenUrl: config.GOOGLE_OAUTH_TOKEN_URL,
      userinfoUrl: config.GOOGLE_OAUTH_USERINFO_URL,
      clientId: config.GOOGLE_OAUTH_CLIENT_ID,
      clientSecret: config.GOOGLE_OAUTH_CLIENT_SECRET,
      redirectUri: config.GOOGLE_OAUTH_REDIRECT_URI,
      scopes: config.GOOGLE_OAUTH_SCOPES,
      imap: { host: 'imap.gmail.com', port: 993, secure: true },
      smtp: { host: 'smtp.gmail.com', port: 465, secure: true },
      hasScopeOnRefresh: false,
      authorizeParams: { access_type: 'offline', prompt: 'consent' },
    };
  }
  return {
    provider,
    kind: 'imap-oauth-microsoft',
    authorizeUrl: config.MICROSOFT_OAUTH_AUTHORIZE_URL,
    tokenUrl: config.MICROSOFT_OAUTH_TOKEN_URL,
    userinfoUrl: config.MICROSOFT_OAUTH_USERINFO_URL,
    clientId: config.MICROSOFT_OAUTH_CLIENT_ID,
    clientSecret: config.MICROSOFT_OAUTH_CLIENT_SECRET,
    redirectUri: config.MICROSOFT_OAUTH_REDIRECT_URI,
    scopes: config.MICROSOFT_OAUTH_SCOPES,
    imap: { host: 'outlook.office365.com', port: 993, secure: true },
    // Microsoft's SMTP submission is on 587 with STARTTLS only.
    smtp: { host: 'smtp.office365.com', port: 587, secure: false },
    hasScopeOnRefresh: true,
    authorizeParams: { response_mode: 'query', prompt: 'select_account' },
  };
}

/** The provider of an OAuth mailbox kind; null for a password or forward mailbox. */
export function providerOfKind(kind: string): TOAuthProvider | null {
  if (kind === 'imap-oauth-google') return 'google';
  if (kind === 'imap-oauth-microsoft') return 'microsoft';
  return null;
}
