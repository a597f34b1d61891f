import type {
  TConnectionFailure,
  TTestMailboxResponse,
  TTestMailboxSettingsRequest,
} from '@claimdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppDeps } from '../../../app-deps';
import type { TenantDb } from '../../../db/tenant-db';
import { notFound } from '../../../lib/app-error';
import { connectImap } from '../intake/imap.client';
import { getMailbox, type Mailbox } from '../accounts/mailbox.repository';
import { withFreshToken } from '../accounts/token-refresh.service';
import { hasSmtp, mailboxTransportOptions } from '../outbox/smtp.client';
import { connectionFailureOf } from '../accounts/connection-failure';
import { passwordMailboxFields } from './password-mailbox';

type Deps = Pick<AppDeps, 'db' | 'secrets' | 'config'>;

/**
 * Signs in to the mailbox's IMAP server (opening its folder) and SMTP server, and answers each
 * outcome as a category (connection-failure.ts), never in the other side's words: an
 * administrator could aim the test at any service the server reaches. Fetches and sends nothing;
 * the mailbox's state is left to its fetch job (an OAuth token that cannot be refreshed is
 * flagged, as anywhere).
 */
export async function testMailbox(
  deps: Deps,
  db: TenantDb,
  id: number,
  log: FastifyBaseLogger,
): Promise<TTestMailboxResponse> {
  const stored = await getMailbox(db, id);
  if (!stored) throw notFound('Mailbox');
  let mailbox: Mailbox;
  try {
    mailbox = await withFreshToken(deps, stored);
  } catch (error) {
    log.debug({ err: error, mailbox: id }, 'mailbox test: access token not refreshed');
    const failed: Check = { isOk: false, error: 'signInRefused' };
    return { imap: stored.imapHost ? failed : null, smtp: hasSmtp(stored) ? failed : null };
  }
  const [imap, smtp] = await Promise.all([
    mailbox.kind === 'forward' || !mailbox.imapHost ? null : checkImap(deps, mailbox, log),
    hasSmtp(mailbox) ? checkSmtp(deps, mailbox, log) : null,
  ]);
  return { imap, smtp };
}

/** The same check on settings not saved yet; the password is sealed only in memory for the sign-in. */
export async function testMailboxSettings(
  deps: Deps,
  tenantId: string,
  input: TTestMailboxSettingsRequest,
  log: FastifyBaseLogger,
): Promise<TTestMailboxResponse> {
  const now = new Date();
  const unsaved: Mailbox = {
    tenantId,
    id: 0,
    ...passwordMailboxFields(input),
    secretEncrypted: deps.secrets.seal(tenantId, input.password),
    uidValidity: null,
    lastUid: 0,
    isEnabled: false,
    state: 'ok',
    lastError: null,
    lastErrorAt: null,
    failingSince: null,
    lastFetchAt: null,
    lastSendAt: null,
    signatures: {},
    verifiedAt: null,
    verificationCodeHash: null,
    verificationSentAt: null,
    verificationAttempts: 0,
    createdAt: now,
    updatedAt: now,
  };
  const [imap, smtp] = await Promise.all([checkImap(deps, unsaved, log), checkSmtp(deps, unsaved, log)]);
  return { imap, smtp };
}

type Check = NonNullable<TTestMailboxResponse['imap']>;

/**
 * How long a test waits for a connection (TCP and TLS) and for the greeting. A failure to connect
 * is answered no sooner than this after the start, whether the port was closed (refused at once),
 * filtered (no answer) or the host unknown: the time to answer does not tell them apart.
 */
export const CONNECT_WINDOW_MS = 8_000;
/** Silence after the greeting that ends a test (a service that greets but never answers). */
const SOCKET_MS = 15_000;

/** The failed check's answer, after the connection window when it could not connect. */
async function failure(
  started: number,
  error: unknown,
  log: FastifyBaseLogger,
  context: object,
  category: TConnectionFailure = connectionFailureOf(error),
): Promise<Check> {
  // The other side's words stay in the server's log.
  log.debug({ err: error, category, ...context }, 'mailbox test failed');
  const wait = started + CONNECT_WINDOW_MS - Date.now();
  if (category === 'cannotConnect' && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { isOk: false, error: category };
}

async function checkImap(deps: Deps, mailbox: Mailbox, log: FastifyBaseLogger): Promise<Check> {
  const started = Date.now();
  const context = { protocol: 'imap', host: mailbox.imapHost, port: mailbox.imapPort };
  try {
    const client = await connectImap(mailbox, deps.secrets, {
      connectionMs: CONNECT_WINDOW_MS,
      greetingMs: CONNECT_WINDOW_MS,
      socketMs: SOCKET_MS,
    });
    try {
      const lock = await client.getMailboxLock(mailbox.imapFolder);
      lock.release();
    } catch (error) {
      return await failure(started, error, log, context, 'folderMissing');
    } finally {
      await client.logout().catch(() => undefined);
    }
    return { isOk: true, error: null };
  } catch (error) {
    return failure(started, error, log, context);
  }
}

async function checkSmtp(deps: Deps, mailbox: Mailbox, log: FastifyBaseLogger): Promise<Check> {
  const started = Date.now();
  const context = { protocol: 'smtp', host: mailbox.smtpHost, port: mailbox.smtpPort };
  const transport = nodemailer.createTransport(
    mailboxTransportOptions(deps.secrets, mailbox, { connectionMs: CONNECT_WINDOW_MS, socketMs: SOCKET_MS }),
  );
  try {
    await transport.verify();
    return { isOk: true, error: null };
  } catch (error) {
    return await failure(started, error, log, context);
  } finally {
    transport.close();
  }
}
