import type { TTestMailboxResponse, TTestMailboxSettingsRequest } from '@claimdesk/contracts';
import nodemailer from 'nodemailer';
import type { AppDeps } from '../../../app-deps';
import type { TenantDb } from '../../../db/tenant-db';
import { notFound } from '../../../lib/app-error';
import { connectImap, imapErrorText } from '../fetch/imap.client';
import { getMailbox, type Mailbox } from '../mailbox.repository';
import { withFreshToken } from '../oauth/token-refresh.service';
import { hasSmtp, mailboxTransportOptions } from '../outbox/smtp.client';
import { passwordMailboxFields } from './password-mailbox';

type Deps = Pick<AppDeps, 'db' | 'secrets' | 'config'>;

/**
 * Signs in to the mailbox's IMAP server (opening its folder) and SMTP server, and answers what
 * failed in words an administrator can act on. Fetches and sends nothing; the mailbox's state
 * is left to its fetch job (an OAuth token that cannot be refreshed is flagged, as anywhere).
 */
export async function testMailbox(deps: Deps, db: TenantDb, id: number): Promise<TTestMailboxResponse> {
  const stored = await getMailbox(db, id);
  if (!stored) throw notFound('Mailbox');
  let mailbox: Mailbox;
  try {
    mailbox = await withFreshToken(deps, stored);
  } catch (error) {
    const failed = { isOk: false, error: describe(error, '') };
    return { imap: stored.imapHost ? failed : null, smtp: hasSmtp(stored) ? failed : null };
  }
  return {
    imap: mailbox.kind === 'forward' || !mailbox.imapHost ? null : await checkImap(deps, mailbox),
    smtp: hasSmtp(mailbox) ? await checkSmtp(deps, mailbox) : null,
  };
}

/** The same check on settings not saved yet; the password is sealed only in memory for the sign-in. */
export async function testMailboxSettings(
  deps: Deps,
  tenantId: string,
  input: TTestMailboxSettingsRequest,
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
  return { imap: await checkImap(deps, unsaved), smtp: await checkSmtp(deps, unsaved) };
}

async function checkImap(deps: Deps, mailbox: Mailbox) {
  const where = `${mailbox.imapHost ?? ''}:${String(mailbox.imapPort)}`;
  try {
    const client = await connectImap(mailbox, deps.secrets);
    try {
      const lock = await client.getMailboxLock(mailbox.imapFolder);
      lock.release();
    } catch (error) {
      return {
        isOk: false,
        error: `Signed in, but the folder ${mailbox.imapFolder} could not be opened: ${imapErrorText(error)}`,
      };
    } finally {
      await client.logout().catch(() => undefined);
    }
    return { isOk: true, error: null };
  } catch (error) {
    return { isOk: false, error: `IMAP ${where}: ${describe(error, where)}` };
  }
}

async function checkSmtp(deps: Deps, mailbox: Mailbox) {
  const where = `${mailbox.smtpHost ?? ''}:${String(mailbox.smtpPort)}`;
  const transport = nodemailer.createTransport(
    mailboxTransportOptions(deps.secrets, mailbox, { connectionMs: 15_000, socketMs: 30_000 }),
  );
  try {
    await transport.verify();
    return { isOk: true, error: null };
  } catch (error) {
    return { isOk: false, error: `SMTP ${where}: ${describe(error, where)}` };
  } finally {
    transport.close();
  }
}

/** A connection error in words an administrator can act on. */
export function describe(error: unknown, where: string): string {
  const detail = error as {
    code?: string;
    responseCode?: number;
    response?: string;
    responseText?: string;
    authenticationFailed?: boolean;
    message?: string;
  };
  const server = detail.responseText ?? detail.response ?? detail.message ?? String(error);
  if (detail.authenticationFailed || detail.code === 'EAUTH' || detail.responseCode === 535) {
    return `Sign-in refused: check the user name and password (server said: ${server})`;
  }
  // nodemailer wraps socket errors (ESOCKET); the system's own code is in the message.
  const code =
    /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET)\b/.exec(detail.message ?? '')?.[1] ??
    detail.code;
  switch (code) {
    case 'ECONNREFUSED':
      return `Nothing answers at ${where}: check the host and port`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host of ${where} is not known: check the host name`;
    case 'ETIMEDOUT':
    case 'ETIMEOUT':
    case 'CONNECT_TIMEOUT':
    case 'GREETING_TIMEOUT':
      return `No answer from ${where} in time: check the host, the port and any firewall`;
    case 'ESOCKET':
    case 'ECONNRESET':
      return `The connection to ${where} broke off: check the port and the TLS (secure) setting (${server})`;
    default:
      return imapErrorText(error);
  }
}
