import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startDovecot,
  startSmtpReceiver,
  type DovecotServer,
  type SmtpReceiver,
} from '../helpers/mail-servers';

describe('mail test servers', () => {
  let dovecot: DovecotServer;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    dovecot = await startDovecot({ 'inbox@harness.test': 'secret-1' });
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await dovecot.stop();
    await smtp.stop();
  });

  it('Dovecot takes appended mail and hands it back over IMAP', async () => {
    const uids = await dovecot.append('inbox@harness.test', [
      'Message-ID: <a@harness.test>\r\nSubject: one\r\n\r\nfirst\r\n',
      'Message-ID: <b@harness.test>\r\nSubject: two\r\n\r\nsecond\r\n',
    ]);
    expect(uids).toEqual([1, 2]);
    const client = await dovecot.connect('inbox@harness.test');
    try {
      const lock = await client.getMailboxLock('INBOX');
      try {
        const subjects: string[] = [];
        for await (const message of client.fetch('1:*', { envelope: true })) {
          subjects.push(message.envelope?.subject ?? '');
        }
        expect(subjects).toEqual(['one', 'two']);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  });

  it('Dovecot refuses a wrong password', async () => {
    await dovecot.setUser('other@harness.test', 'right');
    await expect(dovecot.connect('nobody@harness.test')).rejects.toThrow();
  });

  it('the SMTP receiver records what it accepts and can refuse for a while', async () => {
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    });
    smtp.refuseNext(1);
    await expect(
      transport.sendMail({ from: 'a@harness.test', to: 'b@harness.test', subject: 'refused', text: 'x' }),
    ).rejects.toThrow(/451/);
    await transport.sendMail({ from: 'a@harness.test', to: 'b@harness.test', subject: 'hello', text: 'x' });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['b@harness.test']);
    expect(mail?.raw.toString()).toContain('Subject: hello');
    transport.close();
  });
});
