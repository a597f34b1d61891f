/**
 * The tombstone rule at the inbound SMTP receiver (issue 34.4): a mail erased on the customer's
 * request and delivered again is accepted (250, so the sending server does not retry for days)
 * but never stored again.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInboundSmtp, type InboundSmtp } from '../../src/modules/mail/intake/inbound-smtp.worker';
import { call, signIn, type Session } from '../helpers/api';
import { createMailbox, createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { mailRows, rawMail } from '../mail/mail-store';

let t: TestApp;
let inbound: InboundSmtp;
let tenantId: string;
let admin: Session;
const ADDRESS = 'support@erase-shop.test';
const CUSTOMER = 'eva@kunde.test';

const deliver = (raw: Buffer) =>
  nodemailer
    .createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true })
    .sendMail({ envelope: { from: CUSTOMER, to: [ADDRESS] }, raw });

/** The files in the local file store (the key folders; uploads in progress left out). */
const storedFiles = async () =>
  (await readdir(path.join(t.dataDir, 'files'), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('incoming'))
    .map((entry) => entry.name)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  inbound = await startInboundSmtp(t.app.deps, { port: 0 });
  ({ tenantId } = await createStore(t.db));
  await createMailbox(t.db, t.app.deps.secrets, {
    tenantId,
    address: ADDRESS,
    kind: 'forward',
    isEnabled: true,
  });
  admin = await signIn(t.app, await createUser(t.db, tenantId, { roles: ['ADMIN_USER'] }));
});
afterAll(async () => {
  await inbound.stop();
  await t.close();
});

describe('an erased mail delivered again', () => {
  it('is accepted and not stored, with or without a Message-ID; a new mail still comes in', async () => {
    const withId = rawMail({
      messageId: '<eva-1@kunde.test>',
      from: `Eva <${CUSTOMER}>`,
      subject: 'Broken lamp',
    });
    const withoutId = rawMail({ messageId: null, from: `Eva <${CUSTOMER}>`, subject: 'No id here' });
    for (const raw of [withId, withoutId]) expect((await deliver(raw)).accepted).toHaveLength(1);
    expect(await mailRows(t.db, tenantId)).toHaveLength(2);

    const erased = await call(t.app, admin, {
      method: 'POST',
      url: '/v2/api/privacy/customer-data/erase',
      body: { email: CUSTOMER, confirmEmail: CUSTOMER },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ mails: 2 });
    expect(await mailRows(t.db, tenantId)).toHaveLength(0);

    const filesAfterErasure = await storedFiles();
    for (const raw of [withId, withoutId]) expect((await deliver(raw)).accepted).toHaveLength(1);
    expect(await mailRows(t.db, tenantId)).toHaveLength(0);
    // Their files, written before the tombstone was read, are not left behind either.
    expect(await storedFiles()).toEqual(filesAfterErasure);

    await deliver(
      rawMail({ messageId: '<eva-2@kunde.test>', from: `Eva <${CUSTOMER}>`, subject: 'New question' }),
    );
    expect((await mailRows(t.db, tenantId)).map((m) => m.messageId)).toEqual(['<eva-2@kunde.test>']);
  });
});
