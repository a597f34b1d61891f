import { z } from 'zod';
import { ZId } from '../common';
import { ZText } from '../text';

/**
 * Live updates (PRODUCT.md "Live updates"; issue 23): one WebSocket per browser tab at
 * LIVE_EVENTS_PATH. The access token never travels in the URL (logs keep URLs): the client's first
 * message is `auth`, and the server answers `ready` or closes the socket with a LIVE_CLOSE code.
 * Then the server pushes `{ EVENT, meta }` messages (the source's push event shape) and the
 * client may send `presence` and `ping`.
 */
export const LIVE_EVENTS_PATH = '/v2/api/live';

/** Push events sent to signed-in browsers as `{ EVENT, meta }`. */
export const PUSH_EVENTS = [
  /** The store's mail counts changed (GET /v2/api/reports/mail-count again). meta: {} */
  'MAIL_COUNT_UPDATED',
  /** A case's mails changed (new, read, moved, sent): its thread and its badges. meta: { caseId } */
  'CLAIM_MAIL_COUNT_UPDATED',
  /** A case's fields, status, assignee or archive state changed. meta: { caseId } */
  'CASE_UPDATED',
  /** A mail could not be sent. meta: { mailLogId, caseId } (caseId null for a mail without a case) */
  'MAIL_SEND_FAILED',
  /** Who is viewing or writing on a case. meta: { caseId, people } */
  'PRESENCE',
] as const;
export type TPushEvent = (typeof PUSH_EVENTS)[number];

/** One person present on a case: viewing it, or writing a mail on it. */
export const ZPresencePerson = z.object({
  username: z.string(),
  name: z.string(),
  state: z.enum(['viewing', 'writing']),
});
export type TPresencePerson = z.infer<typeof ZPresencePerson>;

/** The `meta` of each push event. */
export const ZPushMeta = {
  MAIL_COUNT_UPDATED: z.object({}),
  CLAIM_MAIL_COUNT_UPDATED: z.object({ caseId: z.number().int() }),
  CASE_UPDATED: z.object({ caseId: z.number().int() }),
  MAIL_SEND_FAILED: z.object({ mailLogId: z.number().int(), caseId: z.number().int().nullable() }),
  PRESENCE: z.object({ caseId: z.number().int(), people: z.array(ZPresencePerson) }),
} as const satisfies Record<TPushEvent, z.ZodType>;
export type TPushMeta = { [K in TPushEvent]: z.infer<(typeof ZPushMeta)[K]> };

/** A message from the server: a push event, or the answer to `auth`/`ping`. */
export const ZLiveServerMessage = z.union([
  z.object({ EVENT: z.literal('MAIL_COUNT_UPDATED'), meta: ZPushMeta.MAIL_COUNT_UPDATED }),
  z.object({ EVENT: z.literal('CLAIM_MAIL_COUNT_UPDATED'), meta: ZPushMeta.CLAIM_MAIL_COUNT_UPDATED }),
  z.object({ EVENT: z.literal('CASE_UPDATED'), meta: ZPushMeta.CASE_UPDATED }),
  z.object({ EVENT: z.literal('MAIL_SEND_FAILED'), meta: ZPushMeta.MAIL_SEND_FAILED }),
  z.object({ EVENT: z.literal('PRESENCE'), meta: ZPushMeta.PRESENCE }),
  /** The socket is signed in; events follow. `expiresAt`: the token's expiry (ms since 1970). */
  z.object({ type: z.literal('ready'), expiresAt: z.number() }),
  z.object({ type: z.literal('pong') }),
]);
export type TLiveServerMessage = z.infer<typeof ZLiveServerMessage>;

/** The most bytes one client message may have; a larger one closes the socket (TOO_BIG). */
export const LIVE_CLIENT_MESSAGE_MAX_BYTES = 4096;

/** A message from the browser. */
export const ZLiveClientMessage = z.discriminatedUnion('type', [
  /** First message: the access token and the store (the X-TENANT-ID of HTTP calls). */
  z.object({ type: z.literal('auth'), token: ZText.min(1).max(4000), tenantId: ZText.min(1).max(200) }),
  /** The person's presence on a case; caseId null: on no case any more. */
  z.object({
    type: z.literal('presence'),
    caseId: ZId.nullable(),
    state: z.enum(['viewing', 'writing']).default('viewing'),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type TLiveClientMessage = z.infer<typeof ZLiveClientMessage>;

/**
 * Close codes (4000-4999 are the application's). The client signs in again on UNAUTHENTICATED
 * and TOKEN_EXPIRED; on SLOW_CONSUMER it reconnects and refetches what it shows; on the others it
 * reconnects with backoff; on TOO_MANY_SOCKETS it tries again after a minute or two.
 */
export const LIVE_CLOSE = {
  /** No valid `auth` message (bad or missing token, unknown user). */
  UNAUTHENTICATED: 4401,
  /** The token's store is not the one named, or the user may not use live events. */
  FORBIDDEN: 4403,
  /** No `auth` message in time after the socket opened. */
  AUTH_TIMEOUT: 4408,
  /** The access token ran out while the socket was open. */
  TOKEN_EXPIRED: 4410,
  /** A message that is not JSON, not in the contract, or too large. */
  BAD_MESSAGE: 4400,
  /** Too many messages from the client. */
  TOO_MANY: 4429,
  /**
   * The person has as many sockets open as allowed (one per tab): this one waits and tries again
   * now and then, quietly (nothing is wrong with the connection).
   */
  TOO_MANY_SOCKETS: 4409,
  /** The client did not read its events fast enough: reconnect and refetch. */
  SLOW_CONSUMER: 4503,
  /** The server is shutting down: reconnect. */
  GOING_AWAY: 1001,
} as const;
export type TLiveCloseCode = (typeof LIVE_CLOSE)[keyof typeof LIVE_CLOSE];
