import type { TConnectionFailure } from '@claimdesk/contracts';
import { OAuthProviderError } from './token-endpoint.client';

/** What imapflow and nodemailer put on the errors they throw. */
interface ClientError {
  code?: string;
  /** nodemailer's: the system's code under its own (ESOCKET). */
  originalCode?: string;
  message?: string;
  responseCode?: number;
  authenticationFailed?: boolean;
}

/** The system's (or the client library's) codes for no connection at all. */
const NO_CONNECTION = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'CONNECT_TIMEOUT',
]);

/** Certificate checks that failed (Node's codes from OpenSSL). */
const CERTIFICATE =
  /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|HOSTNAME_MISMATCH|ERR_TLS_|ERR_SSL_)/;

/**
 * The category of a failed IMAP or SMTP connection. Only the error's code and flags decide it:
 * the texts are the other side's words, which the answer never carries. Codes seen here:
 * imapflow throws ECONNREFUSED, CONNECT_TIMEOUT (also a TLS port that never answers),
 * GREETING_TIMEOUT, ETIMEOUT (silent after its greeting), ERR_SSL_* and authenticationFailed;
 * nodemailer wraps socket errors as ESOCKET (the system's code kept as originalCode), and says
 * EPROTOCOL for a greeting that is no SMTP's, ETIMEDOUT for each of its timeouts, EAUTH and ETLS.
 */
export function connectionFailureOf(error: unknown): TConnectionFailure {
  const detail = (error ?? {}) as ClientError;
  const message = detail.message ?? '';
  // The operator's OAuth provider refused the refresh (revoked, expired): sign in again.
  if (error instanceof OAuthProviderError) return 'signInRefused';
  if (detail.authenticationFailed || detail.code === 'EAUTH' || detail.responseCode === 535) {
    return 'signInRefused';
  }
  const systemCode = detail.originalCode ?? /\b(E[A-Z]+|ERR_[A-Z_]+)\b/.exec(message)?.[1];
  const code = detail.code === 'ESOCKET' && systemCode ? systemCode : (detail.code ?? '');
  if (NO_CONNECTION.has(code)) return 'cannotConnect';
  // nodemailer's connection timer runs until the TLS handshake is done, as imapflow's does.
  if (code === 'ETIMEDOUT')
    return /^(Connection timeout|connect ETIMEDOUT)/.test(message) ? 'cannotConnect' : 'notMailServer';
  if (code === 'ETLS' || CERTIFICATE.test(code) || /SSL routines|certificate/i.test(message))
    return 'tlsError';
  if (['EPROTOCOL', 'GREETING_TIMEOUT', 'ETIMEOUT', 'ECONNRESET', 'EPIPE', 'NoConnection'].includes(code)) {
    return 'notMailServer';
  }
  return 'failed';
}

/**
 * A failure to connect or sign in, in English words for texts the server stores (a mailbox's
 * fetch error, a mail's send error); null for `failed` and `folderMissing`, whose own text the
 * caller decides on.
 */
export function connectionFailureText(
  category: TConnectionFailure,
  protocol: 'IMAP' | 'SMTP',
): string | null {
  switch (category) {
    case 'cannotConnect':
      return 'Could not connect: check the server name, the port and any firewall';
    case 'notMailServer':
      return `The connection broke off or the server did not answer as an ${protocol} server: check the port and the TLS setting`;
    case 'signInRefused':
      return 'Sign-in failed: check the user name and password';
    case 'tlsError':
      return 'TLS error: check the TLS setting for this port and the server’s certificate';
    default:
      return null;
  }
}
