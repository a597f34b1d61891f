import {
  LIVE_CLOSE,
  LIVE_EVENTS_PATH,
  ZLiveServerMessage,
  type TLiveClientMessage,
  type TLiveServerMessage,
} from '@claimdesk/contracts';

/**
 * idle: no socket (signed out); connecting: opening or signing in; live: `ready` came;
 * offline: closed, waiting to try again.
 */
/** 'crowded': the person has as many tabs live as allowed; this one waits its turn (not offline). */
export type TLiveState = 'idle' | 'connecting' | 'live' | 'offline' | 'crowded';

/** A push event `{ EVENT, meta }` of the contract. */
export type TPushMessage = Extract<TLiveServerMessage, { EVENT: string }>;

/** The part of a browser WebSocket this client uses, so that tests can hand in a stand-in. */
export interface TSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface TLiveCredentials {
  token: string;
  tenantId: string;
}

export interface TLiveSocketOptions {
  /** The token and store of the signed-in person; null: do not connect. */
  getCredentials: () => TLiveCredentials | null;
  onEvent: (message: TPushMessage) => void;
  /**
   * After every `ready`: refetch what events may have been missed while no socket listened.
   * `isReconnect` is false for the first connection of this client.
   */
  onReady: (info: { isReconnect: boolean }) => void;
  /** The server refused the token or the store (4401, 4410, 4403): no retry; the app decides. */
  onSignInAgain: (code: number) => void;
  url?: string;
  createSocket?: (url: string) => TSocketLike;
  /** 0 ≤ random() < 1, for the jitter. */
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  pingIntervalMs?: number;
}

const OPEN = 1;
/** How long a tab refused for too many tabs waits before it tries again (up to twice this). */
export const CROWDED_RETRY_MS = 60_000;
const SIGN_IN_AGAIN: readonly number[] = [
  LIVE_CLOSE.UNAUTHENTICATED,
  LIVE_CLOSE.TOKEN_EXPIRED,
  LIVE_CLOSE.FORBIDDEN,
];

/** ws(s)://<this page's host>/v2/api/live: the page's own origin, through the dev proxy too. */
export const liveUrl = (location: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_EVENTS_PATH}`;

/** Exponential backoff with full jitter: a random wait up to base·2^attempt, capped. */
export const backoffDelay = (attempt: number, random: () => number, baseMs: number, maxMs: number) =>
  Math.floor(random() * Math.min(maxMs, baseMs * 2 ** attempt));

/**
 * One WebSocket to the server's live events: signs in with its first message, reconnects with
 * backoff after any close but a refused sign-in, pings to keep proxies from closing it, and keeps
 * the person's presence to send again after a reconnect.
 */
export class LiveSocket {
  private socket: TSocketLike | null = null;
  private state: TLiveState = 'idle';
  private attempt = 0;
  private hasBeenReady = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private presence: Extract<TLiveClientMessage, { type: 'presence' }> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly options: Required<Omit<TLiveSocketOptions, 'url'>> & { url: string };

  constructor(options: TLiveSocketOptions) {
    this.options = {
      url: options.url ?? liveUrl(),
      createSocket: (url) => new WebSocket(url),
      random: Math.random,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      pingIntervalMs: 25_000,
      ...options,
    };
  }

  getState = (): TLiveState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    if (this.state !== 'idle') return;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.connect();
  }

  /** Closes the socket for good (logout, the shell unmounted). */
  stop(): void {
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    this.clearTimers();
    this.drop();
    this.attempt = 0;
    this.hasBeenReady = false;
    this.setState('idle');
  }

  /** The person's presence on a case (null: on none); sent now when live, and after each reconnect. */
  setPresence(caseId: number | null, state: 'viewing' | 'writing' = 'viewing'): void {
    const same = this.presence?.caseId === caseId && this.presence.state === state;
    if (same || (this.presence === null && caseId === null)) return;
    this.presence = { type: 'presence', caseId, state };
    if (this.state === 'live') this.send(this.presence);
  }

  private setState(next: TLiveState): void {
    if (next === this.state) return;
    this.state = next;
    this.listeners.forEach((l) => l());
  }

  private send(message: TLiveClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    this.retryTimer = null;
    const credentials = this.options.getCredentials();
    if (!credentials) {
      this.setState('idle');
      return;
    }
    this.setState('connecting');
    let socket: TSocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.send({ type: 'auth', ...credentials });
    socket.onmessage = (event) => this.onMessage(event);
    socket.onclose = (event) => {
      if (this.socket === socket) this.onClose(event.code);
    };
    // An error is always followed by a close, which decides what comes next.
    socket.onerror = () => undefined;
  }

  private onMessage(event: MessageEvent): void {
    let data: unknown;
    try {
      data = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const parsed = ZLiveServerMessage.safeParse(data);
    if (!parsed.success) return;
    const message = parsed.data;
    if ('EVENT' in message) {
      this.options.onEvent(message);
      return;
    }
    if (message.type !== 'ready') return;
    const isReconnect = this.hasBeenReady;
    this.hasBeenReady = true;
    this.attempt = 0;
    this.setState('live');
    if (this.presence && this.presence.caseId !== null) this.send(this.presence);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send({ type: 'ping' }), this.options.pingIntervalMs);
    this.options.onReady({ isReconnect });
  }

  private onClose(code: number): void {
    this.socket = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (code === LIVE_CLOSE.TOO_MANY_SOCKETS) {
      // Other tabs of the person are live: this one tries again after a minute or two (spread
      // out), without the offline mark, and gets in once one of them closes.
      this.setState('crowded');
      this.retryTimer = setTimeout(() => this.connect(), CROWDED_RETRY_MS * (1 + this.options.random()));
      return;
    }
    if (SIGN_IN_AGAIN.includes(code)) {
      // No retry: the same token would be refused again. No socket is coming, so not "offline".
      this.setState('idle');
      this.options.onSignInAgain(code);
      return;
    }
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    this.setState('offline');
    const { random, baseDelayMs, maxDelayMs } = this.options;
    const delay = backoffDelay(this.attempt, random, baseDelayMs, maxDelayMs);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Closes the current socket without the close deciding anything (its handler is detached). */
  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (!socket) return;
    socket.onclose = null;
    socket.onmessage = null;
    socket.onopen = null;
    try {
      socket.close(1000);
    } catch {
      // Closing a socket that never opened can throw in some browsers: it is gone either way.
    }
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  /**
   * The browser lost its network: an open socket may not notice for minutes (nothing is sent),
   * so it is closed now and its events are fetched again once the network is back.
   */
  private readonly onOffline = (): void => {
    if (this.state === 'idle') return;
    this.clearTimers();
    this.drop();
    this.scheduleRetry();
  };

  /** The network is back: try at once instead of waiting out the backoff. */
  private readonly onOnline = (): void => {
    if (this.state === 'idle' || this.state === 'live' || this.socket) return;
    this.clearTimers();
    this.attempt = 0;
    this.connect();
  };
}
