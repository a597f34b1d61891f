import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Db } from '../../../db/client';
import { isStorageFull } from '../../../lib/storage-full';
import { forTenant } from '../../../db/tenant-db';
import type { IngestDeps } from './ingest-types';
import { ingestMails } from './ingest.service';
import type { Mailbox } from '../accounts/mailbox.repository';
import { isAwaitingProof } from '../accounts/mailbox-proof';
import { findMailboxOfAddressInAnyStore } from '../accounts/mailbox.system';
import { confirmByMail } from '../accounts/confirm-by-mail.service';

/**
 * What the receiver needs: the raw handle (a recipient names the store), ingest's files and
 * parser, and the key of the confirmation codes' hashes.
 */
export type InboundDeps = Omit<IngestDeps, 'db'> & { db: Db; hashKey: string };

/** The largest message accepted, announced in EHLO (SIZE); a bigger one is refused with 552. */
export const INBOUND_MAX_BYTES = 50 * 1024 * 1024;

export interface InboundSmtp {
  port: number;
  stop: () => Promise<void>;
}

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

/** A proven, enabled mailbox: the one store whose mail this address is. */
const isReceiving = (mailbox: Mailbox | null): mailbox is Mailbox =>
  mailbox !== null && mailbox.isEnabled && mailbox.verifiedAt !== null;

/**
 * The built-in inbound SMTP receiver on 127.0.0.1: accepts mail only for the addresses of
 * enabled, proven mailboxes (any other recipient: 550; an address belongs to one store) and
 * takes each message in with ingestMails (a batch of one) once for every store it was addressed
 * to. It answers 250 only after the mail is committed in every one of them; a database or
 * storage error answers 451, so the sender tries again (ingest is idempotent by Message-ID: a
 * retry stores nothing twice); a full disk is such an error before the mail's row is written, never
 * a mail kept as unparseable. The one
 * mail an unproven mailbox takes is its confirmation mail coming back through the forward: it
 * proves the address and is not stored.
 */
export async function startInboundSmtp(
  deps: InboundDeps,
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
      findMailboxOfAddressInAnyStore(deps.db, address.address).then(
        (found) => {
          // An unproven address is refused as an unknown one is, unless its confirmation code is
          // on its way back: then DATA decides (550 unless the mail proves it).
          const isWelcome = isReceiving(found) || (found !== null && isAwaitingProof(found));
          callback(isWelcome ? null : smtpError(550, `No mailbox here for <${address.address}>`));
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
            if (error instanceof RefusedMail) {
              callback(smtpError(550, error.message));
              return;
            }
            options.onError?.(error);
            // A full disk passes once room is made: the sender keeps the mail and tries again.
            const reason = isStorageFull(error)
              ? 'Insufficient system storage'
              : 'The mail could not be stored';
            callback(smtpError(451, `${reason}, try again later`));
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

/** A mail for no store: every recipient was an unproven address and it proved none. */
class RefusedMail extends Error {}

/**
 * Ingests the message for each store (and its mailbox) among the recipients, and lets it prove
 * the unproven ones it is the confirmation mail of; throws on a database error.
 */
async function deliver(deps: InboundDeps, session: SMTPServerSession, raw: Buffer): Promise<void> {
  const targets = new Map<string, Mailbox>();
  const awaiting: Mailbox[] = [];
  for (const recipient of session.envelope.rcptTo) {
    const mailbox = await findMailboxOfAddressInAnyStore(deps.db, recipient.address);
    // One copy per store; the first of its addressed mailboxes names where it came in.
    if (isReceiving(mailbox)) {
      if (!targets.has(mailbox.tenantId)) targets.set(mailbox.tenantId, mailbox);
    } else if (mailbox && isAwaitingProof(mailbox)) {
      awaiting.push(mailbox);
    }
  }
  const proven = awaiting.length > 0 ? await confirmByMail(deps, awaiting, raw) : 0;
  if (targets.size === 0 && proven === 0) throw new RefusedMail('No mailbox here for this mail');
  for (const mailbox of targets.values()) {
    await ingestMails(
      { db: forTenant(deps.db, mailbox.tenantId), files: deps.files, parse: deps.parse },
      { mailboxId: mailbox.id, raws: [raw] },
    );
  }
}
