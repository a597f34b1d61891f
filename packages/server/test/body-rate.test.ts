/**
 * The minimum rate of request bodies, over a real port and raw sockets, with a short window
 * (1.5 s) and 1000 bytes a second: a body trickled a byte at a time is answered 408 and its
 * connection closed within the window and a tick, on a route that reads the body (an upload) and
 * on one that answered before the body ended; a body sent at a steady rate above the minimum for
 * several windows finishes and gets its answer; and a body the server itself reads more slowly
 * than the minimum (its file store is slow) is not cut off. (Before, both trickles held their
 * connection for the whole request timeout, 300 s.)
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Session } from './helpers/api';
import { createStore, createUser } from './helpers/factories';
import { pngBytes } from './helpers/files';
import { authHeaders, boundary, partHead, streamUpload } from './helpers/raw-http';
import { createTestApp, type TestApp } from './helpers/test-app';

const WINDOW_S = 1.5;
const MIN_RATE = 1000;
const ATTACHMENTS = '/v2/api/claims/mails/attachments';

let t: TestApp;
let port: number;
let staff: Session;
const sockets: net.Socket[] = [];
const timers: NodeJS.Timeout[] = [];

beforeAll(async () => {
  t = await createTestApp({
    HTTP_BODY_MIN_BYTES_PER_SECOND: String(MIN_RATE),
    HTTP_BODY_RATE_WINDOW_SECONDS: String(WINDOW_S),
  });
  const { tenantId } = await createStore(t.db);
  staff = await signIn(t.app, await createUser(t.db, tenantId));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterEach(() => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const socket of sockets.splice(0)) socket.destroy();
});
afterAll(() => t.close());

interface Sent {
  /** What the server sent back, once it closed the connection or answered in full. */
  answer: Promise<{ text: string; closedAfterMs: number | null; answeredAfterMs: number | null }>;
}

/**
 * Sends a POST's headers and the first `first` bytes of its body at once, then `pieceBytes` more
 * every `everyMs` until the declared `total` is sent: `body` past its end is padding.
 */
function post(options: {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  first: number;
  pieceBytes: number;
  everyMs: number;
  total?: number;
}): Sent {
  const total = options.total ?? options.body.byteLength;
  const bytesAt = (offset: number, n: number) => {
    const end = Math.min(offset + n, total);
    const own = options.body.subarray(offset, end);
    return Buffer.concat([own, Buffer.alloc(end - offset - own.byteLength, 0x7a)]);
  };
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.on('error', () => {});
  sockets.push(socket);
  const startedAt = Date.now();
  let text = '';
  let answeredAfterMs: number | null = null;
  const answer = new Promise<{ text: string; closedAfterMs: number | null; answeredAfterMs: number | null }>(
    (resolve) => {
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        answeredAfterMs ??= Date.now() - startedAt;
      });
      socket.once('close', () => {
        resolve({ text, closedAfterMs: Date.now() - startedAt, answeredAfterMs });
      });
    },
  );
  const head = [
    `POST ${options.url} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries({ ...options.headers, 'content-length': String(total) }).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  socket.once('connect', () => {
    socket.write(head);
    socket.write(bytesAt(0, options.first));
    let sent = options.first;
    const timer = setInterval(() => {
      if (!socket.writable) return;
      if (sent >= total) {
        clearInterval(timer);
        return;
      }
      const chunk = bytesAt(sent, options.pieceBytes);
      socket.write(chunk);
      sent += chunk.byteLength;
    }, options.everyMs);
    timers.push(timer);
  });
  return { answer };
}

/** Resolves with the answer, or with null when it did not come within `ms`. */
const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

/** The window, a tick and room for a loaded machine. */
const CLOSE_BY_MS = WINDOW_S * 1000 + 400 + 1500;

describe('the minimum rate of request bodies', () => {
  it('closes an upload trickled a byte every 300 ms with a 408, within the window and a tick', async () => {
    const b = boundary();
    const head = Buffer.from(partHead(b, 'file', 'slow.png', 'image/png'));
    const sent = post({
      url: ATTACHMENTS,
      headers: { ...authHeaders(staff), 'content-type': `multipart/form-data; boundary=${b}` },
      body: head,
      first: head.byteLength,
      pieceBytes: 1,
      everyMs: 300,
      total: 100_000,
    });
    const answer = await within(CLOSE_BY_MS + 5000, sent.answer);
    expect(answer, 'the trickling connection was still open').not.toBeNull();
    expect(answer?.closedAfterMs).toBeGreaterThanOrEqual(WINDOW_S * 1000 - 100);
    expect(answer?.closedAfterMs).toBeLessThan(CLOSE_BY_MS);
    expect(answer?.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer?.text).toContain('"code":"REQUEST_TIMEOUT"');
  });

  it('closes a trickled body that holds a connection after its answer was sent (401 before the body)', async () => {
    const sent = post({
      url: ATTACHMENTS,
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(0),
      first: 1,
      pieceBytes: 1,
      everyMs: 300,
      total: 100_000,
    });
    const answer = await within(CLOSE_BY_MS + 5000, sent.answer);
    expect(answer, 'the trickling connection was still open').not.toBeNull();
    expect(answer?.text).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer?.closedAfterMs).toBeLessThan(CLOSE_BY_MS);
  });

  it('lets a body sent steadily at 3 times the minimum for over 3 windows finish with its answer', async () => {
    const b = boundary();
    const file = Buffer.concat([pngBytes(), Buffer.alloc(14_000, 0x41)]);
    const head = Buffer.from(partHead(b, 'file', 'steady.png', 'image/png'));
    const body = Buffer.concat([head, file, Buffer.from(`\r\n--${b}--\r\n`)]);
    // 300 bytes every 100 ms: 3000 bytes a second, the body taking about 5 s.
    const sent = post({
      url: ATTACHMENTS,
      headers: {
        ...authHeaders(staff),
        'content-type': `multipart/form-data; boundary=${b}`,
        connection: 'close',
      },
      body,
      first: head.byteLength,
      pieceBytes: 300,
      everyMs: 100,
    });
    const answer = await within(20_000, sent.answer);
    expect(answer?.text).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer?.answeredAfterMs).toBeGreaterThan(3 * WINDOW_S * 1000);
  });
});

describe('a server slower than the minimum rate', () => {
  let slow: TestApp;
  let slowPort: number;
  let slowStaff: Session;
  let chunks = 0;

  beforeAll(async () => {
    // 1 MB/s over 1 s windows, on a file store that takes 100 ms for each chunk it writes: the
    // server reads the body more slowly than the minimum, the client could send far faster.
    slow = await createTestApp({
      HTTP_BODY_MIN_BYTES_PER_SECOND: String(1024 * 1024),
      HTTP_BODY_RATE_WINDOW_SECONDS: '1',
    });
    const real = slow.app.deps.files;
    slow.app.deps.files = {
      ...real,
      putStream: (source) =>
        real.putStream(
          (async function* () {
            for await (const chunk of source) {
              chunks += 1;
              await new Promise((resolve) => setTimeout(resolve, 100));
              yield chunk;
            }
          })(),
        ),
    };
    const { tenantId } = await createStore(slow.db);
    slowStaff = await signIn(slow.app, await createUser(slow.db, tenantId));
    await slow.app.listen({ host: '127.0.0.1', port: 0 });
    slowPort = (slow.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => slow.close());

  it('does not count the windows in which the server itself was not taking the body', async () => {
    const startedAt = Date.now();
    const upload = streamUpload(slowPort, slowStaff, ATTACHMENTS, 2 * 1024 * 1024);
    const answer = await upload.answer;
    const seconds = (Date.now() - startedAt) / 1000;
    expect(answer.status, answer.body).toBe(201);
    // It took several windows, at well under the minimum rate: only the server was slow.
    expect(seconds).toBeGreaterThan(2);
    expect((2 * 1024 * 1024) / seconds).toBeLessThan(1024 * 1024);
    expect(chunks).toBeGreaterThan(10);
  });
});
