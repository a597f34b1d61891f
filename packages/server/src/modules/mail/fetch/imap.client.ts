import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import type { SecretBox } from '../mail-crypto';
import type { Mailbox } from '../mailbox.repository';

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

/** Signs in to a mailbox's IMAP server; a failed sign-in closes the client (imapflow hangs otherwise). */
export async function connectImap(stored: Mailbox, secrets: SecretBox): Promise<ImapFlow> {
  const mailbox = asImapMailbox(stored);
  const client = new ImapFlow({
    host: mailbox.imapHost,
    port: mailbox.imapPort,
    secure: mailbox.imapSecure,
    auth: imapAuth(mailbox, secrets),
    logger: false,
    connectionTimeout: 30_000,
    greetingTimeout: 15_000,
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

/** What went wrong, in words a store admin can act on (the server's own text when it gave one). */
export function imapErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const detail = error as Error & { responseText?: string; authenticationFailed?: boolean; code?: string };
  if (detail.authenticationFailed) return `Sign-in failed: ${detail.responseText ?? error.message}`;
  return [detail.code, detail.responseText ?? error.message].filter(Boolean).join(': ');
}
