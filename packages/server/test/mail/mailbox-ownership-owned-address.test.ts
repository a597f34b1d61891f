/**
 * Issue 19 point 1: an address belongs to one store, which proves it before the address
 * receives or sends anything. Through the API, the built-in inbound SMTP receiver on a real port
 * and the confirmation mails the app really wrote (DATA_DIR/mail-out).
 *
 * This file: an owned, proven address stays its store's: another store cannot claim it, receive
 * its mail, send or queue as it, nor resend from it once it moved. (The second describe reads the
 * unproven mailbox the first one makes for second-store.) Set-up in mailbox-ownership-setup.ts.
 */
import type { TMailbox, TMailCompose, TMailLog } from '@claimdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { mailboxes, mailLogs } from '../../src/db/schema';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import { call } from '../helpers/api';
import { createMailbox } from '../helpers/factories';
import { mailRows, rawMail } from './mail-store';
import {
  adminOfNewStore,
  createBox,
  demoAdmin,
  secondAdmin,
  sendTo,
  setUpOwnershipApp,
  t,
  type ErrorBody,
} from './mailbox-ownership-setup';

setUpOwnershipApp();
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
