/**
 * Issue 19 point 1: an address belongs to one store, which proves it before the address
 * receives or sends anything. Through the API, the built-in inbound SMTP receiver on a real port
 * and the confirmation mails the app really wrote (DATA_DIR/mail-out).
 *
 * This file: competing and waiting claims: two stores claiming one address at once, a claim never
 * proven giving way once its code lapsed (not to its own store, never when proven), and at most
 * five claims waiting for their proof. Set-up in mailbox-ownership-setup.ts.
 */
import type { TMailbox } from '@claimdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailboxes } from '../../src/db/schema';
import { call } from '../helpers/api';
import { confirmationMailCount, confirmationMailTo } from './confirmation-mail';
import {
  adminOfNewStore,
  createBox,
  mailedAgo,
  setUpOwnershipApp,
  storeWithUnprovenBox,
  t,
  verify,
  type ErrorBody,
} from './mailbox-ownership-setup';

setUpOwnershipApp();
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
