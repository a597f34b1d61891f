/**
 * The public address of profile pictures serves a user's current picture and nothing else of the
 * shared file store: not an attachment whose hash is known, not a picture since replaced, not a
 * picture under another image extension than the one it was stored with. The current picture of
 * a user of any store is served, without sign-in (an <img> sends no token).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type Session } from './helpers/api';
import { createStore, createUser, type StoreFixture } from './helpers/factories';
import { multipartFile, pngBytes } from './helpers/files';
import { createTestApp, type TestApp } from './helpers/test-app';

const PICTURES = '/v2/public/profile-pictures';

let t: TestApp;
let store: StoreFixture;
let other: StoreFixture;
let agent: Session;
let otherAgent: Session;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const post = (session: Session, url: string, bytes: Buffer, filename = 'picture.png') => {
  const { payload, headers } = multipartFile(bytes, { filename });
  return call(t.app, session, { method: 'POST', url, body: payload, headers });
};

/** Sets the session's own picture and answers its public address. */
async function setPicture(session: Session, bytes: Buffer): Promise<string> {
  const answer = await post(session, '/v2/api/users/profile-picture', bytes);
  expect(answer.statusCode, answer.body).toBe(200);
  const url = answer.json<{ profilePicUrl: string | null }>().profilePicUrl;
  expect(url).toBe(`${PICTURES}/${sha256(bytes)}.png`);
  return url ?? '';
}

const fetchPublic = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  other = await createStore(t.db);
  agent = await signIn(t.app, await createUser(t.db, store.tenantId));
  otherAgent = await signIn(t.app, await createUser(t.db, other.tenantId));
});
afterAll(() => t.close());

describe('GET /v2/public/profile-pictures/:file', () => {
  it('answers 404 for an attachment’s file, a PNG stored in the same file store, requested by its hash', async () => {
    const attachment = pngBytes(7, 3, [10, 200, 30]);
    const uploaded = await post(agent, '/v2/api/claims/mails/attachments', attachment, 'receipt.png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const key = sha256(attachment);
    // The bytes are in the file store under that key: the address used to serve them to anyone.
    expect(await t.app.deps.files.has(key)).toBe(true);

    const answer = await fetchPublic(`${PICTURES}/${key}.png`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json<{ code: string }>().code).toBe('NOT_FOUND');
    expect(answer.rawPayload.includes(attachment)).toBe(false);
  });

  it('answers 404 for a file put in the store by another path (a mail’s bytes), whatever the extension', async () => {
    const key = await t.app.deps.files.put(Buffer.from('From: someone\r\n\r\nA private mail\r\n'));
    for (const ext of ['png', 'jpg', 'gif', 'webp']) {
      expect((await fetchPublic(`${PICTURES}/${key}.${ext}`)).statusCode).toBe(404);
    }
  });

  it('serves the current picture (200), and 404 at the address of the picture it replaced', async () => {
    const first = pngBytes(4, 4, [1, 1, 1]);
    const firstUrl = await setPicture(agent, first);
    const before = await fetchPublic(firstUrl);
    expect(before.statusCode).toBe(200);
    expect(Buffer.compare(before.rawPayload, first)).toBe(0);

    const second = pngBytes(4, 4, [2, 2, 2]);
    const secondUrl = await setPicture(agent, second);
    expect((await fetchPublic(firstUrl)).statusCode).toBe(404);
    const now = await fetchPublic(secondUrl);
    expect(now.statusCode).toBe(200);
    expect(now.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(now.rawPayload, second)).toBe(0);
    // The replaced file itself is still stored (files are shared and kept); only the address refuses it.
    expect(await t.app.deps.files.has(sha256(first))).toBe(true);
  });

  it('serves a picture only under the extension it was stored with', async () => {
    const bytes = pngBytes(5, 1, [9, 9, 9]);
    const url = await setPicture(agent, bytes);
    expect((await fetchPublic(url)).statusCode).toBe(200);
    expect((await fetchPublic(url.replace(/\.png$/, '.jpg'))).statusCode).toBe(404);
  });

  it('serves the current picture of a user of another store too, without sign-in', async () => {
    const bytes = pngBytes(2, 5, [70, 80, 90]);
    const url = await setPicture(otherAgent, bytes);
    const answer = await fetchPublic(url);
    expect(answer.statusCode).toBe(200);
    expect(Buffer.compare(answer.rawPayload, bytes)).toBe(0);
  });

  it('serves a picture again once a user sets it back', async () => {
    const bytes = pngBytes(3, 3, [33, 33, 33]);
    const url = await setPicture(agent, bytes);
    await setPicture(agent, pngBytes(3, 3, [34, 34, 34]));
    expect((await fetchPublic(url)).statusCode).toBe(404);
    await setPicture(agent, bytes);
    expect((await fetchPublic(url)).statusCode).toBe(200);
  });
});
