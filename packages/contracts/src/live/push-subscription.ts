import { z } from 'zod';
import { ZText } from '../text';

/** Where a browser registers its Web Push subscription (the source's push token call). */
export const PUSH_SUBSCRIBE_PATH = '/v2/api/fcm/subscribe';
/** The server's VAPID public key, which the browser's subscription is made with. */
export const PUSH_PUBLIC_KEY_PATH = '/v2/api/fcm/public-key';

/** A base64url value of bounded length (a key or secret of a subscription). */
const ZBase64Url = (max: number) =>
  ZText.check(z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url'));

/**
 * A push service endpoint: an https address (browsers' push services all are). The server also
 * refuses, with a message on this field, hosts that are no push service's (unless its operator
 * allows them) and non-public addresses: it sends requests to this address.
 */
const ZPushEndpoint = ZText.check(
  z.maxLength(2048),
  z.refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be an https address'),
);

/** The browser's PushSubscription as its toJSON() gives it (RFC 8030 endpoint, RFC 8291 keys). */
export const ZPushSubscribeRequest = z.object({
  endpoint: ZPushEndpoint,
  /** When the push service lets the subscription lapse, in ms since the epoch (often null). */
  expirationTime: z.number().int().min(0).max(8.64e15).nullish(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, 87 characters in base64url. */
    p256dh: ZBase64Url(100),
    /** Its authentication secret: 16 bytes, 22 characters in base64url. */
    auth: ZBase64Url(44),
  }),
});
export type TPushSubscribeRequest = z.infer<typeof ZPushSubscribeRequest>;

/** Unsubscribing this browser (at logout, or when the person turns notifications off). */
export const ZPushUnsubscribeRequest = z.object({ endpoint: ZPushEndpoint });
export type TPushUnsubscribeRequest = z.infer<typeof ZPushUnsubscribeRequest>;

export const ZPushPublicKeyResponse = z.object({
  /** The VAPID public key, base64url: the browser's applicationServerKey. */
  publicKey: z.string(),
});
export type TPushPublicKeyResponse = z.infer<typeof ZPushPublicKeyResponse>;

/** What a notification push carries (encrypted for the browser); its service worker shows it. */
export const ZPushNotification = z.object({
  kind: z.enum(['inbox', 'case']),
  /** The sender as the mail names them (a name, or the address). */
  from: z.string(),
  subject: z.string(),
  /** The case's number, for a mail on a case. */
  caseNumber: z.number().int().nullable(),
  /** The address in the app to open on a click. */
  url: z.string(),
  /** One notification per mail: a second push of the same mail replaces the first. */
  tag: z.string(),
});
export type TPushNotification = z.infer<typeof ZPushNotification>;
