import {
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIBE_PATH,
  ZPushPublicKeyResponse,
  ZPushSubscribeRequest,
  ZPushUnsubscribeRequest,
} from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listenerOf } from '../../db/client';
import { invalid } from '../../lib/app-error';
import { requireAuth } from '../../auth-context';
import { staffOnly } from '../cases/case-access';
import { checkPushEndpoint, pushEndpointPolicy } from './push-endpoint';
import { DEFAULT_PUSH_OPTIONS, PushSender } from './push-sender';
import { removeSubscription, saveSubscription } from './push-subscriptions.repository';
import { loadVapidKeys } from './vapid-keys';

/**
 * Browser notifications through Web Push: the VAPID public key the browser subscribes with, its
 * subscription stored and removed (the source's push token call), and the sender of the
 * notifications (with the mail workers: MAIL_WORKERS).
 */
export async function registerPush(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const keys = await loadVapidKeys(deps.config);
  const policy = pushEndpointPolicy(deps.config);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    PUSH_PUBLIC_KEY_PATH,
    { config: staffOnly, schema: { response: { 200: ZPushPublicKeyResponse } } },
    () => ({ publicKey: keys.publicKey }),
  );

  r.put(
    PUSH_SUBSCRIBE_PATH,
    { config: staffOnly, schema: { body: ZPushSubscribeRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      // The server will POST to this address: only a push service's, and never an internal one.
      const problem = await checkPushEndpoint(request.body.endpoint, policy);
      if (problem !== null) throw invalid('endpoint', problem);
      await saveSubscription(auth.db, auth.username, request.body);
      return reply.code(204).send(null);
    },
  );

  // Logout and turning notifications off: this browser's subscription goes (none is fine).
  r.delete(
    PUSH_SUBSCRIBE_PATH,
    { config: staffOnly, schema: { body: ZPushUnsubscribeRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await removeSubscription(auth.db, auth.username, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  if (!deps.config.MAIL_WORKERS) return;
  const log = app.log.child({ module: 'push' });
  const sender = new PushSender(deps.db, {
    ...DEFAULT_PUSH_OPTIONS,
    keys,
    policy,
    onError: (error, context) => {
      log.warn({ err: error, ...context }, 'browser notification not sent');
    },
  });
  app.addHook('onReady', () => sender.start(listenerOf(deps.db)));
  app.addHook('onClose', () => sender.stop());
}
