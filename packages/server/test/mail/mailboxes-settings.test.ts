/**
 * Mailbox settings through the API: create, list, update, enable and delete without ever answering
 * the password; refusals of a delete with mails waiting, a taken address, bad settings, a user who
 * is no administrator and another store's mailbox. Set-up in mailboxes-setup.ts.
 */
import type { TMailbox } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { getMailbox } from '../../src/modules/mail/accounts/mailbox.repository';
import { queueMail } from '../../src/modules/mail/outbox/queue-mail.service';
import { call } from '../helpers/api';
import {
  adminOfNewStore,
  create,
  dovecot,
  markProven,
  passwordMailbox,
  setUpMailboxesApp,
  t,
} from './mailboxes-setup';

setUpMailboxesApp();
describe('mailbox settings', () => {
  it('creates, lists, updates and deletes mailboxes without ever answering the password', async () => {
    const { tenantId, session } = await adminOfNewStore();
    const created = await create(session, passwordMailbox());
    expect(created.statusCode).toBe(201);
    const box = created.json<TMailbox>();
    expect(box).toMatchObject({
      address: 'support@shop.test',
      kind: 'imap-password',
      imapFolder: 'INBOX',
      smtpUser: 'support@shop.test',
      hasCredentials: true,
      isEnabled: true,
      state: 'ok',
      isVerified: false,
      verifiedAt: null,
    });
    expect(created.body).not.toContain('imap-pass-1');
    // Sealed at rest, for this store only.
    const row = await getMailbox(forTenant(t.db, tenantId), box.id);
    expect(row?.secretEncrypted).not.toContain('imap-pass-1');
    expect(t.app.deps.secrets.open(tenantId, row?.secretEncrypted ?? '')).toBe('imap-pass-1');

    const forward = await create(session, { kind: 'forward', address: 'claims@shop.test' });
    expect(forward.statusCode).toBe(201);
    expect(forward.json<TMailbox>()).toMatchObject({
      kind: 'forward',
      imapHost: null,
      hasCredentials: false,
    });

    const list = await call(t.app, session, { url: '/v2/api/settings/mailboxes' });
    expect(list.statusCode).toBe(200);
    expect(list.json<TMailbox[]>().map((m) => m.address)).toEqual(['support@shop.test', 'claims@shop.test']);
    expect(list.body).not.toContain('imap-pass-1');

    const updated = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${box.id}`,
      body: { imapFolder: 'Claims', password: 'new-pass' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<TMailbox>()).toMatchObject({ imapFolder: 'Claims', imapHost: dovecot.host });
    const after = await getMailbox(forTenant(t.db, tenantId), box.id);
    expect(t.app.deps.secrets.open(tenantId, after?.secretEncrypted ?? '')).toBe('new-pass');
    expect(after?.updatedAt.getTime()).toBeGreaterThan(row?.updatedAt.getTime() ?? 0);

    const disabled = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${box.id}/enabled`,
      body: { isEnabled: false },
    });
    expect(disabled.json<TMailbox>().isEnabled).toBe(false);

    const deleted = await call(t.app, session, {
      method: 'DELETE',
      url: `/v2/api/settings/mailboxes/${box.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await call(t.app, session, {
      method: 'DELETE',
      url: `/v2/api/settings/mailboxes/${box.id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete a mailbox while its mails wait in the outbox (409)', async () => {
    const { tenantId, session } = await adminOfNewStore();
    const box = (await create(session, passwordMailbox({ address: 'busy@shop.test' }))).json<TMailbox>();
    await markProven(tenantId, box.id);
    await forTenant(t.db, tenantId).transaction((tx) =>
      queueMail(tx, t.app.deps.files, {
        tenantId,
        mailboxId: box.id,
        createdBy: 'staff@shop.test',
        mailLogType: 'customer',
        caseId: null,
        caseNumber: null,
        from: { address: 'busy@shop.test' },
        to: [{ address: 'kari@customer.test' }],
        subject: 'Waiting',
        text: 'Waiting',
      }),
    );
    const refused = await call(t.app, session, {
      method: 'DELETE',
      url: `/v2/api/settings/mailboxes/${box.id}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(await getMailbox(forTenant(t.db, tenantId), box.id)).not.toBeNull();
  });

  it('refuses a second mailbox with the same address (409), in the same store or another', async () => {
    const { session } = await adminOfNewStore();
    expect((await create(session, { kind: 'forward', address: 'one@shop.test' })).statusCode).toBe(201);
    const twice = await create(session, passwordMailbox({ address: 'ONE@shop.test' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('address');
    const other = await create(session, { kind: 'forward', address: 'two@shop.test' });
    const renamed = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${other.json<TMailbox>().id}`,
      body: { address: 'one@shop.test' },
    });
    expect(renamed.statusCode).toBe(409);
    const elsewhere = await adminOfNewStore();
    const taken = await create(elsewhere.session, { kind: 'forward', address: 'one@shop.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('address');
  });

  it('answers 400 with field messages for bad settings', async () => {
    const { session } = await adminOfNewStore();
    const missing = await create(session, passwordMailbox({ imapHost: '', password: undefined }));
    expect(missing.statusCode).toBe(400);
    const fields = missing.json<{ fieldErrors: Record<string, string> }>().fieldErrors;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['imapHost', 'password']));
    expect((await create(session, { kind: 'forward', address: 'not-an-address' })).statusCode).toBe(400);
    expect((await create(session, { kind: 'pigeon', address: 'a@b.test' })).statusCode).toBe(400);
    const port = await create(session, passwordMailbox({ smtpPort: 70000 }));
    expect(port.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('smtpPort');

    const forward = (await create(session, { kind: 'forward', address: 'f@shop.test' })).json<TMailbox>();
    const serverOnForward = await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${forward.id}`,
      body: { imapHost: 'imap.shop.test' },
    });
    expect(serverOnForward.statusCode).toBe(400);
    expect(serverOnForward.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'imapHost',
    );
    const bad = await call(t.app, session, {
      method: 'PUT',
      url: '/v2/api/settings/mailboxes/abc',
      body: {},
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is for administrators: a standard user is refused (403), a super admin is let in', async () => {
    const { session } = await adminOfNewStore(['STANDARD_USER']);
    expect((await call(t.app, session, { url: '/v2/api/settings/mailboxes' })).statusCode).toBe(403);
    expect((await create(session, { kind: 'forward', address: 'x@shop.test' })).statusCode).toBe(403);
    const superAdmin = await adminOfNewStore(['SUPPER_ADMIN_USER']);
    expect((await call(t.app, superAdmin.session, { url: '/v2/api/settings/mailboxes' })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for another store’s mailbox', async () => {
    const a = await adminOfNewStore();
    const b = await adminOfNewStore();
    const box = (await create(a.session, { kind: 'forward', address: 'a@shop.test' })).json<TMailbox>();
    for (const request of [
      {
        method: 'PUT' as const,
        url: `/v2/api/settings/mailboxes/${box.id}`,
        body: { address: 'b@shop.test' },
      },
      {
        method: 'PUT' as const,
        url: `/v2/api/settings/mailboxes/${box.id}/enabled`,
        body: { isEnabled: false },
      },
      { method: 'POST' as const, url: `/v2/api/settings/mailboxes/${box.id}/test` },
      { method: 'DELETE' as const, url: `/v2/api/settings/mailboxes/${box.id}` },
    ]) {
      expect((await call(t.app, b.session, request)).statusCode, request.url).toBe(404);
    }
    expect((await getMailbox(forTenant(t.db, a.tenantId), box.id))?.address).toBe('a@shop.test');
  });
});
