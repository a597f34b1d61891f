import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import XOAuth2 from 'nodemailer/lib/xoauth2';
import type { SecretBox } from '../mail-crypto';
import type { Mailbox } from '../mailbox.repository';
import { parseTokens } from '../oauth/oauth-tokens';

/**
 * How far a send got: `connected` once the server greeted us and took the sign-in, `data` once
 * it answered DATA and before the first byte of the message goes out. Until the message's last
 * line is sent the server cannot deliver it, so a send cut off before `data` was never delivered.
 */
export type SendStage = 'connected' | 'data';

export interface RawSend {
  /** The mail's mailbox; null when it has none (it goes out through the system transport). */
  mailbox: Mailbox | null;
  from: string;
  recipients: string[];
  raw: Buffer;
  /**
   * Hears each stage before the step it names; the send waits for it, and a rejection stops the
   * send before any byte of the message is sent (the outbox records the stage durably first).
   */
  onStage?: (stage: SendStage) => Promise<void>;
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

type Login = SMTPConnection.AuthenticationCredentials | SMTPConnection.AuthenticationOAuth2;

/** What smtp-connection's login takes for transport-style auth settings (none: no sign-in). */
function loginFor(auth: SMTPTransport.Options['auth']): Login | null {
  if (!auth?.user) return null;
  if (auth.type?.toLowerCase() === 'oauth2' && 'accessToken' in auth) {
    // smtp-connection asks this object for the token (XOAuth2 builds the SASL string).
    const oauth2 = new XOAuth2({ user: auth.user, accessToken: auth.accessToken });
    return { oauth2: oauth2 as unknown as SMTPConnection.OAuth2 };
  }
  return 'pass' in auth && auth.pass ? { credentials: { user: auth.user, pass: auth.pass } } : null;
}

/** The message as a stream whose first byte waits until the `data` stage is recorded. */
function stagedMessage(send: RawSend): Readable {
  let isStarted = false;
  return new Readable({
    read() {
      if (isStarted) return;
      isStarted = true;
      (send.onStage?.('data') ?? Promise.resolve()).then(
        () => {
          this.push(send.raw);
          this.push(null);
        },
        (error: unknown) => {
          // The data stream is never ended: without its final line the server delivers nothing.
          this.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });
}

/**
 * One SMTP session for one mail, step by step (nodemailer's transport hides the steps): connect
 * and greet, sign in, tell `connected`, then MAIL FROM, RCPT TO, DATA, and the message, whose
 * bytes wait for `data` to be told. Resolves when the server answered 250 to the message.
 */
async function sendStaged(options: SMTPTransport.Options, send: RawSend): Promise<void> {
  const { auth, ...connectionOptions } = options;
  const login = loginFor(auth);
  const connection = new SMTPConnection(connectionOptions);
  // A broken connection fails whichever step is waiting (`on`, not `once`: a second error
  // event without a listener would throw).
  const broken = new Promise<never>((_resolve, reject) => {
    connection.on('error', reject);
    connection.once('end', () => {
      reject(new Error('Unexpected socket close'));
    });
  });
  broken.catch(() => undefined);
  const step = (run: (done: (error?: Error | null) => void) => void) =>
    Promise.race([
      new Promise<void>((resolve, reject) => {
        run((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
      broken,
    ]);
  try {
    await step((done) => {
      connection.connect(done);
    });
    const allowsAuth = (connection as unknown as { allowsAuth: boolean }).allowsAuth;
    if (login && allowsAuth) {
      await step((done) => {
        connection.login(login, done);
      });
    }
    await send.onStage?.('connected');
    await step((done) => {
      connection.send({ from: send.from, to: send.recipients }, stagedMessage(send), done);
    });
  } finally {
    connection.close();
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
