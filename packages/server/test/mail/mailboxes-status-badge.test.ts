/**
 * The mailbox setup status badge (mail-box-setup-status): true only with an enabled, proven mailbox
 * and none failing; and a corrected password reaching the running fetch job, which clears the
 * failing flag without a restart. Set-up in mailboxes-setup.ts.
 */
import type { TMailbox } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { mailboxes } from '../../src/db/schema';
import { MailFetcher } from '../../src/modules/mail/intake/mail-fetcher.worker';
import { getMailbox, markMailboxFailing } from '../../src/modules/mail/accounts/mailbox.repository';
import { call, signIn } from '../helpers/api';
import { createUser } from '../helpers/factories';
import { mailRows, rawMail } from './mail-store';
import {
  adminOfNewStore,
  create,
  dovecot,
  markProven,
  passwordMailbox,
  setUpMailboxesApp,
  setupStatus,
  t,
  waitUntil,
} from './mailboxes-setup';

setUpMailboxesApp();
describe('mail-box-setup-status', () => {
  it('answers text true only with an enabled mailbox and none failing (before the :option route)', async () => {
    const { tenantId, session } = await adminOfNewStore();
    const none = await setupStatus(session);
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-type']).toMatch(/^text\/plain/);
    expect(none.body).toBe('false');

    const box = (await create(session, { kind: 'forward', address: 'in@shop.test' })).json<TMailbox>();
    // Not before its address is proven: until then it receives and sends nothing.
    expect((await setupStatus(session)).body).toBe('false');
    await markProven(tenantId, box.id);
    expect((await setupStatus(session)).body).toBe('true');

    await markMailboxFailing(forTenant(t.db, tenantId), box.id, 'Sign-in failed');
    expect((await setupStatus(session)).body).toBe('false');

    await t.db.update(mailboxes).set({ state: 'ok' });
    await call(t.app, session, {
      method: 'PUT',
      url: `/v2/api/settings/mailboxes/${box.id}/enabled`,
      body: { isEnabled: false },
    });
    expect((await setupStatus(session)).body).toBe('false');

    // Any password user of the store may read the badge.
    const agent = await signIn(t.app, await createUser(t.db, tenantId, { roles: ['STANDARD_USER'] }));
    expect((await setupStatus(agent)).statusCode).toBe(200);
  });
});

describe('settings changes reach the fetch job', () => {
  it('a corrected password takes effect without a restart, and the failing flag clears', async () => {
    const { tenantId, session } = await adminOfNewStore();
    await dovecot.setUser('fix@shop.test', 'right-pass');
    await dovecot.append('fix@shop.test', [
      rawMail({ messageId: '<fix-1@customer.test>', subject: 'fix 1' }),
    ]);
    const box = (
      await create(
        session,
        passwordMailbox({ address: 'fix@shop.test', imapUser: 'fix@shop.test', password: 'wrong' }),
      )
    ).json<TMailbox>();
    // A long backoff: only the settings change can bring the job back in time.
    const fetcher = new MailFetcher(
      { db: t.db, files: t.app.deps.files, secrets: t.app.deps.secrets },
      { rescanMs: 100, job: { pollMs: 30_000, initialBackoffMs: 60_000, maxBackoffMs: 60_000 } },
    );
    await fetcher.start();
    try {
      // A refused sign-in to a real Dovecot took up to half a minute on a loaded CI machine.
      await waitUntil(
        async () => (await getMailbox(forTenant(t.db, tenantId), box.id))?.state === 'failing',
        45_000,
      );
      expect((await setupStatus(session)).body).toBe('false');
      const fixed = await call(t.app, session, {
        method: 'PUT',
        url: `/v2/api/settings/mailboxes/${box.id}`,
        body: { password: 'right-pass' },
      });
      expect(fixed.statusCode).toBe(200);
      // An IMAP mailbox reads its own server before its address is proven.
      await waitUntil(async () => (await mailRows(t.db, tenantId)).length === 1, 10_000);
      await waitUntil(async () => (await getMailbox(forTenant(t.db, tenantId), box.id))?.state === 'ok');
      await markProven(tenantId, box.id);
      expect((await setupStatus(session)).body).toBe('true');
    } finally {
      await fetcher.stop();
    }
  }, 90_000);
});
