/**
 * The outbox's kept SMTP sessions, with the app's sender (createOutboxSender) and a real
 * smtp-server receiver that counts connections and deliveries: several mails of one mailbox go
 * through one connection, and a mail refused or cut off in a session loses or doubles none of the
 * others.
 *
 * This file: the sender's sign-in to a kept session: XOAUTH2 with the refreshed token, once for
 * all of a mailbox's mails, and a new session when the mailbox sign-in changes. Set-up in
 * outbox-sessions-setup.ts.
 */
import { describe, expect, it } from 'vitest';
import { OutboxWorker } from '../../src/modules/mail/outbox/outbox.worker';
import { createOutboxSender } from '../../src/modules/mail/outbox/outbox-sender';
import { createCase, createMailbox, createStore } from '../helpers/factories';
import { startRecordingSmtp } from '../helpers/recording-smtp';
import {
  fast,
  mailRow,
  queue,
  secrets,
  sender,
  setUpSessionsApp,
  storeWithCase,
  subjects,
  t,
} from './outbox-sessions-setup';

setUpSessionsApp();
describe('outbox sender', () => {
  it('signs a kept session in with XOAUTH2 and the token the refresh gives, once for all of the mailbox mails', async () => {
    const oauth = await startRecordingSmtp({ auth: { user: 'desk@gmail.test', accessToken: 'fresh-token' } });
    try {
      const { tenantId } = await createStore(t.db);
      const mailbox = await createMailbox(t.db, secrets, {
        tenantId,
        address: 'desk@gmail.test',
        kind: 'imap-oauth-google',
        smtpHost: oauth.host,
        smtpPort: oauth.port,
        smtpSecure: false,
        secret: JSON.stringify({ accessToken: 'expired-token' }),
      });
      const caseRow = await createCase(t.db, tenantId, { customerEmail: 'kari@customer.test' });
      const ids = await queue({ tenantId, mailbox, caseRow }, subjects(3, 'OAuth'));
      let refreshes = 0;
      const oauthSender = createOutboxSender({
        secrets,
        refresh: (m) => {
          refreshes += 1;
          return Promise.resolve({
            ...m,
            secretEncrypted: secrets.seal(m.tenantId, JSON.stringify({ accessToken: 'fresh-token' })),
          });
        },
        dataDir: '/nonexistent',
      });
      const w = new OutboxWorker({ db: t.db, files: t.app.deps.files }, oauthSender, fast);
      expect(await w.runOnce()).toBe(3);
      expect(refreshes).toBe(1);
      expect(oauth.count()).toBe(3);
      for (const id of ids.values()) expect((await mailRow(tenantId, id))?.sendState).toBe('sent');
    } finally {
      await oauth.stop();
    }
  });

  it('opens a new session when the mailbox sign-in changes (a new password or token)', async () => {
    const { mailbox } = await storeWithCase();
    const changed = { ...mailbox, secretEncrypted: secrets.seal(mailbox.tenantId, 'new-secret') };
    expect(sender.sessionKey(changed)).not.toBe(sender.sessionKey(mailbox));
    expect(sender.sessionKey({ ...mailbox, lastSendAt: new Date() })).toBe(sender.sessionKey(mailbox));
    expect(sender.sessionKey(null)).toBe('system');
  });
});
