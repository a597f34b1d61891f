import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { connectionFailureOf, connectionFailureText } from '../accounts/connection-failure';
import { OAuthProviderError } from '../accounts/token-endpoint.client';
import type { SecretBox } from '../common/mail-crypto';
import type { Mailbox } from '../accounts/mailbox.repository';

/** An OAuth mailbox's sealed secret: the token set of its provider. */
interface OAuthTokens {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: number;
}

/** The IMAP sign-in of a mailbox: its password, or the access token of its OAuth tokens (XOAUTH2). */
export function imapAuth(mailbox: ImapMailbox, secrets: SecretBox): ImapFlowOptions['auth'] {
  const secret = mailbox.secretEncrypted ? secrets.open(mailbox.tenantId, mailbox.secretEncrypted) : '';
  if (mailbox.kind === 'imap-password') return { user: mailbox.imapUser, pass: secret };
  const tokens = JSON.parse(secret) as OAuthTokens;
  return { user: mailbox.imapUser, accessToken: tokens.accessToken };
}

/** A mailbox that is fetched over IMAP (every kind but forward). */
export type ImapMailbox = Mailbox & { imapHost: string; imapPort: number; imapUser: string };

/** The mailbox with its IMAP settings, or an error naming what is missing (a forward mailbox has none). */
export function asImapMailbox(mailbox: Mailbox): ImapMailbox {
  const { imapHost, imapPort, imapUser } = mailbox;
  if (mailbox.kind === 'forward' || imapHost === null || imapPort === null || imapUser === null) {
    throw new Error(`Mailbox ${mailbox.address} is not fetched over IMAP`);
  }
  return { ...mailbox, imapHost, imapPort, imapUser };
}

/** How long a connection may take to open, to greet, and to stay silent (the fetch job's by default). */
export interface ImapTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

const FETCH_TIMEOUTS: ImapTimeouts = { connectionMs: 30_000, greetingMs: 15_000, socketMs: 5 * 60_000 };

/** Signs in to a mailbox's IMAP server; a failed sign-in closes the client (imapflow hangs otherwise). */
export async function connectImap(
  stored: Mailbox,
  secrets: SecretBox,
  timeouts: ImapTimeouts = FETCH_TIMEOUTS,
): Promise<ImapFlow> {
  const mailbox = asImapMailbox(stored);
  const client = new ImapFlow({
    host: mailbox.imapHost,
    port: mailbox.imapPort,
    secure: mailbox.imapSecure,
    auth: imapAuth(mailbox, secrets),
    logger: false,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    // IDLE soon after a fetch pass, so new mail is announced within a second (default: 15 s).
    autoIdleDelay: 200,
  });
  // Without a listener an error event would end the process; the job sees the closed connection.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw error;
  }
  return client;
}

/**
 * What went wrong, in words a store admin can act on: a category for connecting and signing in,
 * an IMAP server's own answer for what fails after (a folder gone, a quota).
 */
export function imapErrorText(error: unknown): string {
  // The OAuth provider is the operator's (its address is configuration, not an administrator's
  // input): its refusal ("invalid_grant: Token has been expired or revoked.") says what to do.
  if (error instanceof OAuthProviderError) return error.message;
  // The fetch job signs in to any host and port an administrator names, before the address is
  // proven, and shows them its error: the category only, as a code would tell a closed port
  // (ECONNREFUSED) from a filtered (CONNECT_TIMEOUT) or an open one (GREETING_TIMEOUT).
  const categoryText = connectionFailureText(connectionFailureOf(error), 'IMAP');
  if (categoryText !== null) return categoryText;
  // Only an IMAP server's tagged answer is passed on; other texts may hold what another kind of
  // service sent, and the job's log has them.
  const detail = (error ?? {}) as { responseText?: string; code?: string };
  const text = detail.responseText ?? 'The mailbox could not be read (the server’s log has the details)';
  return [detail.code, text].filter(Boolean).join(': ');
}
