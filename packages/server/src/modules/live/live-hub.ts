import {
  LIVE_CLOSE,
  type TLiveCloseCode,
  type TPresencePerson,
  type TPushEvent,
  type TPushMeta,
} from '@claimdesk/contracts';
import type { WebSocket } from 'ws';
import { mergePeople, RemotePresence } from './live-presence';

/** A signed-in socket. */
export interface LiveClient {
  socket: WebSocket;
  tenantId: string;
  username: string;
  grantType: 'password' | 'otp';
  /** The name its presence shows. */
  name: string;
  presence: { caseId: number; state: TPresencePerson['state'] } | null;
  /** Whether it answered the last ping. */
  isAlive: boolean;
  /** Whether its sign-in still stands (not signed out everywhere, password or roles unchanged). */
  isSessionValid: () => Promise<boolean>;
}

export interface LiveHubOptions {
  maxSocketsPerUser: number;
  /** Bytes queued for a socket past which it is dropped (SLOW_CONSUMER). */
  sendBufferBytes: number;
  /** Whether a one-time-code contact may hear about a case (the cases module's rule). */
  contactMaySee: (tenantId: string, email: string, caseId: number) => Promise<boolean>;
  onError: (error: unknown) => void;
  /** Tells the other server processes who this one has on a case (an empty list: nobody). */
  announcePresence?: (tenantId: string, caseId: number, people: TPresencePerson[]) => void;
}

const OPEN = 1;
/** How long closeAll waits for the clients' answers to its close frames. */
const CLOSE_WAIT_MS = 1000;
/** Heartbeats another process's presence outlives its last announcement by. */
const REMOTE_PRESENCE_BEATS = 3;

const userKey = (c: Pick<LiveClient, 'tenantId' | 'grantType' | 'username'>) =>
  `${c.tenantId}\n${c.grantType}\n${c.username}`;

/** The case an event is about; undefined for a store-wide event. */
function caseOf(meta: object): number | null | undefined {
  return 'caseId' in meta ? (meta.caseId as number | null) : undefined;
}

/**
 * The signed-in sockets of this process, by store. An event reaches only the sockets of its
 * store, and a one-time-code contact's socket only for the cases the contact may see (and the
 * store's mail counts). A socket that does not read its events is dropped rather than
 * buffered for without end, so that it never holds up the others.
 */
export class LiveHub {
  private readonly byTenant = new Map<string, Set<LiveClient>>();
  private readonly perUser = new Map<string, number>();
  /** The last PRESENCE people sent per store and case, as JSON. */
  private readonly lastPresence = new Map<string, string>();
  /** This process's own people per store and case, as last announced to the others (JSON). */
  private readonly lastAnnounced = new Map<string, { tenantId: string; caseId: number; json: string }>();
  private readonly remote = new RemotePresence();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly options: LiveHubOptions) {}

  /** Takes a signed-in socket; false when its user has as many open as allowed. */
  add(client: LiveClient): boolean {
    const key = userKey(client);
    const count = this.perUser.get(key) ?? 0;
    if (count >= this.options.maxSocketsPerUser) return false;
    this.perUser.set(key, count + 1);
    let clients = this.byTenant.get(client.tenantId);
    if (!clients) {
      clients = new Set();
      this.byTenant.set(client.tenantId, clients);
    }
    clients.add(client);
    return true;
  }

  /** A socket closed: it leaves its store, and the case it was on hears that it left. */
  remove(client: LiveClient): void {
    const clients = this.byTenant.get(client.tenantId);
    if (!clients?.delete(client)) return;
    if (clients.size === 0) this.byTenant.delete(client.tenantId);
    const key = userKey(client);
    const count = (this.perUser.get(key) ?? 1) - 1;
    if (count > 0) this.perUser.set(key, count);
    else this.perUser.delete(key);
    const left = client.presence;
    client.presence = null;
    if (left) this.presenceChanged(client.tenantId, left.caseId);
  }

  /** Open signed-in sockets of this process. */
  get size(): number {
    let n = 0;
    for (const clients of this.byTenant.values()) n += clients.size;
    return n;
  }

  /** Sends an event to the store's sockets that may see it. */
  async publish<E extends TPushEvent>(tenantId: string, EVENT: E, meta: TPushMeta[E]): Promise<void> {
    const clients = this.byTenant.get(tenantId);
    if (!clients) return;
    const text = JSON.stringify({ EVENT, meta });
    const caseId = caseOf(meta);
    const contacts: LiveClient[] = [];
    for (const client of clients) {
      if (client.grantType === 'password' || caseId === undefined) this.send(client, text);
      // Who of the staff is on a case is the store's own business: never told outside it.
      else if (caseId !== null && EVENT !== 'PRESENCE') contacts.push(client);
    }
    if (contacts.length === 0 || typeof caseId !== 'number') return;
    const emails = [...new Set(contacts.map((c) => c.username))];
    const allowed = new Set<string>();
    await Promise.all(
      emails.map(async (email) => {
        if (await this.options.contactMaySee(tenantId, email, caseId)) allowed.add(email);
      }),
    );
    for (const client of contacts) {
      if (allowed.has(client.username) && clients.has(client)) this.send(client, text);
    }
  }

  /**
   * Tells a socket that just signed in who is on which of the store's cases now, so that its
   * lists and case pages show them before anyone moves (staff only).
   */
  async sendPresenceSnapshot(client: LiveClient): Promise<void> {
    // A contact outside the store is told no staff presence (see publish).
    if (client.grantType !== 'password') return;
    const prefix = `${client.tenantId}\n`;
    for (const [key, json] of this.lastPresence) {
      if (!key.startsWith(prefix)) continue;
      const caseId = Number(key.slice(prefix.length));
      if (
        client.grantType !== 'password' &&
        !(await this.options.contactMaySee(client.tenantId, client.username, caseId))
      )
        continue;
      this.send(client, `{"EVENT":"PRESENCE","meta":{"caseId":${String(caseId)},"people":${json}}}`);
    }
  }

  /** The socket's user is now on `caseId` (null: on none), viewing or writing. */
  setPresence(client: LiveClient, caseId: number | null, state: TPresencePerson['state']): void {
    const before = client.presence;
    client.presence = caseId === null ? null : { caseId, state };
    if (before && before.caseId !== caseId) this.presenceChanged(client.tenantId, before.caseId);
    if (caseId !== null) this.presenceChanged(client.tenantId, caseId);
  }

  /** Another server process announced who it has on a case. */
  remotePresence(origin: string, tenantId: string, caseId: number, people: TPresencePerson[]): void {
    this.remote.set(origin, tenantId, caseId, people);
    this.presenceChanged(tenantId, caseId);
  }

  /**
   * Pings every socket each `everyMs`; one that did not answer the last ping is dropped. Each
   * beat also checks that the sockets' sign-ins still stand, as every HTTP call does: one that
   * ended (a password or role change, a removed account) closes its socket with UNAUTHENTICATED.
   */
  startHeartbeat(everyMs: number): void {
    this.heartbeat = setInterval(() => {
      this.beatPresence(everyMs);
      for (const clients of this.byTenant.values()) {
        for (const client of clients) {
          if (!client.isAlive) {
            client.socket.terminate();
            continue;
          }
          client.isAlive = false;
          if (client.socket.readyState !== OPEN) continue;
          client.socket.ping();
          client.isSessionValid().then((isValid) => {
            if (!isValid)
              client.socket.close(LIVE_CLOSE.UNAUTHENTICATED, 'this session has ended; sign in again');
          }, this.options.onError);
        }
      }
    }, everyMs);
    this.heartbeat.unref();
  }

  /** Closes every socket with `code`, and waits (a short while) for them to close. */
  async closeAll(code: TLiveCloseCode, reason: string): Promise<void> {
    clearInterval(this.heartbeat);
    const sockets = [...this.byTenant.values()].flatMap((clients) => [...clients].map((c) => c.socket));
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === 3) {
              resolve();
              return;
            }
            const timer = setTimeout(() => {
              socket.terminate();
              resolve();
            }, CLOSE_WAIT_MS);
            socket.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            socket.close(code, reason);
          }),
      ),
    );
  }

  /** Tells every socket to reconnect and refetch: events may have been lost (the listener was away). */
  dropAll(): void {
    for (const clients of this.byTenant.values()) {
      for (const client of clients)
        client.socket.close(LIVE_CLOSE.SLOW_CONSUMER, 'events may be lost: reconnect and refetch');
    }
  }

  private send(client: LiveClient, text: string): void {
    const { socket } = client;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.options.sendBufferBytes) {
      socket.close(LIVE_CLOSE.SLOW_CONSUMER, 'events were not read in time: reconnect and refetch');
      return;
    }
    socket.send(text);
  }

  /** Announces this process's presence again (so it does not run out elsewhere); forgets stale ones. */
  private beatPresence(everyMs: number): void {
    for (const { tenantId, caseId } of this.lastAnnounced.values())
      this.options.announcePresence?.(tenantId, caseId, this.peopleOn(tenantId, caseId));
    for (const { tenantId, caseId } of this.remote.expire(everyMs * REMOTE_PRESENCE_BEATS))
      this.presenceChanged(tenantId, caseId);
  }

  /**
   * Who is on the case now, here and on the other processes; sent to the store's sockets when it
   * differs from what was sent last. This process's own part is announced when it changed.
   */
  private presenceChanged(tenantId: string, caseId: number): void {
    const key = `${tenantId}\n${String(caseId)}`;
    const own = this.peopleOn(tenantId, caseId);
    const ownJson = JSON.stringify(own);
    if ((this.lastAnnounced.get(key)?.json ?? '[]') !== ownJson) {
      if (own.length === 0) this.lastAnnounced.delete(key);
      else this.lastAnnounced.set(key, { tenantId, caseId, json: ownJson });
      this.options.announcePresence?.(tenantId, caseId, own);
    }
    const people = mergePeople([own, ...this.remote.peopleOn(tenantId, caseId)]);
    const json = JSON.stringify(people);
    if ((this.lastPresence.get(key) ?? '[]') === json) return;
    if (people.length === 0) this.lastPresence.delete(key);
    else this.lastPresence.set(key, json);
    this.publish(tenantId, 'PRESENCE', { caseId, people }).catch(this.options.onError);
  }

  /** This process's people on the case: each once, writing in any tab over viewing in another. */
  private peopleOn(tenantId: string, caseId: number): TPresencePerson[] {
    const here: TPresencePerson[] = [];
    for (const client of this.byTenant.get(tenantId) ?? []) {
      if (client.presence?.caseId !== caseId) continue;
      here.push({ username: client.username, name: client.name, state: client.presence.state });
    }
    return mergePeople([here]);
  }
}
