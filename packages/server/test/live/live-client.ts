import { LIVE_EVENTS_PATH, ZLiveServerMessage, type TLiveServerMessage } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { Session } from '../helpers/api';

/** A live socket as the browser holds it: every message it got, and how it closed. */
export interface LiveTestClient {
  socket: WebSocket;
  messages: TLiveServerMessage[];
  send: (message: unknown) => void;
  /** The first message (from the start) that `match` takes; fails after `timeoutMs`. */
  next: (match: (m: TLiveServerMessage) => boolean, timeoutMs?: number) => Promise<TLiveServerMessage>;
  /** How the socket closed (waits for it). */
  closed: Promise<{ code: number; reason: string }>;
  close: () => Promise<void>;
}

/** The address of a listening app's live socket. */
export function liveUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${String(address.port)}${LIVE_EVENTS_PATH}`;
}

/** Opens a socket (not yet signed in). */
export async function openLive(url: string): Promise<LiveTestClient> {
  const socket = new WebSocket(url);
  const messages: TLiveServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    const text = bytes.toString('utf8');
    messages.push(ZLiveServerMessage.parse(JSON.parse(text)));
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const seen = () => JSON.stringify(messages).slice(0, 2000);
  const next = (match: (m: TLiveServerMessage) => boolean, timeoutMs = 5000) =>
    new Promise<TLiveServerMessage>((resolve, reject) => {
      const look = () => {
        const found = messages.find(match);
        if (found) {
          done();
          resolve(found);
        } else if (socket.readyState === WebSocket.CLOSED) {
          done();
          reject(new Error(`closed before the message came; got ${seen()}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no such message in ${String(timeoutMs)} ms; got ${seen()}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(look);
      };
      waiters.add(look);
      look();
    });
  return {
    socket,
    messages,
    send: (message) => socket.send(JSON.stringify(message)),
    next,
    closed,
    close: async () => {
      if (socket.readyState !== WebSocket.CLOSED) socket.close();
      await closed;
    },
  };
}

/** Opens a socket and signs it in; resolves once `ready` came. */
export async function openSignedIn(url: string, session: Session): Promise<LiveTestClient> {
  const client = await openLive(url);
  client.send({ type: 'auth', token: session.token, tenantId: session.tenantId });
  await client.next((m) => 'type' in m && m.type === 'ready');
  return client;
}

/** Events of a kind the client got so far. */
export const eventsOf = (client: LiveTestClient, event: string) =>
  client.messages.filter((m) => 'EVENT' in m && m.EVENT === event);
