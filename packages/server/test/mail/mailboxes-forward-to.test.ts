/**
 * Where a forward mailbox's mail is to be forwarded to: the inbound receiver as the request reached
 * the server, or INBOUND_SMTP_PUBLIC_HOST and INBOUND_SMTP_PUBLIC_PORT when set. Set-up in
 * mailboxes-setup.ts.
 */
import type { TMailbox } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { call, signIn } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { createTestApp } from '../helpers/test-app';
import { adminOfNewStore, create, passwordMailbox, setUpMailboxesApp, t } from './mailboxes-setup';

setUpMailboxesApp();
describe('where to forward to', () => {
  it('names the inbound receiver as the request reached the server, on INBOUND_SMTP_PORT, for forward mailboxes only', async () => {
    const { session } = await adminOfNewStore();
    const forward = await create(session, { kind: 'forward', address: 'fw-target@shop.test' });
    expect(forward.json<TMailbox>().forwardTo).toEqual({
      host: 'localhost',
      port: t.app.deps.config.INBOUND_SMTP_PORT,
    });
    await create(session, passwordMailbox({ address: 'imap-target@shop.test' }));
    const list = await call(t.app, session, {
      url: '/v2/api/settings/mailboxes',
      headers: { host: 'claims.example.com:8443' },
    });
    expect(list.json<TMailbox[]>().map((m) => [m.address, m.forwardTo])).toEqual([
      ['fw-target@shop.test', { host: 'claims.example.com', port: t.app.deps.config.INBOUND_SMTP_PORT }],
      ['imap-target@shop.test', null],
    ]);
  });

  it('names INBOUND_SMTP_PUBLIC_HOST and INBOUND_SMTP_PUBLIC_PORT when they are set, whatever the request', async () => {
    const other = await createTestApp({
      INBOUND_SMTP_PORT: '2626',
      INBOUND_SMTP_PUBLIC_HOST: 'mx.claimdesk.example',
      INBOUND_SMTP_PUBLIC_PORT: '25',
    });
    try {
      const store = await createStore(other.db);
      const admin = await createUser(other.db, store.tenantId, { roles: ['ADMIN_USER'] });
      const session = await signIn(other.app, admin);
      await call(other.app, session, {
        method: 'POST',
        url: '/v2/api/settings/mailboxes',
        body: { kind: 'forward', address: 'public-target@shop.test' },
      });
      const list = await call(other.app, session, {
        url: '/v2/api/settings/mailboxes',
        headers: { host: 'app.example.com' },
      });
      expect(list.json<TMailbox[]>()[0]?.forwardTo).toEqual({ host: 'mx.claimdesk.example', port: 25 });
    } finally {
      await other.close();
    }
    expect(() => loadConfig({ INBOUND_SMTP_PUBLIC_HOST: 'mx example' })).toThrow(/INBOUND_SMTP_PUBLIC_HOST/);
  });
});
