/**
 * The set-up the mailbox-ownership-*.test.ts files share (issue 19 point 1: an address belongs to
 * one store, which proves it before the address receives or sends anything): an app with the demo
 * seed, the built-in inbound SMTP receiver on a real port, the demo stores' administrators signed
 * in, and helpers to send to the receiver, claim a mailbox, ask for and type its confirmation code
 * (read from the mails the app really wrote, DATA_DIR/mail-out). Each file calls
 * setUpOwnershipApp() for its own app.
 */
import type { TMailbox } from '@claimdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect } from 'vitest';
import { mailboxes } from '../../src/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../src/seed/demo-seed';
import { startInboundSmtp, type InboundSmtp } from '../../src/modules/mail/intake/inbound-smtp.worker';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { confirmationMailTo } from './confirmation-mail';

export let t: TestApp;
export let inbound: InboundSmtp;
export let demoAdmin: Session;
export let secondAdmin: Session;

/**
 * Registers the file's beforeAll (app, demo seed, inbound receiver on a free port, the two demo
 * stores' administrators signed in) and afterAll.
 */
export function setUpOwnershipApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db, t.app.deps.files);
    inbound = await startInboundSmtp(t.app.deps, { port: 0 });
    demoAdmin = await signIn(t.app, {
      username: 'admin@demo-store.test',
      password: DEMO_PASSWORD,
      tenantId: 'demo-store',
    });
    secondAdmin = await signIn(t.app, {
      username: 'admin@second-store.test',
      password: DEMO_PASSWORD,
      tenantId: 'second-store',
    });
  }, 120_000);
  afterAll(async () => {
    await inbound.stop();
    await t.close();
  });
}

export type ErrorBody = { code: string; message: string; fieldErrors?: Record<string, string> };

export const sendTo = (to: string[], raw: Buffer) =>
  nodemailer
    .createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true })
    .sendMail({ envelope: { from: 'kari@customer.test', to }, raw });
export const refusal = (to: string[], raw: Buffer) => sendTo(to, raw).catch((error: unknown) => error);

export const createBox = (session: Session, body: unknown) =>
  call(t.app, session, { method: 'POST', url: '/v2/api/settings/mailboxes', body });
export const askCode = (session: Session, id: number) =>
  call(t.app, session, { method: 'POST', url: `/v2/api/settings/mailboxes/${String(id)}/verification` });
export const verify = (session: Session, id: number, code: string) =>
  call(t.app, session, {
    method: 'POST',
    url: `/v2/api/settings/mailboxes/${String(id)}/verify`,
    body: { code },
  });

/** Moves the last code's mailing back in time (the resend pause and the expiry are hours and minutes). */
export const mailedAgo = (tenantId: string, id: number, ms: number) =>
  t.db
    .update(mailboxes)
    .set({ verificationSentAt: sql`now() - ${`${String(ms)} milliseconds`}::interval` })
    .where(and(eq(mailboxes.tenantId, tenantId), eq(mailboxes.id, id)));

export async function adminOfNewStore() {
  const { tenantId } = await createStore(t.db);
  const user = await createUser(t.db, tenantId, { roles: ['ADMIN_USER'] });
  return { tenantId, session: await signIn(t.app, user) };
}

/** A new store with an unproven forward mailbox made through the API, and the code mailed to it. */
export async function storeWithUnprovenBox(address: string) {
  const admin = await adminOfNewStore();
  const created = await createBox(admin.session, { kind: 'forward', address });
  expect(created.statusCode).toBe(201);
  const box = created.json<TMailbox>();
  const mailed = await confirmationMailTo(t.dataDir, address);
  if (!mailed) throw new Error(`no confirmation mail to ${address}`);
  return { ...admin, box, mailed };
}
