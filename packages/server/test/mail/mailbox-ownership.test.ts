/**
 * Issue 19 point 1: an address belongs to one store, which proves it before the address
 * receives or sends anything. Through the API, the built-in inbound SMTP receiver on a real port
 * and the confirmation mails the app really wrote (DATA_DIR/mail-out).
 */
import type {
  TMailbox,
  TMailCompose,
  TMailLog,
  TSendMailboxVerificationResponse,
} from '@claimdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { mailboxes, mailLogs } from '../../src/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../src/seed/demo-seed';
import { startInboundSmtp, type InboundSmtp } from '../../src/modules/mail/intake/inbound-smtp.worker';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import { call, signIn, type Session } from '../helpers/api';
import { createMailbox, createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { confirmationMailCount, confirmationMailTo } from './confirmation-mail';
import { mailRows, rawMail } from './mail-store';

let t: TestApp;
let inbound: InboundSmtp;
let demoAdmin: Session;
let secondAdmin: Session;
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

type ErrorBody = { code: string; message: string; fieldErrors?: Record<string, string> };

const sendTo = (to: string[], raw: Buffer) =>
  nodemailer
    .createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true })
    .sendMail({ envelope: { from: 'kari@customer.test', to }, raw });
const refusal = (to: string[], raw: Buffer) => sendTo(to, raw).catch((error: unknown) => error);

const createBox = (session: Session, body: unknown) =>
  call(t.app, session, { method: 'POST', url: '/v2/api/settings/mailboxes', body });
const askCode = (session: Session, id: number) =>
  call(t.app, session, { method: 'POST', url: `/v2/api/settings/mailboxes/${String(id)}/verification` });
const verify = (session: Session, id: number, code: string) =>
  call(t.app, session, {
    method: 'POST',
    url: `/v2/api/settings/mailboxes/${String(id)}/verify`,
    body: { code },
  });

/** Moves the last code's mailing back in time (the resend pause and the expiry are hours and minutes). */
const mailedAgo = (tenantId: string, id: number, ms: number) =>
  t.db
    .update(mailboxes)
    .set({ verificationSentAt: sql`now() - ${`${String(ms)} milliseconds`}::interval` })
    .where(and(eq(mailboxes.tenantId, tenantId), eq(mailboxes.id, id)));

async function adminOfNewStore() {
  const { tenantId } = await createStore(t.db);
  const user = await createUser(t.db, tenantId, { roles: ['ADMIN_USER'] });
  return { tenantId, session: await signIn(t.app, user) };
}

/** A new store with an unproven forward mailbox made through the API, and the code mailed to it. */
async function storeWithUnprovenBox(address: string) {
  const admin = await adminOfNewStore();
  const created = await createBox(admin.session, { kind: 'forward', address });
  expect(created.statusCode).toBe(201);
  const box = created.json<TMailbox>();
  const mailed = await confirmationMailTo(t.dataDir, address);
  if (!mailed) throw new Error(`no confirmation mail to ${address}`);
  return { ...admin, box, mailed };
}

describe('demo-store’s address stays demo-store’s', () => {
  it('second-store cannot claim it: 409 naming the field, not the store, for any kind and a rename', async () => {
    const forward = await createBox(secondAdmin, { kind: 'forward', address: 'support@demo-store.test' });
    expect(forward.statusCode).toBe(409);
    expect(forward.json<ErrorBody>().fieldErrors).toHaveProperty('address');
    expect(forward.body).not.toMatch(/demo-store'|demo-store"|Demo Store/);
    const password = await createBox(secondAdmin, {
      kind: 'imap-password',
      address: 'SUPPORT@demo-store.test',
      imapHost: '127.0.0.1',
      imapUser: 'x',
      smtpHost: '127.0.0.1',
      password: 'x',
    });
    expect(password.statusCode).toBe(409);
    const own = (
      await createBox(secondAdmin, { kind: 'forward', address: 'own@second-store.test' })
    ).json<TMailbox>();
    const renamed = await call(t.app, secondAdmin, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${String(own.id)}`,
      body: { address: 'support@demo-store.test' },
    });
    expect(renamed.statusCode).toBe(409);
    const owners = await t.db
      .select()
      .from(mailboxes)
      .where(eq(mailboxes.address, 'support@demo-store.test'));
    expect(owners.map((b) => [b.tenantId, b.verifiedAt !== null])).toEqual([['demo-store', true]]);
  });

  it('mail to it through the inbound receiver lands in demo-store only', async () => {
    const before = (await mailRows(t.db, 'second-store')).length;
    await sendTo(['support@demo-store.test'], rawMail({ messageId: '<owned-1@customer.test>' }));
    const demo = await mailRows(t.db, 'demo-store');
    expect(demo.filter((m) => m.messageId === '<owned-1@customer.test>')).toHaveLength(1);
    expect(await mailRows(t.db, 'second-store')).toHaveLength(before);
  });

  it('demo-store sends from it: its seeded mailbox is proven', async () => {
    const compose = await call(t.app, demoAdmin, { url: '/v2/api/unmapped-mails/compose-mail/new' });
    expect(compose.json<TMailCompose>().from).toMatchObject({ address: 'support@demo-store.test' });
  });

  it('second-store cannot send as it: its mail goes out from the system sender', async () => {
    const compose = await call(t.app, secondAdmin, { url: '/v2/api/unmapped-mails/compose-mail/new' });
    // second-store's own mailbox is not proven either: no from offered but the system's.
    expect(compose.json<TMailCompose>().from).toBeNull();
    const sent = await call(t.app, secondAdmin, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: { to: ['kari@customer.test'], subject: 'Hello', html: '<p>Hello</p>' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<TMailLog>()).toMatchObject({
      mailboxId: null,
      from: { address: 'no-reply@claimdesk.test' },
    });
  });
});

describe('the sender check where mail is queued', () => {
  it('refuses another store’s mailbox or address, and an unproven mailbox of its own (409)', async () => {
    const [demoBox] = await t.db.select().from(mailboxes).where(eq(mailboxes.tenantId, 'demo-store'));
    const [ownUnproven] = await t.db.select().from(mailboxes).where(eq(mailboxes.tenantId, 'second-store'));
    const attempts: [number | null, string][] = [
      [demoBox?.id ?? 0, 'support@demo-store.test'],
      [null, 'support@demo-store.test'],
      [ownUnproven?.id ?? 0, ownUnproven?.address ?? ''],
    ];
    for (const [mailboxId, from] of attempts) {
      const queued = forTenant(t.db, 'second-store').transaction((tx) =>
        queueMail(
          tx,
          t.app.deps.files,
          {
            tenantId: 'second-store',
            mailboxId,
            createdBy: 'admin@second-store.test',
            mailLogType: 'customer',
            caseId: null,
            caseNumber: null,
            from: { address: from },
            to: [{ address: 'kari@customer.test' }],
            subject: 'As another',
            text: 'As another',
          },
          { systemSender: 'no-reply@claimdesk.test' },
        ),
      );
      await expect(queued, `${String(mailboxId)} ${from}`).rejects.toMatchObject({ statusCode: 409 });
    }
    const rows = await mailRows(t.db, 'second-store');
    expect(rows.filter((m) => m.subject === 'As another')).toEqual([]);
  });
});

describe('a mail whose sender the store no longer owns', () => {
  it('is not resent once the address went to another store (409)', async () => {
    const old = await adminOfNewStore();
    const box = await createMailbox(t.db, t.app.deps.secrets, {
      tenantId: old.tenantId,
      address: 'moved@shop.test',
      kind: 'forward',
    });
    const sent = await call(t.app, old.session, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: { to: ['kari@customer.test'], subject: 'Before the move', html: '<p>Hi</p>' },
    });
    const mail = sent.json<TMailLog>();
    expect(mail).toMatchObject({ mailboxId: box.id, from: { address: 'moved@shop.test' } });
    await t.db
      .update(mailLogs)
      .set({ sendState: 'failed' })
      .where(and(eq(mailLogs.tenantId, old.tenantId), eq(mailLogs.id, mail.id)));
    await t.db.execute(sql`DELETE FROM mail_outbox WHERE tenant_id = ${old.tenantId}`);
    expect(
      (
        await call(t.app, old.session, {
          method: 'DELETE',
          url: `/v2/api/settings/mailboxes/${String(box.id)}`,
        })
      ).statusCode,
    ).toBe(204);
    const next = await adminOfNewStore();
    await createMailbox(t.db, t.app.deps.secrets, {
      tenantId: next.tenantId,
      address: 'moved@shop.test',
      kind: 'forward',
    });

    const resent = await call(t.app, old.session, {
      method: 'PUT',
      url: `/v2/api/claims/mails/resend/${String(mail.id)}`,
    });
    expect(resent.statusCode, resent.body).toBe(409);
    expect(resent.json<ErrorBody>().message).toMatch(/moved@shop\.test/);
  });
});

describe('an unproven forward mailbox', () => {
  it('receives nothing until its confirmation mail comes back through the forward, which proves it unstored', async () => {
    const { tenantId, session, box, mailed } = await storeWithUnprovenBox('new@forward-shop.test');
    expect(box).toMatchObject({ isVerified: false, verifiedAt: null });
    expect(box.verificationSentAt).not.toBeNull();

    const plain = await refusal(['new@forward-shop.test'], rawMail({ messageId: '<early@customer.test>' }));
    expect(plain).toMatchObject({ responseCode: 550 });
    const guess = await refusal(['new@forward-shop.test'], rawMail({ subject: 'code ABCDEFGH' }));
    expect(guess).toMatchObject({ responseCode: 550 });
    expect(await mailRows(t.db, tenantId)).toHaveLength(0);

    await sendTo(['new@forward-shop.test'], mailed.raw);
    const listed = (await call(t.app, session, { url: '/v2/api/settings/mailboxes' })).json<TMailbox[]>();
    expect(listed[0]).toMatchObject({ isVerified: true, verificationSentAt: null });
    expect(await mailRows(t.db, tenantId)).toHaveLength(0);

    await sendTo(['new@forward-shop.test'], rawMail({ messageId: '<after@customer.test>' }));
    expect((await mailRows(t.db, tenantId)).map((m) => m.messageId)).toEqual(['<after@customer.test>']);
  });

  it('a new address is a new claim: unproven again, with a new code mailed to it', async () => {
    const { tenantId, session, box, mailed } = await storeWithUnprovenBox('first@rename-shop.test');
    expect((await verify(session, box.id, mailed.code)).statusCode).toBe(200);
    const renamed = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${String(box.id)}`,
      body: { address: 'second@rename-shop.test' },
    });
    expect(renamed.json<TMailbox>()).toMatchObject({ address: 'second@rename-shop.test', isVerified: false });
    expect(await confirmationMailCount(t.dataDir, 'second@rename-shop.test')).toBe(1);
    const refused = await refusal(['second@rename-shop.test'], rawMail({ messageId: '<r@customer.test>' }));
    expect(refused).toMatchObject({ responseCode: 550 });
    expect(await mailRows(t.db, tenantId)).toHaveLength(0);
  });

  it('keeps its address while mails from it wait to be sent (409)', async () => {
    const { session, box, mailed } = await storeWithUnprovenBox('busy@rename-shop.test');
    expect((await verify(session, box.id, mailed.code)).statusCode).toBe(200);
    const queued = await call(t.app, session, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: { to: ['kari@customer.test'], subject: 'Waiting', html: '<p>Waiting</p>' },
    });
    expect(queued.json<TMailLog>()).toMatchObject({ sendState: 'pending', mailboxId: box.id });
    const renamed = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${String(box.id)}`,
      body: { address: 'elsewhere@rename-shop.test' },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json<ErrorBody>().fieldErrors).toHaveProperty('address');
    const listed = (await call(t.app, session, { url: '/v2/api/settings/mailboxes' })).json<TMailbox[]>();
    expect(listed[0]).toMatchObject({ address: 'busy@rename-shop.test', isVerified: true });
  });
});

describe('an address change racing a mail being queued', () => {
  it('waits for the mail, then refuses (409): the count sees it', async () => {
    const admin = await adminOfNewStore();
    const box = await createMailbox(t.db, t.app.deps.secrets, {
      tenantId: admin.tenantId,
      address: 'racing@rename-shop.test',
      kind: 'forward',
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isQueued = false;
    const queuing = forTenant(t.db, admin.tenantId).transaction(async (tx) => {
      await queueMail(tx, t.app.deps.files, {
        tenantId: admin.tenantId,
        mailboxId: box.id,
        createdBy: 'admin@rename-shop.test',
        mailLogType: 'customer',
        caseId: null,
        caseNumber: null,
        from: { address: 'racing@rename-shop.test' },
        to: [{ address: 'kari@customer.test' }],
        subject: 'Racing',
        text: 'Racing',
      });
      isQueued = true;
      await held;
    });
    while (!isQueued) await new Promise((r) => setTimeout(r, 10));
    const renaming = call(t.app, admin.session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${String(box.id)}`,
      body: { address: 'raced@rename-shop.test' },
    });
    // The change reaches its lock while the mail's transaction is still open.
    await new Promise((r) => setTimeout(r, 300));
    release();
    await queuing;
    const renamed = await renaming;
    expect(renamed.statusCode, renamed.body).toBe(409);
  });
});

describe('the confirmation code', () => {
  it('refuses a wrong code (400 on code) and takes the one mailed, case and spaces aside', async () => {
    const { session, box, mailed } = await storeWithUnprovenBox('typed@code-shop.test');
    expect(mailed.code).toMatch(/^[A-Z2-9]{8}$/);
    const wrong = await verify(session, box.id, mailed.code === 'ABCDEFGH' ? 'HGFEDCBA' : 'ABCDEFGH');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>().fieldErrors).toHaveProperty('code');
    expect((await verify(session, box.id, 'not a code!')).statusCode).toBe(400);
    const typed = `${mailed.code.slice(0, 4).toLowerCase()} ${mailed.code.slice(4)}`;
    const right = await verify(session, box.id, typed);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<TMailbox>()).toMatchObject({ isVerified: true });
    expect(right.json<TMailbox>().verifiedAt).not.toBeNull();
    // Proven: no code to ask for.
    expect((await askCode(session, box.id)).statusCode).toBe(409);
  });

  it('a new code replaces the old one, at most once a minute (429 with Retry-After)', async () => {
    const { tenantId, session, box, mailed } = await storeWithUnprovenBox('again@code-shop.test');
    const tooSoon = await askCode(session, box.id);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(await confirmationMailCount(t.dataDir, 'again@code-shop.test')).toBe(1);

    await mailedAgo(tenantId, box.id, 61_000);
    const resent = await askCode(session, box.id);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<TSendMailboxVerificationResponse>()).toMatchObject({ sentTo: 'again@code-shop.test' });
    expect(await confirmationMailCount(t.dataDir, 'again@code-shop.test')).toBe(2);
    const fresh = await confirmationMailTo(t.dataDir, 'again@code-shop.test');
    expect(fresh?.code).not.toBe(mailed.code);
    expect((await verify(session, box.id, mailed.code)).statusCode).toBe(400);
    expect((await verify(session, box.id, fresh?.code ?? '')).statusCode).toBe(200);
  });

  it('expires after 24 hours', async () => {
    const { tenantId, session, box, mailed } = await storeWithUnprovenBox('late@code-shop.test');
    await mailedAgo(tenantId, box.id, 24 * 3_600_000 + 60_000);
    const late = await verify(session, box.id, mailed.code);
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorBody>().message).toMatch(/expired/);
    // Nor does the mail prove it any more.
    expect(await refusal(['late@code-shop.test'], mailed.raw)).toMatchObject({ responseCode: 550 });
  });

  it('counts 20 parallel guesses against its limit of 5: then even the right code needs a new one', async () => {
    const { tenantId, session, box, mailed } = await storeWithUnprovenBox('guess@code-shop.test');
    const wrong = mailed.code === 'ABCDEFGH' ? 'HGFEDCBA' : 'ABCDEFGH';
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(session, box.id, wrong)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const right = await verify(session, box.id, mailed.code);
    expect(right.statusCode).toBe(429);
    expect(right.json<ErrorBody>().message).toMatch(/new code/);

    await mailedAgo(tenantId, box.id, 61_000);
    expect((await askCode(session, box.id)).statusCode).toBe(200);
    const fresh = await confirmationMailTo(t.dataDir, 'guess@code-shop.test');
    expect((await verify(session, box.id, fresh?.code ?? '')).statusCode).toBe(200);
  });

  it('is for the store’s administrators on its own mailboxes (404 for another store’s)', async () => {
    const { session, box, mailed } = await storeWithUnprovenBox('mine@code-shop.test');
    const other = await adminOfNewStore();
    expect((await verify(other.session, box.id, mailed.code)).statusCode).toBe(404);
    expect((await askCode(other.session, box.id)).statusCode).toBe(404);
    const listed = (await call(t.app, session, { url: '/v2/api/settings/mailboxes' })).json<TMailbox[]>();
    expect(listed[0]?.isVerified).toBe(false);
  });
});

describe('claims at once', () => {
  it('two stores claiming one free address at the same moment: one 201, one 409, never a 500', async () => {
    const one = await adminOfNewStore();
    const two = await adminOfNewStore();
    const answers = await Promise.all(
      [one, two].map((admin) =>
        createBox(admin.session, { kind: 'forward', address: 'race@free-shop.test' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('a claim its store never proves', () => {
  it('blocks others while its code lives, then gives way to the next claim (its store loses it)', async () => {
    const squatter = await storeWithUnprovenBox('sales@squatted-shop.test');
    const { box } = squatter;
    const owner = await adminOfNewStore();
    expect((await createBox(owner.session, { kind: 'forward', address: box.address })).statusCode).toBe(409);

    await mailedAgo(squatter.tenantId, box.id, 25 * 60 * 60 * 1000);
    const taken = await createBox(owner.session, { kind: 'forward', address: box.address });
    expect(taken.statusCode).toBe(201);
    expect(taken.json<TMailbox>()).toMatchObject({ address: box.address, isVerified: false });
    const left = (await call(t.app, squatter.session, { url: '/v2/api/settings/mailboxes' })).json<
      TMailbox[]
    >();
    expect(left.map((m) => m.address)).not.toContain(box.address);
  });

  it('a lapsed claim of the store’s own is not released by its own second claim (409)', async () => {
    const admin = await storeWithUnprovenBox('own@lapsed-shop.test');
    const { box } = admin;
    await mailedAgo(admin.tenantId, box.id, 25 * 60 * 60 * 1000);
    expect((await createBox(admin.session, { kind: 'forward', address: box.address })).statusCode).toBe(409);
  });

  it('a proven claim is never released, however old', async () => {
    const holder = await storeWithUnprovenBox('kept@proven-shop.test');
    const { box } = holder;
    const other = await adminOfNewStore();
    expect((await verify(holder.session, box.id, holder.mailed.code)).statusCode).toBe(200);
    await t.db
      .update(mailboxes)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(and(eq(mailboxes.tenantId, holder.tenantId), eq(mailboxes.id, box.id)));
    expect((await createBox(other.session, { kind: 'forward', address: box.address })).statusCode).toBe(409);
  });
});

describe('claims waiting for their proof', () => {
  it('a store holds at most five at once: the sixth is refused (409) until one is proven', async () => {
    const admin = await adminOfNewStore();
    const boxes: TMailbox[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const created = await createBox(admin.session, {
        kind: 'forward',
        address: `desk${String(n)}@busy-shop.test`,
      });
      expect(created.statusCode).toBe(201);
      boxes.push(created.json<TMailbox>());
    }
    const sixth = await createBox(admin.session, { kind: 'forward', address: 'desk6@busy-shop.test' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json<ErrorBody>().fieldErrors).toHaveProperty('address');
    expect(await confirmationMailCount(t.dataDir, 'desk6@busy-shop.test')).toBe(0);

    const first = boxes[0];
    if (!first) throw new Error('no mailbox');
    const mailed = await confirmationMailTo(t.dataDir, first.address);
    if (!mailed) throw new Error('no confirmation mail');
    expect((await verify(admin.session, first.id, mailed.code)).statusCode).toBe(200);
    expect(
      (await createBox(admin.session, { kind: 'forward', address: 'desk6@busy-shop.test' })).statusCode,
    ).toBe(201);
  });
});
