/**
 * Issue 19 point 1: an address belongs to one store, which proves it before the address
 * receives or sends anything. Through the API, the built-in inbound SMTP receiver on a real port
 * and the confirmation mails the app really wrote (DATA_DIR/mail-out).
 *
 * This file: the confirmation code: wrong and right codes, a new code at most once a minute,
 * expiry after 24 hours, the limit on guesses, and only for the store's own mailboxes. Set-up in
 * mailbox-ownership-setup.ts.
 */
import type { TMailbox, TSendMailboxVerificationResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { confirmationMailCount, confirmationMailTo } from './confirmation-mail';
import {
  adminOfNewStore,
  askCode,
  mailedAgo,
  refusal,
  setUpOwnershipApp,
  storeWithUnprovenBox,
  t,
  verify,
  type ErrorBody,
} from './mailbox-ownership-setup';

setUpOwnershipApp();
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
