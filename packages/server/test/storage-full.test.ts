/**
 * Uploads over a real port on a disk that fills up midway (the app's file store, with the bytes
 * left free counted, fails as Node's fs does: ENOSPC). The upload is answered 507 STORAGE_FULL
 * "The server's storage is full" (before: a generic 500), the answer reaches a client that is
 * still sending, no temporary file is left, other requests go on, and once room is made the same
 * upload is stored.
 */
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../src/lib/file-storage';
import { signIn, type Session } from './helpers/api';
import { createStore, createUser } from './helpers/factories';
import { fullDisk, type FullDisk } from './helpers/full-disk';
import { readSelf, streamUpload, type Answer } from './helpers/raw-http';
import { createTestApp, type TestApp } from './helpers/test-app';

const ATTACHMENTS = '/v2/api/claims/mails/attachments';
const PICTURE = '/v2/api/users/profile-picture';
const KB = 1024;

let t: TestApp;
let port: number;
let disk: FullDisk;
let real: FileStorage;
let staff: Session;
let username: string;

const bodyOf = (answer: Answer) => JSON.parse(answer.body) as { code: string; message: string };
const incomingFiles = async () =>
  readdir(path.join(t.dataDir, 'files', 'incoming')).catch(() => [] as string[]);

beforeAll(async () => {
  t = await createTestApp();
  const { tenantId } = await createStore(t.db);
  const user = await createUser(t.db, tenantId);
  username = user.username;
  staff = await signIn(t.app, user);
  // The app's own store, on a disk whose free bytes the test sets.
  real = t.app.deps.files;
  disk = fullDisk(real, Infinity);
  t.app.deps.files = disk.files;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  t.app.deps.files = real;
  await t.close();
});

describe('an upload on a full disk', () => {
  for (const [what, url, ok] of [
    ['an attachment', ATTACHMENTS, 201],
    ['a profile picture', PICTURE, 200],
  ] as const) {
    it(`answers 507 "The server's storage is full" for ${what}, then stores it once room is made`, async () => {
      disk.setFree(256 * KB);
      const upload = streamUpload(port, staff, url, 1024 * KB);
      const answer = await upload.answer;
      expect(answer.status, answer.body).toBe(507);
      expect(bodyOf(answer)).toEqual({ code: 'STORAGE_FULL', message: "The server's storage is full" });
      expect(disk.failures()).toBeGreaterThan(0);
      // Nothing half-written stays behind, and the server goes on answering.
      expect(await incomingFiles()).toEqual([]);
      expect(await readSelf(port, staff, username)).toBe(200);

      disk.setFree(Infinity);
      const retry = streamUpload(port, staff, url, 1024 * KB);
      expect((await retry.answer).status).toBe(ok);
    });
  }

  it('answers 507 for a small upload when not a byte is free', async () => {
    disk.setFree(0);
    const answer = await streamUpload(port, staff, ATTACHMENTS, 10 * KB).answer;
    expect(answer.status).toBe(507);
    expect(bodyOf(answer).code).toBe('STORAGE_FULL');
    disk.setFree(Infinity);
  });
});
