import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SecretBox } from '../common/mail-crypto';
import type { Mailbox } from '../accounts/mailbox.repository';
import { parseTokens } from '../accounts/oauth-tokens';
import { openSmtpSession, type SessionMail } from './smtp-session';

export type { SendStage } from './smtp-session';

/** One mail sent in an SMTP session of its own (see SessionMail for the stages it tells). */
export interface RawSend extends SessionMail {
  /** The mail's mailbox; null when it has none (it goes out through the system transport). */
  mailbox: Mailbox | null;
}

/** True when the mailbox sends through its own SMTP server (a forward mailbox has none). */
export const hasSmtp = (mailbox: Mailbox | null): mailbox is Mailbox =>
  Boolean(mailbox?.smtpHost && mailbox.smtpPort);

/** The SMTP settings of a mailbox: its password, or XOAUTH2 with its current access token. */
export function mailboxTransportOptions(
  secrets: SecretBox,
  mailbox: Mailbox,
  timeouts = { connectionMs: 30_000, socketMs: 5 * 60_000 },
): SMTPTransport.Options {
  const secret = mailbox.secretEncrypted ? secrets.open(mailbox.tenantId, mailbox.secretEncrypted) : '';
  const user = mailbox.smtpUser ?? mailbox.imapUser ?? mailbox.address;
  const auth: SMTPTransport.Options['auth'] =
    mailbox.kind === 'imap-password'
      ? { user, pass: secret }
      : { type: 'OAuth2', user, accessToken: parseTokens(secret).accessToken };
  return {
    host: mailbox.smtpHost ?? undefined,
    port: mailbox.smtpPort ?? undefined,
    secure: mailbox.smtpSecure,
    auth: secret ? auth : undefined,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.connectionMs,
    socketTimeout: timeouts.socketMs,
  };
}

/**
 * One SMTP session for one mail: connect, greet and sign in, tell `connected`, then MAIL FROM,
 * RCPT TO, DATA, and the message, whose bytes wait for `data` to be told. Resolves when the
 * server answered 250 to the message.
 */
async function sendStaged(options: SMTPTransport.Options, send: RawSend): Promise<void> {
  const session = await openSmtpSession(options);
  try {
    await send.onStage?.('connected');
    await session.send(send);
  } finally {
    session.close();
  }
}

/** Sends prepared bytes through a mailbox's SMTP server (password, or XOAUTH2 with its access token). */
export async function sendThroughMailbox(secrets: SecretBox, send: RawSend): Promise<void> {
  const { mailbox } = send;
  if (!hasSmtp(mailbox)) throw new Error(`Mailbox ${send.mailbox?.address ?? '(none)'} has no SMTP server`);
  await sendStaged(mailboxTransportOptions(secrets, mailbox), send);
}

/**
 * The system transport, for mail without a mailbox that can send (none, or a forward mailbox):
 * the SMTP_URL server when configured, else the .eml is written into DATA_DIR/mail-out (as the
 * system mailer does) and counts as sent.
 */
export function createSystemSender(options: {
  smtpUrl?: string;
  dataDir: string;
}): (send: RawSend) => Promise<void> {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const settings = parseConnectionUrl(smtpUrl) as SMTPTransport.Options;
    return (send) => sendStaged(settings, send);
  }
  const outDir = path.join(options.dataDir, 'mail-out');
  return async (send) => {
    await mkdir(outDir, { recursive: true });
    await send.onStage?.('data');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await writeFile(path.join(outDir, `${stamp}-${randomUUID()}.eml`), send.raw);
  };
}
