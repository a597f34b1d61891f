import {
  LIVE_CLIENT_MESSAGE_MAX_BYTES,
  LIVE_CLOSE,
  ZLiveClientMessage,
  type TLiveClientMessage,
  type TLiveCloseCode,
  type TLiveServerMessage,
} from '@claimdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { SessionGuard } from '../auth/session-guard';
import type { TokenService } from '../auth/token-service';
import type { LiveClient, LiveHub } from './live-hub';

export interface LiveSocketDeps {
  hub: LiveHub;
  tokens: TokenService;
  sessions: SessionGuard;
  /** The name the user's presence shows. */
  nameOf: (tenantId: string, username: string) => Promise<string>;
  log: FastifyBaseLogger;
  authTimeoutMs: number;
  maxMessages: number;
  messageWindowMs: number;
}

const OPEN = 1;
/** setTimeout's longest delay (about 24.8 days); a later expiry is timed in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * One socket from open to close. The first message must be `auth` within the time allowed,
 * with a token the HTTP auth hook would take for the same store; the socket then joins the hub
 * and gets `ready`, and is closed when the token runs out. Every message counts against the
 * flood limit; one that is not JSON, not in the contract or too large closes the socket.
 * Messages are handled one after another, in order.
 */
export function serveLiveSocket(deps: LiveSocketDeps, socket: WebSocket): void {
  let client: LiveClient | null = null;
  let isClosed = false;
  let expiry: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();
  const recent: number[] = [];

  const close = (code: TLiveCloseCode, reason: string) => {
    if (isClosed) return;
    isClosed = true;
    clearTimeout(authTimer);
    clearTimeout(expiry);
    if (socket.readyState === OPEN) socket.close(code, reason);
  };
  const send = (message: TLiveServerMessage) => {
    if (!isClosed && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };
  const authTimer = setTimeout(() => {
    close(LIVE_CLOSE.AUTH_TIMEOUT, 'no auth message in time');
  }, deps.authTimeoutMs);

  const expireAt = (atMs: number) => {
    clearTimeout(expiry);
    const wait = atMs - Date.now();
    expiry = setTimeout(
      () => {
        if (Date.now() >= atMs) close(LIVE_CLOSE.TOKEN_EXPIRED, 'the access token ran out');
        else expireAt(atMs);
      },
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
  };

  const onAuth = async (message: Extract<TLiveClientMessage, { type: 'auth' }>) => {
    const claims = await deps.tokens.verify(message.token);
    if (!claims) return close(LIVE_CLOSE.UNAUTHENTICATED, 'a valid access token is required');
    const stands = () => deps.sessions.isValid(claims);
    if (!(await stands())) return close(LIVE_CLOSE.UNAUTHENTICATED, 'this session has ended; sign in again');
    if (claims.store_name !== message.tenantId)
      return close(LIVE_CLOSE.FORBIDDEN, 'the access token is not for this store');
    const isJoining = !client;
    if (client) {
      // A fresh token for the same person keeps the socket open longer.
      if (client.username !== claims.user_name || client.grantType !== claims.grant_type)
        return close(LIVE_CLOSE.FORBIDDEN, 'the socket is signed in as someone else');
      client.isSessionValid = stands;
    } else {
      const name =
        claims.grant_type === 'password'
          ? await deps.nameOf(claims.store_name, claims.user_name)
          : claims.user_name;
      if (isClosed) return;
      const joining: LiveClient = {
        socket,
        tenantId: claims.store_name,
        username: claims.user_name,
        grantType: claims.grant_type,
        name,
        presence: null,
        isAlive: true,
        isSessionValid: stands,
      };
      if (!deps.hub.add(joining))
        return close(LIVE_CLOSE.TOO_MANY_SOCKETS, 'too many live sockets for this user');
      client = joining;
    }
    clearTimeout(authTimer);
    expireAt(claims.exp * 1000);
    send({ type: 'ready', expiresAt: claims.exp * 1000 });
    if (isJoining) deps.hub.sendPresenceSnapshot(client).catch(deps.log.warn.bind(deps.log));
  };

  const handle = async (data: RawData, isBinary: boolean) => {
    if (isClosed) return;
    const bytes = bytesOf(data);
    if (isBinary || bytes.byteLength > LIVE_CLIENT_MESSAGE_MAX_BYTES)
      return close(LIVE_CLOSE.BAD_MESSAGE, 'a text message of at most 4096 bytes');
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      return close(LIVE_CLOSE.BAD_MESSAGE, 'not JSON');
    }
    const parsed = ZLiveClientMessage.safeParse(value);
    if (!parsed.success) return close(LIVE_CLOSE.BAD_MESSAGE, 'not a message of the contract');
    const message = parsed.data;
    if (message.type === 'auth') return onAuth(message);
    if (!client) return close(LIVE_CLOSE.UNAUTHENTICATED, 'the first message must be auth');
    if (message.type === 'ping') return send({ type: 'pong' });
    // Presence shows staff; a one-time-code contact's is not shown.
    if (client.grantType === 'password') deps.hub.setPresence(client, message.caseId, message.state);
  };

  socket.on('message', (data, isBinary) => {
    if (isClosed) return;
    const now = Date.now();
    recent.push(now);
    if (recent.length > deps.maxMessages) {
      const oldest = recent.shift() ?? now;
      if (now - oldest < deps.messageWindowMs)
        return close(LIVE_CLOSE.TOO_MANY, 'too many messages: slow down');
    }
    queue = queue
      .then(() => handle(data, isBinary))
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'live socket message failed');
        if (!isClosed) {
          isClosed = true;
          socket.close(1011, 'server error');
        }
      });
  });
  socket.on('pong', () => {
    if (client) client.isAlive = true;
  });
  socket.on('close', () => {
    isClosed = true;
    clearTimeout(authTimer);
    clearTimeout(expiry);
    if (client) deps.hub.remove(client);
  });
}
