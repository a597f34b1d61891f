// Browser notifications through Web Push: the service worker, the browser's subscription made
// with the server's VAPID key, and its registration at PUT /v2/api/fcm/subscribe (the source's
// push token call). The permission is asked only from the control the person clicks.
import {
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIBE_PATH,
  ZPushPublicKeyResponse,
  type TPushSubscribeRequest,
} from '@claimdesk/contracts';
import { http } from './http';
import { onLogout } from './session';
import { writeStored } from './storage';

const WORKER_URL = '/sw.js';

/** Where the browser stands: no Web Push at all, refused, on for this person, or off. */
export type TPushState = 'unsupported' | 'denied' | 'on' | 'off';

export const isPushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const registration = async (): Promise<ServiceWorkerRegistration | undefined> =>
  isPushSupported() ? navigator.serviceWorker.getRegistration(WORKER_URL) : undefined;

/** This browser's subscription, if it has one. */
const currentSubscription = async (): Promise<PushSubscription | null> =>
  (await (await registration())?.pushManager.getSubscription()) ?? null;

export async function pushState(): Promise<TPushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** The browser's subscription as the server takes it. */
const toRequest = (subscription: PushSubscription): TPushSubscribeRequest => {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
};

const base64UrlBytes = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

/**
 * Turns notifications on: asks the permission (a refusal is only logged, as the source says),
 * registers the service worker, subscribes with the server's key and registers the subscription.
 * Answers the state it ends in.
 */
export async function enablePush(): Promise<TPushState> {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    console.info(`Browser notifications: permission ${permission}`);
    return permission === 'denied' ? 'denied' : 'off';
  }
  const worker = await navigator.serviceWorker.register(WORKER_URL);
  await navigator.serviceWorker.ready;
  const { publicKey } = await http(PUSH_PUBLIC_KEY_PATH, {}, ZPushPublicKeyResponse);
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(publicKey),
    }));
  await http(PUSH_SUBSCRIBE_PATH, { method: 'PUT', body: toRequest(subscription) });
  writeStored('pushToken', subscription.endpoint);
  return 'on';
}

/** Turns notifications off for this browser: the server forgets it, and the browser too. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await http(PUSH_SUBSCRIBE_PATH, { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  } finally {
    await subscription.unsubscribe();
    writeStored('pushToken', null);
  }
}

/**
 * Before signing out: the server removes this browser's subscription while the token still
 * stands (bounded, so that signing out never waits long on the network).
 */
export async function forgetPushBeforeLogout(timeoutMs = 2000): Promise<void> {
  await Promise.race([
    disablePush().catch((error: unknown) => {
      console.info('Browser notifications: could not unsubscribe', error);
    }),
    new Promise((resolve) => setTimeout(resolve, timeoutMs)),
  ]);
}

// A sign-out however it came (expired, signed out elsewhere): the browser stops its subscription
// too; the server drops the row when the push service answers 410 for it.
onLogout(() => {
  void currentSubscription()
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
});
