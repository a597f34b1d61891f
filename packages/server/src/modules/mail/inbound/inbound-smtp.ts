import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { ingestMail, type IngestDeps } from '../ingest/ingest-mail';
import { findEnabledMailboxesByAddress, type Mailbox } from '../mailbox.repository';

/** The largest message accepted, announced in EHLO (SIZE); a bigger one is refused with 552. */
export const INBOUND_MAX_BYTES = 50 * 1024 * 1024;

export interface InboundSmtp {
  port: number;
  stop: () => Promise<void>;
}

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * The built-in inbound SMTP receiver on 127.0.0.1: accepts mail only for the addresses of the
 * stores' enabled mailboxes (any other recipient: 550) and takes each message in with
 * ingestMail once for every store it was addressed to. It answers 250 only after the mail is
 * committed in every one of them; a database error answers 451, so the sender tries again
 * (ingest is idempotent by Message-ID: a retry stores nothing twice).
 */
export async function startInboundSmtp(
  deps: IngestDeps,
  options: { port: number; host?: string; maxBytes?: number; onError?: (error: unknown) => void },
): Promise<InboundSmtp> {
  const maxBytes = options.maxBytes ?? INBOUND_MAX_BYTES;
  const server = new SMTPServer({
    secure: false,
    // Only reachable from this machine: no TLS certificate and no sign-in to manage.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: maxBytes,
    logger: false,
    banner: 'Claimdesk inbound mail',
    onRcptTo(address, _session, callback) {
      findEnabledMailboxesByAddress(deps.db, address.address).then(
        (found) => {
          callback(found.length > 0 ? null : smtpError(550, `No mailbox here for <${address.address}>`));
        },
        (error: unknown) => {
          options.onError?.(error);
          callback(smtpError(451, 'Temporary failure, try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => {
        callback(error);
      });
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(smtpError(552, `Message larger than ${String(maxBytes)} bytes`));
          return;
        }
        deliver(deps, session, Buffer.concat(chunks)).then(
          () => {
            callback();
          },
          (error: unknown) => {
            options.onError?.(error);
            callback(smtpError(451, 'The mail could not be stored, try again later'));
          },
        );
      });
    },
  });
  server.on('error', (error) => options.onError?.(error));
  await new Promise<void>((resolve, reject) => {
    const onListenError = (error: Error) => {
      reject(error);
    };
    server.once('error', onListenError);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', onListenError);
      resolve();
    });
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Ingests the message for each store (and its mailbox) among the recipients; throws on a database error. */
async function deliver(deps: IngestDeps, session: SMTPServerSession, raw: Buffer): Promise<void> {
  const targets = new Map<string, Mailbox>();
  for (const recipient of session.envelope.rcptTo) {
    for (const mailbox of await findEnabledMailboxesByAddress(deps.db, recipient.address)) {
      // One copy per store; the first of its addressed mailboxes names where it came in.
      if (!targets.has(mailbox.tenantId)) targets.set(mailbox.tenantId, mailbox);
    }
  }
  for (const mailbox of targets.values()) {
    await ingestMail(deps, { tenantId: mailbox.tenantId, mailboxId: mailbox.id, raw });
  }
}
