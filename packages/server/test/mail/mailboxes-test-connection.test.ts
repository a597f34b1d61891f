/**
 * Testing a mailbox's connection against a real Dovecot and SMTP receiver: ok, or what failed as a
 * category (wrong password, nothing answering, a missing folder), for saved and unsaved settings;
 * nothing to test for a forward mailbox. Set-up in mailboxes-setup.ts.
 */
import type { TMailbox, TTestMailboxResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { adminOfNewStore, create, passwordMailbox, setUpMailboxesApp, t } from './mailboxes-setup';

setUpMailboxesApp();
describe('test connection', () => {
  it('answers ok for working IMAP and SMTP sign-ins', async () => {
    const { session } = await adminOfNewStore();
    const box = (await create(session, passwordMailbox({ address: 'ok@shop.test' }))).json<TMailbox>();
    const result = await call(t.app, session, {
      method: 'POST',
      url: `/v2/api/settings/mailboxes/${box.id}/test`,
    });
    expect(result.statusCode).toBe(200);
    expect(result.json<TTestMailboxResponse>()).toEqual({
      imap: { isOk: true, error: null },
      smtp: { isOk: true, error: null },
    });
  });

  it('says what failed as a category: a wrong password, a port where nothing answers, a missing folder', async () => {
    const { session } = await adminOfNewStore();
    const wrong = (
      await create(session, passwordMailbox({ address: 'wrong@shop.test', password: 'wrong' }))
    ).json<TMailbox>();
    const result = (
      await call(t.app, session, { method: 'POST', url: `/v2/api/settings/mailboxes/${wrong.id}/test` })
    ).json<TTestMailboxResponse>();
    expect(result).toEqual({
      imap: { isOk: false, error: 'signInRefused' },
      smtp: { isOk: false, error: 'signInRefused' },
    });

    const closed = (
      await create(session, passwordMailbox({ address: 'closed@shop.test', imapPort: 1, smtpPort: 1 }))
    ).json<TMailbox>();
    const refused = (
      await call(t.app, session, { method: 'POST', url: `/v2/api/settings/mailboxes/${closed.id}/test` })
    ).json<TTestMailboxResponse>();
    expect(refused).toEqual({
      imap: { isOk: false, error: 'cannotConnect' },
      smtp: { isOk: false, error: 'cannotConnect' },
    });

    const folder = (
      await create(session, passwordMailbox({ address: 'folder@shop.test', imapFolder: 'Nowhere' }))
    ).json<TMailbox>();
    const noFolder = (
      await call(t.app, session, { method: 'POST', url: `/v2/api/settings/mailboxes/${folder.id}/test` })
    ).json<TTestMailboxResponse>();
    expect(noFolder.imap).toEqual({ isOk: false, error: 'folderMissing' });
  });

  it('checks settings before they are saved, storing nothing', async () => {
    const { session } = await adminOfNewStore();
    const good = await call(t.app, session, {
      method: 'POST',
      url: '/v2/api/settings/mailboxes/test',
      body: passwordMailbox(),
    });
    expect(good.statusCode).toBe(200);
    expect(good.json<TTestMailboxResponse>()).toEqual({
      imap: { isOk: true, error: null },
      smtp: { isOk: true, error: null },
    });
    const wrong = await call(t.app, session, {
      method: 'POST',
      url: '/v2/api/settings/mailboxes/test',
      body: passwordMailbox({ password: 'nope' }),
    });
    expect(wrong.json<TTestMailboxResponse>().imap?.error).toBe('signInRefused');
    const missing = await call(t.app, session, {
      method: 'POST',
      url: '/v2/api/settings/mailboxes/test',
      body: passwordMailbox({ smtpHost: undefined }),
    });
    expect(missing.statusCode).toBe(400);
    expect((await call(t.app, session, { url: '/v2/api/settings/mailboxes' })).json<unknown[]>()).toEqual([]);
  });

  it('answers null for the servers a forward mailbox does not use', async () => {
    const { session } = await adminOfNewStore();
    const box = (await create(session, { kind: 'forward', address: 'fw@shop.test' })).json<TMailbox>();
    const result = await call(t.app, session, {
      method: 'POST',
      url: `/v2/api/settings/mailboxes/${box.id}/test`,
    });
    expect(result.json<TTestMailboxResponse>()).toEqual({ imap: null, smtp: null });
  });
});
