/**
 * Uploads over a real port, as raw HTTP: malformed multipart bodies are 400s naming `file`, a
 * 50 MB body is a 413 that reaches the client, an upload cut off midway leaves no temporary file,
 * stored bytes and hashes are right, the caps on uploads in flight per user and per process
 * answer 429 while other requests still work, and 20 uploads of 24 MB at once stream to disk
 * instead of into memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { readdir, readFile, mkdir, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUpload } from '../src/modules/mail/writing/outgoing-attachments';
import { signIn, type Session } from './helpers/api';
import { createStore, createUser, type StoreFixture } from './helpers/factories';
import { pngBytes } from './helpers/files';
import {
  boundary,
  form,
  formType,
  partHead,
  readSelf,
  send,
  sendable,
  streamUpload,
  type Answer,
} from './helpers/raw-http';
import { createTestApp, type TestApp } from './helpers/test-app';

const ATTACHMENTS = '/v2/api/claims/mails/attachments';
const PICTURE = '/v2/api/users/profile-picture';
const MB = 1024 * 1024;
const PER_USER = 4;
const PER_PROCESS = 20;
const STALE = '1.crashed-upload.tmp';

let t: TestApp;
let port: number;
let store: StoreFixture;
/** Five users: 5 × PER_USER uploads fill the process's slots. */
let staff: Session[] = [];
let names: string[] = [];
let extra: Session;
let extraName: string;

interface ErrorBody {
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
}
const errorOf = (answer: Answer) => JSON.parse(answer.body) as ErrorBody;
const uploadIdOf = (answer: Answer) => (JSON.parse(answer.body) as { uploadId: string }).uploadId;

/** Every file under the store's folder for uploads still arriving. */
const incomingFiles = async () =>
  readdir(path.join(t.dataDir, 'files', 'incoming')).catch(() => [] as string[]);

async function waitFor(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  t = await createTestApp({
    UPLOADS_IN_FLIGHT_PER_USER: String(PER_USER),
    UPLOADS_IN_FLIGHT_PER_PROCESS: String(PER_PROCESS),
  });
  store = await createStore(t.db);
  staff = [];
  names = [];
  for (let i = 0; i < 5; i++) {
    const user = await createUser(t.db, store.tenantId);
    names.push(user.username);
    staff.push(await signIn(t.app, user));
  }
  const user = await createUser(t.db, store.tenantId);
  extraName = user.username;
  extra = await signIn(t.app, user);
  // What a crash two days ago left behind, before this process stores its first upload.
  await mkdir(path.join(t.dataDir, 'files', 'incoming'), { recursive: true });
  await writeFile(path.join(t.dataDir, 'files', 'incoming', STALE), 'half an upload');
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  await utimes(path.join(t.dataDir, 'files', 'incoming', STALE), twoDaysAgo, twoDaysAgo);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t.close();
});

// First, so that the baseline is not memory that earlier tests' 50 MB bodies left to the allocator.
describe('memory', () => {
  it(
    '20 uploads of 24 MB at once add less than 200 MB of resident memory',
    { timeout: 120_000 },
    async () => {
      const size = 24 * MB;
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 10);
      try {
        const uploads = staff.flatMap((s) =>
          Array.from({ length: PER_USER }, () => streamUpload(port, s, ATTACHMENTS, size)),
        );
        expect(uploads).toHaveLength(20);
        const answers = await Promise.all(uploads.map((u) => u.answer));
        const hashes = await Promise.all(uploads.map((u) => u.hash));
        expect(answers.map((a) => a.status)).toEqual(uploads.map(() => 201));
        answers.forEach((answer, i) => {
          const receipt = readUpload(t.app.deps.hashKey, store.tenantId, uploadIdOf(answer));
          expect(receipt).toMatchObject({ fileHash: hashes[i], size });
        });
      } finally {
        clearInterval(sampler);
      }
      const addedMb = (peak - before) / MB;
      console.log(
        `20 uploads of 24 MB: rss ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB (+${addedMb.toFixed(0)} MB)`,
      );
      expect(addedMb).toBeLessThan(200);
    },
  );
});

describe('malformed multipart bodies', () => {
  const b = 'claimdesk-boundary';
  // A PNG's signature, so that the picture route reads it as an image and only the form is wrong.
  const FILE = '\x89PNG\r\n\x1a\nrest of the file';
  const cases: [string, Record<string, string>, string][] = [
    ['no boundary', { 'content-type': 'multipart/form-data' }, `--${b}\r\n\r\n${FILE}\r\n--${b}--\r\n`],
    ['never closed', formType(b), `${partHead(b)}${FILE}`],
    ['a wrong boundary', formType(b), `${partHead('another')}${FILE}\r\n--another--\r\n`],
    [
      'no file part',
      formType(b),
      `--${b}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${b}--\r\n`,
    ],
    ['the file in another field', formType(b), `${partHead(b, 'picture')}${FILE}\r\n--${b}--\r\n`],
    ['a malformed part header', formType(b), `--${b}\r\nContent-Disposition\r\n\r\n${FILE}\r\n--${b}--\r\n`],
    ['two files', formType(b), `${partHead(b)}${FILE}\r\n${partHead(b)}${FILE}\r\n--${b}--\r\n`],
    [
      'too many header lines',
      formType(b),
      `--${b}\r\n${'X-Pad: 1\r\n'.repeat(50)}Content-Disposition: form-data; name="file"; filename="a"\r\n\r\nx\r\n--${b}--\r\n`,
    ],
    ['an empty body', formType(b), ''],
    ['JSON instead of a form', { 'content-type': 'application/json' }, '{"file":"x"}'],
  ];
  for (const url of [ATTACHMENTS, PICTURE]) {
    for (const [what, headers, body] of cases) {
      it(`${url}: ${what} is a 400 naming the field file`, async () => {
        const answer = await send(port, staff[0] as Session, url, headers, Buffer.from(body, 'latin1'));
        expect(answer.status, answer.body).toBe(400);
        const error = errorOf(answer);
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.fieldErrors?.file).toEqual(expect.any(String));
        expect(error.message).toMatch(/"file"/);
      });
    }
  }
});

describe('the connection after a refused body', () => {
  it('serves the next request on the same connection, the refused body read and dropped', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const b = boundary();
      // Broken in its first part header, then megabytes the parser never gets to.
      const broken = Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Disposition\r\n\r\n`),
        randomBytes(8 * MB),
      ]);
      const refused = await send(port, staff[4] as Session, ATTACHMENTS, formType(b), broken, agent);
      expect(refused.status, refused.body).toBe(400);
      const next = await send(
        port,
        staff[4] as Session,
        ATTACHMENTS,
        ...sendable(form(randomBytes(10))),
        agent,
      );
      expect(next.status, next.body).toBe(201);
      expect(next.isReusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});

describe('sizes', () => {
  const big = Buffer.alloc(50 * MB, 1);
  const b = boundary();
  const shapes: [string, () => { headers: Record<string, string>; body: Buffer }][] = [
    ['a 50 MB file', () => form(Buffer.concat([pngBytes(), big]))],
    [
      'a 50 MB field before the file',
      () => ({
        headers: formType(b),
        body: Buffer.concat([
          Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`),
          big,
          Buffer.from(`\r\n${partHead(b)}`),
          pngBytes(),
          Buffer.from(`\r\n--${b}--\r\n`),
        ]),
      }),
    ],
    [
      'a 50 MB body without a boundary',
      () => ({ headers: { 'content-type': 'multipart/form-data' }, body: big }),
    ],
  ];
  for (const url of [ATTACHMENTS, PICTURE]) {
    for (const [what, shape] of shapes) {
      it(`${url}: ${what} is answered 413 naming the field file`, async () => {
        const { headers, body } = shape();
        const answer = await send(port, staff[1] as Session, url, headers, body);
        expect(answer.status, answer.body).toBe(413);
        const error = errorOf(answer);
        expect(error.code).toBe('PAYLOAD_TOO_LARGE');
        expect(error.fieldErrors?.file).toMatch(/MB/);
      });
    }

    it(`${url}: a 50 MB file sent chunked, its size not declared, is answered 413 while it streams`, async () => {
      const upload = streamUpload(port, staff[1] as Session, url, 50 * MB, { isChunked: true });
      const answer = await upload.answer;
      expect(answer.status, answer.body).toBe(413);
      expect(errorOf(answer).fieldErrors?.file).toMatch(/MB/);
      // The rest of the body is taken and dropped: the client can finish sending.
      await upload.hash;
      await waitFor(async () => (await incomingFiles()).length === 0, 'the temporary file to go');
    });
  }
});

describe('storing', () => {
  it('stores an attachment under the SHA-256 of its bytes, byte for byte', async () => {
    const bytes = randomBytes(3 * MB + 17);
    const { headers, body } = form(bytes, { filename: 'report.pdf', type: 'application/pdf' });
    const answer = await send(port, staff[2] as Session, ATTACHMENTS, headers, body);
    expect(answer.status, answer.body).toBe(201);
    const receipt = readUpload(t.app.deps.hashKey, store.tenantId, uploadIdOf(answer));
    const hash = createHash('sha256').update(bytes).digest('hex');
    expect(receipt).toMatchObject({ fileHash: hash, size: bytes.byteLength, fileName: 'report.pdf' });
    const onDisk = await readFile(path.join(t.dataDir, 'files', hash.slice(0, 2), hash.slice(2, 4), hash));
    expect(onDisk.equals(bytes)).toBe(true);
    expect(await incomingFiles()).toEqual([]);
  });

  it('stores a profile picture checked by its first bytes, and refuses a non-image without storing it', async () => {
    const png = Buffer.concat([pngBytes(4, 4), randomBytes(MB)]);
    const answer = await send(port, staff[2] as Session, PICTURE, ...sendable(form(png)));
    expect(answer.status, answer.body).toBe(200);
    const hash = createHash('sha256').update(png).digest('hex');
    expect((JSON.parse(answer.body) as { profilePicUrl: string }).profilePicUrl).toContain(`${hash}.png`);

    const text = Buffer.from('not an image at all, only words');
    const refused = await send(port, staff[2] as Session, PICTURE, ...sendable(form(text)));
    expect(refused.status, refused.body).toBe(415);
    expect(errorOf(refused).fieldErrors?.file).toEqual(expect.any(String));
    const textHash = createHash('sha256').update(text).digest('hex');
    expect(await t.app.deps.files.has(textHash)).toBe(false);
    expect(await incomingFiles()).toEqual([]);
  });

  it('removes the temporary files of uploads a crash cut off, once stale', async () => {
    // The store sweeps its folder before the first upload it stores.
    const answer = await send(port, staff[2] as Session, ATTACHMENTS, ...sendable(form(randomBytes(10))));
    expect(answer.status, answer.body).toBe(201);
    expect(await incomingFiles()).not.toContain(STALE);
  });

  it('leaves no temporary file when the client goes away midway', async () => {
    const upload = streamUpload(port, staff[3] as Session, ATTACHMENTS, 20 * MB, { pauseAfter: 2 * MB });
    upload.answer.catch(() => undefined);
    upload.hash.catch(() => undefined);
    // Halfway, the bytes sit in a temporary file in the store: streamed, not held in memory.
    await waitFor(async () => (await incomingFiles()).length === 1, 'the temporary file');
    upload.abort();
    await waitFor(async () => (await incomingFiles()).length === 0, 'the temporary file to go');
    // Its slot is given back: the user can upload their full share again.
    const uploads = Array.from({ length: PER_USER }, () => form(randomBytes(1000)));
    const answers = await Promise.all(
      uploads.map(({ headers, body }) => send(port, staff[3] as Session, ATTACHMENTS, headers, body)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: PER_USER }, () => 201));
  });
});

describe('uploads in flight', () => {
  /** Starts uploads that stop after their first bytes, holding their slots until resumed. */
  async function hold(session: Session, count: number) {
    const before = (await incomingFiles()).length;
    const uploads = Array.from({ length: count }, () =>
      streamUpload(port, session, ATTACHMENTS, 256 * 1024, { pauseAfter: 64 * 1024 }),
    );
    await waitFor(async () => (await incomingFiles()).length >= before + count, 'the held uploads');
    return uploads;
  }

  async function finish(uploads: ReturnType<typeof streamUpload>[]) {
    for (const upload of uploads) upload.resume();
    const answers = await Promise.all(uploads.map((u) => u.answer));
    expect(answers.map((a) => a.status)).toEqual(uploads.map(() => 201));
  }

  it(`refuses a user's upload past ${String(PER_USER)} in flight with 429 and Retry-After; others go on`, async () => {
    const held = await hold(staff[0] as Session, PER_USER);
    const refused = await send(port, staff[0] as Session, ATTACHMENTS, ...sendable(form(randomBytes(10))));
    expect(refused.status, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(refused).code).toBe('TOO_MANY_REQUESTS');
    expect(errorOf(refused).message).toMatch(/in progress/);
    // Another user uploads, and the refused user's other requests answer.
    const other = await send(port, staff[1] as Session, ATTACHMENTS, ...sendable(form(randomBytes(10))));
    expect(other.status, other.body).toBe(201);
    expect(await readSelf(port, staff[0] as Session, names[0] ?? '')).toBe(200);
    await finish(held);
    const after = await send(port, staff[0] as Session, ATTACHMENTS, ...sendable(form(randomBytes(10))));
    expect(after.status, after.body).toBe(201);
  });

  it(`refuses any upload past ${String(PER_PROCESS)} in flight in the process, while other requests answer`, async () => {
    const held = (await Promise.all(staff.map((s) => hold(s, PER_USER)))).flat();
    expect(held).toHaveLength(PER_PROCESS);
    const refused = await send(port, extra, PICTURE, ...sendable(form(pngBytes())));
    expect(refused.status, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(refused).message).toMatch(/server/);
    expect(await readSelf(port, extra, extraName)).toBe(200);
    await finish(held);
    const after = await send(port, extra, PICTURE, ...sendable(form(pngBytes())));
    expect(after.status, after.body).toBe(200);
  });
});
