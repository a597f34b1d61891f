import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE } from '@claimdesk/contracts';
import {
  CROWDED_RETRY_MS,
  LiveSocket,
  backoffDelay,
  liveUrl,
  type TLiveSocketOptions,
  type TSocketLike,
} from '../live-socket';

/** A WebSocket stand-in: records what the client sends; the test opens, answers and closes it. */
class FakeSocket implements TSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(data: unknown) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.onmessage?.(new MessageEvent('message', { data: text }));
  }

  /** The server (or the network) closes it. */
  end(code: number) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  ready() {
    this.open();
    this.receive({ type: 'ready', expiresAt: Date.now() + 3_600_000 });
  }
}

const last = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
};

const build = (overrides: Partial<TLiveSocketOptions> = {}) => {
  const calls = {
    events: [] as unknown[],
    ready: [] as boolean[],
    signInAgain: [] as number[],
  };
  const live = new LiveSocket({
    url: 'ws://app.test/v2/api/live',
    getCredentials: () => ({ token: 'token-1', tenantId: 'demo-store' }),
    onEvent: (message) => calls.events.push(message),
    onReady: ({ isReconnect }) => calls.ready.push(isReconnect),
    onSignInAgain: (code) => calls.signInAgain.push(code),
    createSocket: (url) => new FakeSocket(url),
    random: () => 0.5,
    ...overrides,
  });
  return { live, calls };
};

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('[LIVE] socket', () => {
  it('connects to the page host and sends auth as its first message, never the token in the URL', () => {
    expect(liveUrl({ protocol: 'https:', host: 'claims.example.com' })).toBe(
      'wss://claims.example.com/v2/api/live',
    );
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/v2/api/live');
    const { live } = build();
    live.start();
    expect(live.getState()).toBe('connecting');
    expect(last().url).not.toContain('token');
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-1', tenantId: 'demo-store' }]);
    last().receive({ type: 'ready', expiresAt: 1 });
    expect(live.getState()).toBe('live');
    live.stop();
  });

  it('hands on push events and ignores what does not parse', () => {
    const { live, calls } = build();
    live.start();
    last().ready();
    last().receive('not json');
    last().receive({ EVENT: 'NO_SUCH_EVENT', meta: {} });
    last().receive({ EVENT: 'CASE_UPDATED', meta: { caseId: 'seven' } });
    last().receive({ EVENT: 'CASE_UPDATED', meta: { caseId: 7 } });
    expect(calls.events).toEqual([{ EVENT: 'CASE_UPDATED', meta: { caseId: 7 } }]);
    expect(live.getState()).toBe('live');
    live.stop();
  });

  it('waits longer after each failure, with jitter, and starts over after ready', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, () => 0.999999, 1000, 30_000))).toEqual([
      999, 1999, 3999, 7999, 15_999, 29_999, 29_999,
    ]);
    // Full jitter: anything from no wait up to the cap.
    expect(backoffDelay(3, () => 0, 1000, 30_000)).toBe(0);
    expect(backoffDelay(3, () => 0.25, 1000, 30_000)).toBe(2000);

    const { live } = build({ random: () => 0.999 });
    live.start();
    // Each failed try waits up to twice as long: 0.999 of 1 s, 2 s, 4 s, 8 s.
    for (const wait of [999, 1998, 3996, 7992]) {
      const count = FakeSocket.all.length;
      last().end(1006);
      expect(live.getState()).toBe('offline');
      vi.advanceTimersByTime(wait - 1);
      expect(FakeSocket.all.length).toBe(count);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all.length).toBe(count + 1);
    }
    // Signed in again: the next failure waits the shortest time again.
    last().ready();
    last().end(1006);
    const count = FakeSocket.all.length;
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all.length).toBe(count + 1);
    live.stop();
  });

  it('a tab refused for too many tabs waits a minute or two, quietly, then tries again', () => {
    const { live, calls } = build({ random: () => 0.5 });
    live.start();
    last().end(LIVE_CLOSE.TOO_MANY_SOCKETS);
    // Not offline: the connection is fine, the person just has enough tabs live.
    expect(live.getState()).toBe('crowded');
    const count = FakeSocket.all.length;
    vi.advanceTimersByTime(CROWDED_RETRY_MS * 1.5 - 1);
    expect(FakeSocket.all.length).toBe(count);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all.length).toBe(count + 1);
    // Another tab closed meanwhile: this one gets in.
    last().ready();
    expect(live.getState()).toBe('live');
    expect(calls.signInAgain).toEqual([]);
    live.stop();
  });

  it('spreads the reconnects of many tabs: the wait follows the random draw', () => {
    const draws = [0.1, 0.7];
    const { live } = build({ random: () => draws.shift() ?? 0 });
    live.start();
    last().end(LIVE_CLOSE.GOING_AWAY);
    vi.advanceTimersByTime(99);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().end(LIVE_CLOSE.SLOW_CONSUMER);
    vi.advanceTimersByTime(1399);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    live.stop();
  });

  it.each([LIVE_CLOSE.UNAUTHENTICATED, LIVE_CLOSE.TOKEN_EXPIRED, LIVE_CLOSE.FORBIDDEN])(
    'does not reconnect after close code %i but takes the sign-in-again path',
    (code) => {
      const { live, calls } = build();
      live.start();
      last().ready();
      last().end(code);
      expect(calls.signInAgain).toEqual([code]);
      vi.advanceTimersByTime(120_000);
      expect(FakeSocket.all).toHaveLength(1);
      expect(live.getState()).toBe('idle');
      live.stop();
    },
  );

  it('asks for a refetch after every ready, saying whether it was a reconnect', () => {
    const { live, calls } = build();
    live.start();
    last().ready();
    expect(calls.ready).toEqual([false]);
    last().end(LIVE_CLOSE.SLOW_CONSUMER);
    vi.advanceTimersByTime(30_000);
    // Open but not signed in yet: no refetch before the server said ready.
    last().open();
    expect(calls.ready).toEqual([false]);
    last().receive({ type: 'ready', expiresAt: 1 });
    expect(calls.ready).toEqual([false, true]);
    live.stop();
  });

  it('pings every 25 seconds while live, and stops when closed', () => {
    const { live } = build();
    live.start();
    last().ready();
    const socket = last();
    vi.advanceTimersByTime(24_999);
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(25_000);
    expect(socket.sent.filter((m) => (m as { type: string }).type === 'ping')).toHaveLength(2);
    live.stop();
    expect(socket.closedWith).toBe(1000);
    expect(live.getState()).toBe('idle');
    vi.advanceTimersByTime(100_000);
    expect(socket.sent).toHaveLength(3);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('sends the presence when live and again after a reconnect', () => {
    const { live } = build();
    live.setPresence(12, 'viewing');
    live.start();
    last().ready();
    expect(last().sent.at(-1)).toEqual({ type: 'presence', caseId: 12, state: 'viewing' });
    live.setPresence(12, 'writing');
    live.setPresence(12, 'writing');
    expect(last().sent.slice(1)).toEqual([
      { type: 'presence', caseId: 12, state: 'viewing' },
      { type: 'presence', caseId: 12, state: 'writing' },
    ]);
    last().end(1006);
    vi.advanceTimersByTime(30_000);
    last().ready();
    expect(last().sent).toEqual([
      { type: 'auth', token: 'token-1', tenantId: 'demo-store' },
      { type: 'presence', caseId: 12, state: 'writing' },
    ]);
    live.setPresence(null);
    expect(last().sent.at(-1)).toEqual({ type: 'presence', caseId: null, state: 'viewing' });
    live.stop();
  });

  it('closes when the browser goes offline and tries at once when it is back', () => {
    const { live, calls } = build();
    live.start();
    last().ready();
    const first = last();
    window.dispatchEvent(new Event('offline'));
    expect(first.closedWith).toBe(1000);
    expect(live.getState()).toBe('offline');
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(2);
    last().ready();
    expect(calls.ready).toEqual([false, true]);
    live.stop();
  });

  it('does not connect without a session', () => {
    const { live } = build({ getCredentials: () => null });
    live.start();
    expect(FakeSocket.all).toHaveLength(0);
    expect(live.getState()).toBe('idle');
  });
});
