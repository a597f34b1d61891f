import { randomUUID } from 'node:crypto';
import { LIVE_CLOSE, LIVE_EVENTS_PATH, type TPushMeta } from '@claimdesk/contracts';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { listenerOf } from '../../db/client';
import { forTenant } from '../../db/tenant-db';
import { LiveHub } from './live-hub';
import { announcePresence, LIVE_CHANNEL, parseLiveNotice } from '../cases/live-notify.repository';
import { contactMaySee, personName } from './live-people.repository';
import { serveLiveSocket } from './live-socket';

/**
 * Largest frame the socket library reads at all; a message past LIVE_CLIENT_MESSAGE_MAX_BYTES
 * but under this is refused with BAD_MESSAGE, a larger one by the library (1009).
 */
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Live updates: the WebSocket at LIVE_EVENTS_PATH and this process's hub of signed-in sockets,
 * fed by LISTEN on the database (every process hears every store's events; notifyLive raises
 * them). The route is public to the HTTP auth hook because the token comes in the socket's
 * first message, where no log keeps it; serveLiveSocket checks it as the hook would.
 */
export async function registerLive(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const { config } = deps;
  const log = app.log.child({ module: 'live' });
  const onError = (error: unknown) => {
    log.warn({ err: error }, 'live event not delivered');
  };
  // Names this process in its presence announcements, so that it does not count its own twice.
  const processId = randomUUID();
  const hub = new LiveHub({
    maxSocketsPerUser: config.LIVE_MAX_SOCKETS_PER_USER,
    sendBufferBytes: config.LIVE_SEND_BUFFER_BYTES,
    contactMaySee: (tenantId, email, caseId) => contactMaySee(forTenant(deps.db, tenantId), email, caseId),
    onError,
    announcePresence: (tenantId, caseId, people) => {
      announcePresence(forTenant(deps.db, tenantId), processId, caseId, people).then((isSent) => {
        if (!isSent) log.warn({ tenantId, caseId }, 'presence too long to announce to other processes');
      }, onError);
    },
  });

  // Before the websocket plugin's own preClose (which closes without a code): the browsers hear
  // GOING_AWAY and reconnect, to another process or to this one once it is back.
  app.addHook('preClose', () => hub.closeAll(LIVE_CLOSE.GOING_AWAY, 'the server is shutting down'));
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false } });

  app.get(LIVE_EVENTS_PATH, { websocket: true, config: { access: 'public' } }, (socket) => {
    serveLiveSocket(
      {
        hub,
        tokens: deps.tokens,
        sessions: deps.sessions,
        nameOf: (tenantId, username) => personName(forTenant(deps.db, tenantId), username),
        log,
        authTimeoutMs: config.LIVE_AUTH_TIMEOUT_SECONDS * 1000,
        maxMessages: config.LIVE_MAX_CLIENT_MESSAGES,
        messageWindowMs: config.LIVE_CLIENT_MESSAGE_WINDOW_SECONDS * 1000,
      },
      // @fastify/websocket hands ws's own socket; @types/ws names its class through an interface
      // alias (WebSocket.WebSocket), which this rule cannot see as an instance of the class.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
      socket,
    );
  });

  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    hub.startHeartbeat(config.LIVE_PING_SECONDS * 1000);
    const listen = listenerOf(deps.db);
    if (!listen) {
      log.warn('the database offers no LISTEN: live events stay unsent');
      return;
    }
    stopListening = await listen(
      LIVE_CHANNEL,
      (payload) => {
        const notice = parseLiveNotice(payload);
        if (!notice) return;
        if (notice.EVENT !== 'PRESENCE') {
          hub.publish(notice.tenantId, notice.EVENT, notice.meta).catch(onError);
        } else if (notice.origin !== undefined && notice.origin !== processId) {
          const { caseId, people } = notice.meta as TPushMeta['PRESENCE'];
          hub.remotePresence(notice.origin, notice.tenantId, caseId, people);
        }
      },
      () => {
        hub.dropAll();
      },
    );
  });
  app.addHook('onClose', async () => {
    await stopListening?.();
  });
}
