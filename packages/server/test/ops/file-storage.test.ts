/**
 * The file store's contract, the same for the local folder and for S3-compatible storage (an
 * s3rver the test starts): content-addressed keys, each file stored once, uploads streamed and
 * hashed on the way, missing and malformed keys answered with null. Then the app on S3
 * (FILES_URL): a profile picture uploaded through the API lands in the bucket and is served back.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, type FileStorage } from '../../src/lib/file-storage';
import { createS3FileStorage, parseFilesUrl } from '../../src/lib/s3-file-storage';
import { call, signIn } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { multipartFile, pngBytes } from '../helpers/files';
import { createTestApp, type TestApp } from '../helpers/test-app';

const BUCKET = 'claimdesk-files';
let dir: string;
let s3: S3rver;
let endpoint: string;
const S3_ENV = () => ({
  AWS_ENDPOINT_URL_S3: endpoint,
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-files-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${String(port)}`;
  Object.assign(process.env, S3_ENV());
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

/** The objects in the bucket under the prefix (s3rver keeps each as a folder of files). */
const objectsIn = async (prefix: string) =>
  (await readdir(path.join(dir, 's3', BUCKET, prefix), { recursive: true })).filter((name) =>
    name.endsWith('._S3rver_object'),
  );

const stores: [string, () => FileStorage][] = [
  ['the local folder', () => createLocalFileStorage(path.join(dir, 'local'))],
  [
    'S3-compatible storage',
    () =>
      createS3FileStorage(parseFilesUrl(`s3://${BUCKET}/contract`), {
        tempDir: path.join(dir, 'uploads'),
        clientConfig: { region: 'us-east-1', endpoint, forcePathStyle: true },
      }),
  ],
];

describe.each(stores)('files on %s', (_name, make) => {
  const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

  it('keys bytes by their SHA-256, stores them once, and gives them back', async () => {
    const files = make();
    const bytes = Buffer.from('A claim about a kettle. Æøå ß €');
    const key = await files.put(bytes);
    expect(key).toBe(sha(bytes));
    expect(await files.put(Buffer.from(bytes))).toBe(key);
    expect(await files.get(key)).toEqual(bytes);
    expect(await files.has(key)).toBe(true);
    expect(await files.size(key)).toBe(bytes.length);
    const stream = await files.stream(key);
    expect(stream && (await text(stream))).toBe(bytes.toString());
  });

  it('streams an upload of 3 MB in chunks, hashing it on the way', async () => {
    const files = make();
    const chunk = Buffer.alloc(64 * 1024, 7);
    const chunks = Array.from({ length: 48 }, (_, i) => Buffer.concat([chunk, Buffer.from([i])]));
    const whole = Buffer.concat(chunks);
    const stored = await files.putStream(Readable.from(chunks));
    expect(stored).toEqual({ key: sha(whole), size: whole.length });
    expect((await files.get(stored.key))?.equals(whole)).toBe(true);
  });

  it('answers null for a key it does not hold, and for one that is no key at all', async () => {
    const files = make();
    for (const key of [sha('never stored'), '../../etc/passwd', 'ABC', '']) {
      expect(await files.get(key)).toBeNull();
      expect(await files.stream(key)).toBeNull();
      expect(await files.size(key)).toBeNull();
      expect(await files.has(key)).toBe(false);
    }
  });

  it('a failing upload leaves nothing behind', async () => {
    const files = make();
    async function* broken() {
      yield Buffer.from('half of it');
      throw new Error('the connection broke');
    }
    await expect(files.putStream(broken())).rejects.toThrow('the connection broke');
    expect(await files.has(sha('half of it'))).toBe(false);
  });
});

describe('the app with FILES_URL on S3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FILES_URL: `s3://${BUCKET}/app`, ...S3_ENV() });
  });
  afterAll(() => t.close());

  it('keeps an uploaded picture in the bucket and serves it back', async () => {
    const { tenantId } = await createStore(t.db);
    const session = await signIn(t.app, await createUser(t.db, tenantId));
    const png = pngBytes(4, 3);
    const { payload, headers } = multipartFile(png);
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/v2/api/users/profile-picture',
      body: payload,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { profilePicUrl } = response.json<{ profilePicUrl: string }>();
    const picture = await t.app.inject({ method: 'GET', url: profilePicUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(png)).toBe(true);
    expect(await objectsIn('app')).toHaveLength(1);
    // Nothing went to the local folder.
    expect(await readdir(path.join(t.dataDir, 'files')).catch(() => [])).toEqual([]);
  });
});
