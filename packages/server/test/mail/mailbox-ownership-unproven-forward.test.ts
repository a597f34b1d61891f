/**
 * Issue 19 point 1: an address belongs to one store, which proves it before the address
 * receives or sends anything. Through the API, the built-in inbound SMTP receiver on a real port
 * and the confirmation mails the app really wrote (DATA_DIR/mail-out).
 *
 * This file: an unproven forward mailbox receives nothing until its confirmation mail comes back;
 * a new address is a new claim, refused while mails from it wait to be sent, also when the change
 * races a mail being queued. Set-up in mailbox-ownership-setup.ts.
 */
import type { TMailbox, TMailLog } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import { call } from '../helpers/api';
import { createMailbox } from '../helpers/factories';
import { confirmationMailCount } from './confirmation-mail';
import { mailRows, rawMail } from './mail-store';
import {
  adminOfNewStore,
  refusal,
  sendTo,
  setUpOwnershipApp,
  storeWithUnprovenBox,
  t,
  verify,
  type ErrorBody,
} from './mailbox-ownership-setup';

setUpOwnershipApp();
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
