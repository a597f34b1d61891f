import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

const apps: TestApp[] = [];
const sockets: net.Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});
afterAll(async () => {
  for (const t of apps) await t.close();
});

const connect = (port: number, localAddress = '127.0.0.1') => {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  socket.on('error', () => {});
  sockets.push(socket);
  return socket;
};

async function listen(env: Record<string, string>): Promise<number> {
  const t = await createTestApp(env);
  apps.push(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as net.AddressInfo).port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SlowClient {
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closedAfter: Promise<number>;
}

/** Opens a connection that sends `head` at once and then one more piece every 250 ms. */
function slowClient(port: number, head: string, piece: string, localAddress = '127.0.0.1'): SlowClient {
  const socket = connect(port, localAddress);
  socket.on('data', () => {});
  const closedAfter = new Promise<number>((resolve) => {
    let startedAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    socket.once('connect', () => {
      startedAt = Date.now();
      socket.write(head);
      timer = setInterval(() => {
        if (socket.writable) socket.write(piece);
      }, 250);
    });
    socket.once('close', () => {
      clearInterval(timer);
      resolve(Date.now() - startedAt);
    });
  });
  return { closedAfter };
}

/** A plain GET on a connection of its own: the status, or the error when the server closed it. */
function get(port: number, path: string, localAddress = '127.0.0.1'): Promise<number | Error> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', resolve);
  });
}

/** Resolves when every promise settled or the deadline passed, with the values that came in time. */
async function within<T>(ms: number, promises: Promise<T>[]): Promise<(T | undefined)[]> {
  const values: (T | undefined)[] = promises.map(() => undefined);
  await Promise.race([Promise.all(promises.map((p, i) => p.then((v) => (values[i] = v)))), sleep(ms)]);
  return values;
}

describe('connection time limits (headers 1 s, request 3 s, keep-alive 1 s)', () => {
  let port = 0;
  beforeAll(async () => {
    port = await listen({
      HTTP_HEADERS_TIMEOUT_SECONDS: '1',
      HTTP_REQUEST_TIMEOUT_SECONDS: '3',
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '300',
    });
  });

  it('closes 200 slow clients within the limits while a normal request still answers', async () => {
    const headers = Array.from({ length: 150 }, (_, i) =>
      slowClient(port, `GET /v2/api/nothing-${String(i)} HTTP/1.1\r\nHost: x\r\n`, 'X-Slow: 1\r\n'),
    );
    const bodies = Array.from({ length: 40 }, () =>
      slowClient(
        port,
        'POST /v2/api/stores/check-user HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10000\r\n\r\n',
        'a',
      ),
    );
    // Asked once and then left open, silent.
    const idle = Array.from({ length: 10 }, (_, i) =>
      slowClient(port, `GET /v2/api/nothing-${String(i)} HTTP/1.1\r\nHost: x\r\n\r\n`, ''),
    );

    await sleep(500);
    const normal = await get(port, '/v2/api/nothing');
    expect(normal).toBe(404);
    // A body sent steadily over longer than the headers limit is not cut by it.
    const steady = await new Promise<number | Error>((resolve) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/v2/api/stores/check-user',
          headers: { 'content-type': 'text/plain', 'content-length': '27' },
          agent: false,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', resolve);
      request.write('nobody@');
      setTimeout(() => request.write('nowhere.'), 700);
      setTimeout(() => request.end('example.test'), 1400);
    });
    expect(steady).toBe(404);

    // Generous bounds: the limit, Node's check every 250 ms, and a busy test machine.
    const slack = 4000;
    const closedHeaders = await within(
      1000 + slack,
      headers.map((c) => c.closedAfter),
    );
    const closedBodies = await within(
      3000 + slack,
      bodies.map((c) => c.closedAfter),
    );
    const closedIdle = await within(
      1000 + slack,
      idle.map((c) => c.closedAfter),
    );

    expect(closedHeaders.filter((ms) => ms === undefined)).toHaveLength(0);
    expect(closedBodies.filter((ms) => ms === undefined)).toHaveLength(0);
    expect(closedIdle.filter((ms) => ms === undefined)).toHaveLength(0);
    // Cut by the limits, not by chance early.
    expect(Math.min(...closedHeaders.map(Number))).toBeGreaterThanOrEqual(900);
    expect(Math.min(...closedBodies.map(Number))).toBeGreaterThanOrEqual(2900);
  });
});

describe('connections per client address (cap 20)', () => {
  let port = 0;
  beforeAll(async () => {
    port = await listen({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '20' });
  });

  it('closes a connection past the cap at once, while other addresses and freed places still work', async () => {
    const held = Array.from({ length: 20 }, () => connect(port));
    await Promise.all(held.map((s) => new Promise((resolve) => s.once('connect', resolve))));

    const past = slowClient(port, 'GET /v2/api/nothing HTTP/1.1\r\nHost: x\r\n\r\n', '');
    const [closedAfter] = await within(2000, [past.closedAfter]);
    expect(closedAfter).toBeDefined();
    expect(await get(port, '/v2/api/nothing')).toBeInstanceOf(Error);
    expect(await get(port, '/v2/api/nothing', '127.0.0.2')).toBe(404);

    held[0]?.destroy();
    let afterFreed: number | Error = new Error('not tried');
    for (let tries = 0; tries < 20 && afterFreed instanceof Error; tries++) {
      await sleep(100);
      afterFreed = await get(port, '/v2/api/nothing');
    }
    expect(afterFreed).toBe(404);
  });
});
