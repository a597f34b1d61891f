import { createHmac } from 'node:crypto';

/**
 * The key an erased mail leaves in erased_mails: an HMAC of its stored Message-ID (for a mail
 * without one, ingest made that id from the SHA-256 of its raw bytes, so the bytes decide),
 * keyed per store. The Message-ID itself is not kept: it often holds the sender's address or
 * name, which the erasure removes.
 */
export const erasedMailKey = (tenantId: string, messageId: string): string =>
  createHmac('sha256', `claimdesk erased mail\n${tenantId}`).update(messageId).digest('hex');
