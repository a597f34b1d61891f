import type net from 'node:net';
import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import XOAuth2 from 'nodemailer/lib/xoauth2';

/**
 * How far a send got: `connected` once the server greeted us and took the sign-in, `data` once
 * it answered DATA and before the first byte of the message goes out. Until the message's last
 * line is sent the server cannot deliver it, so a send cut off before `data` was never delivered.
 */
export type SendStage = 'connected' | 'data';

/** One mail sent in a session: its envelope, its bytes, and the stages it reports on the way. */
export interface SessionMail {
  from: string;
  recipients: string[];
  raw: Buffer;
  /**
   * Hears each stage before the step it names; the send waits for it, and a rejection stops the
   * send before any byte of the message is sent (the outbox records the stage durably first).
   */
  onStage?: (stage: SendStage) => Promise<void>;
}

/** An SMTP session that sends several mails of one sign-in, one after another. */
export interface SmtpSession {
  /**
   * MAIL FROM, RCPT TO, DATA and the message (after an RSET when the session sent before).
   * Resolves on the server's 250; a refusal rejects with its responseCode and the session goes
   * on; a broken connection rejects and ends it.
   */
  send: (mail: SessionMail) => Promise<void>;
  /** False once the connection broke or was closed, or a message was left unfinished. */
  readonly isOpen: boolean;
  close: () => void;
}

/**
 * The session broke before this mail's MAIL FROM (the RSET that starts it failed): nothing of
 * the mail was sent, so it may go through a new session without counting an attempt.
 */
export class SessionLostError extends Error {}

/** What smtp-connection's login takes. */
type Login = Parameters<SMTPConnection['login']>[0];

/** What smtp-connection's login takes for transport-style auth settings (none: no sign-in). */
function loginFor(auth: SMTPTransport.Options['auth']): Login | null {
  if (!auth?.user) return null;
  if (auth.type?.toLowerCase() === 'oauth2' && 'accessToken' in auth) {
    // smtp-connection asks this object for the token (XOAuth2 builds the SASL string).
    const oauth2 = new XOAuth2({ user: auth.user, accessToken: auth.accessToken });
    return { oauth2 };
  }
  return 'pass' in auth && auth.pass ? { credentials: { user: auth.user, pass: auth.pass } } : null;
}

/**
 * The message as a stream whose first byte waits until the `data` stage is told. smtp-connection
 * reads it only after the server answered DATA, or drains it after a refused envelope: then
 * (`isRefused`) nothing is told and nothing is sent.
 */
function stagedMessage(mail: SessionMail, isRefused: () => boolean, onCutShort: () => void): Readable {
  let isStarted = false;
  return new Readable({
    read() {
      if (isStarted) return;
      isStarted = true;
      const told = isRefused() ? Promise.resolve() : (mail.onStage?.('data') ?? Promise.resolve());
      told.then(
        () => {
          this.push(isRefused() ? null : mail.raw);
          this.push(null);
        },
        (error: unknown) => {
          // The data stream is never ended: without its final line the server delivers nothing.
          onCutShort();
          this.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });
}

/**
 * Opens an SMTP session (nodemailer's transport hides the steps, and opens one per mail): connect
 * and greet, sign in, with Nagle's algorithm off (each command and the message's last line leave
 * at once instead of waiting for the server's delayed ACK, about 40 ms a mail).
 */
export async function openSmtpSession(options: SMTPTransport.Options): Promise<SmtpSession> {
  const { auth, ...connectionOptions } = options;
  const login = loginFor(auth);
  const connection = new SMTPConnection(connectionOptions);
  let isBroken = false;
  // A broken connection fails whichever step is waiting (`on`, not `once`: a second error event
  // without a listener would throw), and every later one.
  const broken = new Promise<never>((_resolve, reject) => {
    connection.on('error', (error: Error) => {
      isBroken = true;
      reject(error);
    });
    connection.once('end', () => {
      isBroken = true;
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
  const close = () => {
    isBroken = true;
    connection.close();
  };
  try {
    await step((done) => {
      connection.connect(done);
    });
    (connection as unknown as { _socket?: net.Socket })._socket?.setNoDelay(true);
    const allowsAuth = (connection as unknown as { allowsAuth: boolean }).allowsAuth;
    if (login && allowsAuth) {
      await step((done) => {
        connection.login(login, done);
      });
    }
  } catch (error) {
    close();
    throw error;
  }
  let hasSent = false;
  const send = async (mail: SessionMail) => {
    if (hasSent) {
      try {
        await step((done) => {
          connection.reset(done);
        });
      } catch (error) {
        close();
        throw new SessionLostError(error instanceof Error ? error.message : String(error));
      }
    }
    hasSent = true;
    let isRefused = false;
    let isCutShort = false;
    const message = stagedMessage(
      mail,
      () => isRefused,
      () => {
        isCutShort = true;
      },
    );
    try {
      await step((done) => {
        connection.send({ from: mail.from, to: mail.recipients }, message, (error) => {
          // Set at once: smtp-connection drains a refused envelope's message on a later tick.
          if (error) isRefused = true;
          done(error);
        });
      });
    } catch (error) {
      // A message stopped before its end (its stage could not be recorded) leaves the server
      // inside DATA: the session cannot go on.
      if (isCutShort) close();
      throw error;
    }
  };
  return {
    send,
    get isOpen() {
      return !isBroken;
    },
    close,
  };
}
